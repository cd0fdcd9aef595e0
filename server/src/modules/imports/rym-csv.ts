import { ALBUM_TITLE_MAX, ARTIST_CREDIT_MAX } from '@hearsay/contracts/catalog';
import { MEDIA_TYPE_MAX, type OwnershipStatus } from '@hearsay/contracts/library';
import { parse, type Info } from 'csv-parse/sync';
import { decodeHTML } from 'entities';
import { badRequest } from '../../platform/errors.ts';
import { createHash } from 'node:crypto';
import { fromSpreadsheetCell, matchKey, textTooLong } from '../../platform/text.ts';
import { bbcodeToHtml, bbcodeToText } from './bbcode.ts';

/** One album line of a RateYourMusic export, cleaned up. */
export interface RymRow {
  /** Line in the file (the header is line 1), for the summary. */
  line: number;
  /**
   * The RateYourMusic album id; for a row without one (a Hearsay export's line for an album not rated on
   * RateYourMusic), a key of its artist, title and year, starting with `~` so that it is never taken for an id.
   */
  rymId: string;
  /** The artist as written, then other spellings to match by (romanisation, localized name). */
  artistNames: string[];
  /**
   * The credited artists: several only where the export joins them with " / " (a collaboration); a comma belongs to
   * the name ("Does It Offend You, Yeah?"). Each with its other spellings: "Кино [Kino]", or the localized columns.
   */
  credits: { name: string; aliases: string[] }[];
  titles: string[];
  year: number | null;
  /** 1–10, or null when unrated (RateYourMusic writes 0). */
  rating: number | null;
  /** Ownership "w": on the wishlist, which Hearsay also puts on the listen-later list. */
  wishlist: boolean;
  /** Ownership o, w or u as Hearsay keeps it (decision 079); n or blank: null. */
  ownership: OwnershipStatus | null;
  /** Media Type as RateYourMusic wrote it ("CD", "Vinyl", "Digital"…), up to MEDIA_TYPE_MAX characters. */
  mediaType: string | null;
  /** The text as plain text (what the import remembers) and as HTML with its formatting (what is published or drafted). */
  review: { title: string; text: string; html: string } | null;
  /** Why the row cannot be imported at all, if it cannot. */
  problem: string | null;
}

/** RateYourMusic's Ownership letters: in the collection, on the wishlist, used to own ("n", not catalogued, or blank: none). */
const OWNERSHIP: Record<string, OwnershipStatus | undefined> = { o: 'owned', w: 'wishlist', u: 'used_to_own' };

/** RateYourMusic album ids are short numbers; anything longer is not one. */
const RYM_ID_MAX = 40;

const REQUIRED = ['rym album', 'first name', 'last name', 'first name localized', 'last name localized', 'title', 'release_date', 'rating'];

/**
 * Every read tolerates what real exports do: a byte-order mark, header names with leading spaces, every field
 * quoted, spaces before a quoted field, CRLF or LF. Both layouts are read: the 12-column one and the newer one with
 * `Review Title` after ` Review`.
 */
const CSV_OPTIONS = { bom: true, ltrim: true, rtrim: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true };

/** A header longer than this is not a RateYourMusic one; the check at upload reads no further. */
const HEADER_MAX_BYTES = 64 * 1024;

/** Where reading an export stands: the byte offset of the next row, and how many rows come before it. */
export interface RymCursor {
  offset: number;
  rows: number;
}

/**
 * Up to `limit` records from byte `offset` on, and the offset just past the last one. A file is read in such
 * slices, each as long as the caller can afford without holding up other requests.
 */
function readRecords(bytes: Buffer, offset: number, limit: number): { records: string[][]; offset: number } {
  let read: { record: string[]; info: Info }[];
  try {
    // With `info`, each record comes with the byte offset where it ends; the library's types do not say so.
    read = parse(bytes.subarray(offset), { ...CSV_OPTIONS, to: limit, info: true }) as unknown as typeof read;
  } catch (error) {
    // The parser counts lines from the start of the slice; the person needs the line in the file.
    const before = countByte(bytes, 0x0a, 0, offset);
    const message = (error as Error).message.replace(/at line (\d+)/, (_match, line: string) => `at line ${before + Number(line)}`);
    throw badRequest('invalid_csv', { detail: message });
  }
  return { records: read.map((entry) => entry.record), offset: offset + (read.at(-1)?.info.bytes ?? 0) };
}

function countByte(bytes: Buffer, byte: number, from: number, to: number): number {
  let count = 0;
  for (let at = bytes.indexOf(byte, from); at !== -1 && at < to; at = bytes.indexOf(byte, at + 1)) count++;
  return count;
}

/** Bytes a text file does not hold: NUL and the control characters but tab, line feed, form feed, carriage return. */
const isControl = (byte: number) => byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d;

/**
 * The uploaded file as UTF-8, which the rest of the import reads. A UTF-16 export (a spreadsheet saved it so),
 * little- or big-endian, with or without a byte-order mark, is decoded; a file that is not text at all (a picture,
 * an archive, random bytes) is refused in plain words rather than with what the CSV parser makes of it.
 */
export function rymFileAsUtf8(bytes: Buffer): Buffer {
  let text = bytes;
  const le =
    (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes.length > 3 && bytes[0] !== 0 && bytes[1] === 0 && bytes[2] !== 0 && bytes[3] === 0);
  const be =
    (bytes[0] === 0xfe && bytes[1] === 0xff) || (bytes.length > 3 && bytes[0] === 0 && bytes[1] !== 0 && bytes[2] === 0 && bytes[3] !== 0);
  if (le || be) {
    const even = Buffer.from(bytes.subarray(0, bytes.length - (bytes.length % 2)));
    if (be) even.swap16();
    text = Buffer.from(new TextDecoder('utf-16le').decode(even), 'utf8');
  }
  // No text holds a NUL; the header line holds no control character either (a review further down might).
  const head = text.subarray(0, HEADER_MAX_BYTES);
  const firstLine = head.subarray(0, head.indexOf(0x0a) === -1 ? head.length : head.indexOf(0x0a));
  if (head.includes(0) || firstLine.some(isControl)) throw badRequest('not_a_rym_export', { context: 'not_text' });
  return text;
}

/** Reads the first line only, which must be a RateYourMusic export's header: its columns and where the rows start. */
export function readRymHeader(bytes: Buffer): { columns: string[]; rowsStart: number } {
  let read: { records: string[][]; offset: number };
  try {
    read = readRecords(bytes.subarray(0, HEADER_MAX_BYTES), 0, 1);
  } catch {
    throw badRequest('not_a_rym_export', { context: 'not_text' });
  }
  const { records, offset } = read;
  const header = records[0];
  const columns = (header ?? []).map((name) => name.trim().toLowerCase());
  const missing = REQUIRED.filter((name) => !columns.includes(name));
  if (!header || missing.length) {
    throw badRequest('not_a_rym_export');
  }
  return { columns, rowsStart: offset };
}

/** The number of rows guessed from line breaks without reading the file (a review may span several lines). */
export function estimateRymRows(bytes: Buffer, rowsStart: number): number {
  const unterminated = bytes.length > rowsStart && bytes[bytes.length - 1] !== 0x0a ? 1 : 0;
  return countByte(bytes, 0x0a, rowsStart, bytes.length) + unterminated;
}

/** Counts up to `limit` rows from `from` on, to know the total before importing any. */
export function countRymRows(bytes: Buffer, from: RymCursor, limit: number): RymCursor {
  const { records, offset } = readRecords(bytes, from.offset, limit);
  return { offset, rows: from.rows + records.length };
}

/** Reads up to `limit` rows from `from` on, cleaned up: HTML entities decoded in every field, BBCode in reviews turned to text. */
export function readRymRows(
  bytes: Buffer,
  columns: readonly string[],
  from: RymCursor,
  limit: number,
): { rows: RymRow[]; next: RymCursor } {
  const { records, offset } = readRecords(bytes, from.offset, limit);
  const at = (row: string[], name: string) => {
    const index = columns.indexOf(name);
    // A cell our own export wrote as text with a quote (data-export.files.ts) comes back as it was.
    return index >= 0 ? fromSpreadsheetCell(decodeHTML(row[index] ?? '').trim()) : '';
  };

  const rows = records.map((row, index) => {
    const line = from.rows + index + 2;
    const first = at(row, 'first name');
    const last = at(row, 'last name');
    const localized = [at(row, 'first name localized'), at(row, 'last name localized')].filter(Boolean).join(' ');
    const credits = artistCredits([first, last].filter(Boolean).join(' '), localized);
    const artistNames = [
      ...new Set(
        [
          credits.map((credit) => credit.name).join(' / '),
          credits.map((credit) => credit.aliases[0] ?? credit.name).join(' / '),
          localized,
        ].filter(Boolean),
      ),
    ];
    const titles = nameVariants(at(row, 'title'), '');
    const year = /^\d{4}/.test(at(row, 'release_date')) ? Number(at(row, 'release_date').slice(0, 4)) : null;
    const ratingText = at(row, 'rating');
    const ratingNumber = ratingText === '' ? 0 : Number(ratingText);
    const reviewText = bbcodeToText(at(row, 'review'));
    const rymId = at(row, 'rym album');
    let problem: string | null = null;
    if (rymId.length > RYM_ID_MAX) problem = 'The RateYourMusic album id is too long';
    else if (!credits.length) problem = 'No artist';
    else if (!titles.length) problem = 'No title';
    else if (artistNames.some((name) => name.length > ARTIST_CREDIT_MAX)) problem = textTooLong('The artist', ARTIST_CREDIT_MAX);
    else if (titles.some((title) => title.length > ALBUM_TITLE_MAX)) problem = textTooLong('The title', ALBUM_TITLE_MAX);
    else if (!Number.isInteger(ratingNumber) || ratingNumber < 0 || ratingNumber > 10) problem = `Rating "${ratingText}" is not 0 to 10`;
    return {
      line,
      rymId: rymId || albumKey(artistNames[0] ?? '', titles[0] ?? '', year),
      artistNames,
      credits,
      titles,
      year,
      rating: problem || ratingNumber === 0 ? null : ratingNumber,
      wishlist: at(row, 'ownership').toLowerCase() === 'w',
      ownership: OWNERSHIP[at(row, 'ownership').toLowerCase()] ?? null,
      mediaType: at(row, 'media type').slice(0, MEDIA_TYPE_MAX).trim() || null,
      review: reviewText ? { title: at(row, 'review title'), text: reviewText, html: bbcodeToHtml(at(row, 'review')) } : null,
      problem,
    };
  });
  return { rows, next: { offset, rows: from.rows + rows.length } };
}

/** A row without a RateYourMusic id is remembered by its album: the same line imported again changes nothing. */
const albumKey = (artist: string, title: string, year: number | null) =>
  `~${createHash('sha256')
    .update(`${matchKey(artist)}|${matchKey(title)}|${year ?? ''}`)
    .digest('hex')
    .slice(0, 32)}`;

/**
 * The artists of a credit as the export writes it: " / " joins the artists of a collaboration, and "[…]" after a
 * name is its romanisation. The localized columns spell the whole credit again (as one artist's alias, or artist by
 * artist when they name as many).
 */
function artistCredits(credit: string, localized: string): { name: string; aliases: string[] }[] {
  const parts = credit.split(/\s+\/\s+/).filter((part) => part.trim());
  const localizedParts = localized.split(/\s+\/\s+/).filter((part) => part.trim());
  return parts.map((part, index) => {
    const [name, ...aliases] = nameVariants(part, '');
    const spelled = parts.length === 1 ? localized : localizedParts.length === parts.length ? localizedParts[index]! : '';
    return {
      name: name!,
      aliases: [...new Set([...aliases, ...(spelled ? nameVariants(spelled, '') : [])])].filter((alias) => alias !== name),
    };
  });
}

/**
 * "Кино [Kino]" → Кино, Kino; a native name with its romanisation in the localized column → both. The name as
 * written comes first: it is what a new catalog entry is called.
 */
function nameVariants(name: string, localized: string): string[] {
  const variants: string[] = [];
  const bracketed = /^(.*?)\s*\[([^\]]+)\]\s*$/.exec(name);
  if (bracketed?.[1]) variants.push(bracketed[1].trim(), bracketed[2]!.trim());
  else if (name) variants.push(name);
  if (localized) variants.push(localized);
  return [...new Set(variants.filter(Boolean))];
}
