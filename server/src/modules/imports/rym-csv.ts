import { parse } from 'csv-parse/sync';
import { decodeHTML } from 'entities';
import { badRequest } from '../../platform/errors.ts';
import { bbcodeToText } from './bbcode.ts';

/** One album line of a RateYourMusic export, cleaned up. */
export interface RymRow {
  /** Line in the file (the header is line 1), for the summary. */
  line: number;
  rymId: string;
  /** The artist as written, then other spellings to match by (romanisation, localized name). */
  artistNames: string[];
  titles: string[];
  year: number | null;
  /** 1–10, or null when unrated (RateYourMusic writes 0). */
  rating: number | null;
  /** Ownership "w": on the wishlist, which Hearsay calls listen later. */
  wishlist: boolean;
  review: { title: string; text: string } | null;
  /** Why the row cannot be imported at all, if it cannot. */
  problem: string | null;
}

const REQUIRED = ['rym album', 'first name', 'last name', 'first name localized', 'last name localized', 'title', 'release_date', 'rating'];

/**
 * Reads both export layouts: the 12-column one and the newer one with `Review Title` after ` Review`. What real
 * exports do is tolerated: a byte-order mark, header names with leading spaces, every field quoted, spaces before a
 * quoted field, CRLF or LF, HTML entities in any field, BBCode in reviews.
 */
export function parseRymExport(text: string): RymRow[] {
  let records: string[][];
  try {
    records = parse(text.replace(/^\uFEFF/, ''), {
      bom: true,
      ltrim: true,
      rtrim: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
    }) as string[][];
  } catch (error) {
    throw badRequest('invalid_csv', `This file could not be read as CSV: ${(error as Error).message}`);
  }
  const [header, ...rows] = records;
  const columns = (header ?? []).map((name) => name.trim().toLowerCase());
  const missing = REQUIRED.filter((name) => !columns.includes(name));
  if (!header || missing.length) {
    throw badRequest(
      'not_a_rym_export',
      'This does not look like a RateYourMusic export: the first line should be its header (RYM Album, First Name, Last Name, …, Title, Release_Date, Rating…).',
    );
  }
  const at = (row: string[], name: string) => {
    const index = columns.indexOf(name);
    return index >= 0 ? decodeHTML(row[index] ?? '').trim() : '';
  };

  return rows.map((row, index) => {
    const line = index + 2;
    const first = at(row, 'first name');
    const last = at(row, 'last name');
    const localized = [at(row, 'first name localized'), at(row, 'last name localized')].filter(Boolean).join(' ');
    const artistNames = nameVariants([first, last].filter(Boolean).join(' '), localized);
    const titles = nameVariants(at(row, 'title'), '');
    const year = /^\d{4}/.test(at(row, 'release_date')) ? Number(at(row, 'release_date').slice(0, 4)) : null;
    const ratingText = at(row, 'rating');
    const ratingNumber = ratingText === '' ? 0 : Number(ratingText);
    const reviewText = bbcodeToText(at(row, 'review'));
    let problem: string | null = null;
    if (!at(row, 'rym album')) problem = 'No RateYourMusic album id';
    else if (!artistNames.length) problem = 'No artist';
    else if (!titles.length) problem = 'No title';
    else if (!Number.isInteger(ratingNumber) || ratingNumber < 0 || ratingNumber > 10) problem = `Rating "${ratingText}" is not 0 to 10`;
    return {
      line,
      rymId: at(row, 'rym album'),
      artistNames,
      titles,
      year,
      rating: problem || ratingNumber === 0 ? null : ratingNumber,
      wishlist: at(row, 'ownership').toLowerCase() === 'w',
      review: reviewText ? { title: at(row, 'review title'), text: reviewText } : null,
      problem,
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
