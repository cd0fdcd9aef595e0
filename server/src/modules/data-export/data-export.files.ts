import { EXPORT_FILES, HearsayExportSchema, LISTEN_FILES, type HearsayExport } from '@hearsay/contracts/data-export';
import { AsyncZipDeflate, Zip, ZipDeflate } from 'fflate';
import { z } from 'zod';
import { spreadsheetCell } from '../../platform/text.ts';
import { htmlToRymMarkup } from './rym-markup.ts';

/**
 * The files of an export, made from the gathered data: the JSON (Hearsay's own format, read back by its import), its
 * JSON Schema, and CSVs other sites read. Ratings are 1–10 in half steps; RateYourMusic's CSV holds whole numbers
 * (1–10 = half stars) and Letterboxd's 0.5–5 stars in half steps, so a 7.5 is written 8 and 4.0 there.
 */

/** RateYourMusic's export header, exactly as its newer export writes it (with its stray spaces), Review Title last. */
export const RYM_HEADER =
  'RYM Album, First Name,Last Name,First Name localized, Last Name localized,Title,Release_Date,Rating,Ownership,Purchase Date,Media Type, Review,Review Title';
export const DIARY_HEADER = 'Date,Name,Artist,Year,Hearsay URI,Rating,Relisten,Listened Date,Note';
export const RATINGS_HEADER = 'Date,Name,Artist,Year,Hearsay URI,Rating';

/** Every cell quoted; a text cell a spreadsheet would run as a formula (`=…`, `+…`, `-…`, `@…`) is written as text. */
const field = (value: string | number | null | undefined) =>
  `"${(typeof value === 'string' ? spreadsheetCell(value) : String(value ?? '')).replace(/"/g, '""')}"`;
const csv = (header: string, rows: (string | number | null)[][]) =>
  [header, ...rows.map((row) => row.map(field).join(','))].join('\r\n') + '\r\n';
/** A rating on RateYourMusic's whole 1–10 (half stars). */
const rymRating = (rating: number) => Math.round(rating);
/** A rating as Letterboxd's stars: 0.5–5 in half steps. */
const stars = (rating: number) => Math.round(rating) / 2;
const day = (moment: string) => moment.slice(0, 10);

/** RateYourMusic's Ownership letters: in the collection, on the wishlist, used to own. */
const RYM_OWNERSHIP = { owned: 'o', wishlist: 'w', used_to_own: 'u' } as const;

/**
 * One line per album rated, reviewed (or with a draft review), owned or on the listen-later list, as RateYourMusic's
 * own export has them.
 */
function rateYourMusicCsv(data: HearsayExport): string {
  type Line = {
    album: HearsayExport['ratings'][number]['album'];
    rating: number | null;
    wishlist: boolean;
    /** RateYourMusic's Ownership letter (o, w, u) and Media Type, from the member's ownership. */
    ownership: string;
    mediaType: string;
    review: string;
    reviewTitle: string;
  };
  const lines = new Map<string, Line>();
  const line = (album: Line['album']) => {
    let found = lines.get(album.id);
    if (!found)
      lines.set(album.id, (found = { album, rating: null, wishlist: false, ownership: '', mediaType: '', review: '', reviewTitle: '' }));
    return found;
  };
  for (const { album, rating } of data.ratings) line(album).rating = rating;
  for (const { album } of data.listenLater) line(album).wishlist = true;
  for (const { album, status, mediaType } of data.ownership) {
    const found = line(album);
    found.ownership = RYM_OWNERSHIP[status];
    found.mediaType = mediaType ?? '';
  }
  // A draft (an imported text too short to publish) goes back where it came from, unless a review took its place.
  for (const draft of data.reviewDrafts) {
    const found = line(draft.album);
    found.review = htmlToRymMarkup(draft.html);
    found.reviewTitle = draft.title;
  }
  for (const review of data.reviews) {
    const found = line(review.album);
    found.review = htmlToRymMarkup(review.html);
    found.reviewTitle = review.title;
    found.rating ??= review.rating;
  }
  const rows = [...lines.values()]
    .sort((a, b) => a.album.artist.localeCompare(b.album.artist) || a.album.title.localeCompare(b.album.title))
    .map(({ album, rating, wishlist, ownership, mediaType, review, reviewTitle }) => [
      // RateYourMusic's id where the album came from a RateYourMusic import, else blank: never an id of ours, which
      // would mean another album there. Hearsay's import finds a line without one by its artist, title and year.
      album.rymId ?? '',
      '',
      album.artist,
      '',
      '',
      album.title,
      album.year,
      rating === null ? '' : rymRating(rating),
      ownership || (wishlist ? 'w' : ''),
      '',
      mediaType,
      review,
      reviewTitle,
    ]);
  return csv(RYM_HEADER, rows);
}

/** The journal as a Letterboxd-style diary: one line per listen, oldest first; a second listen of an album is a relisten. */
function diaryCsv(data: HearsayExport): string {
  const heard = new Set<string>();
  const rows = [...data.journal]
    .sort((a, b) => a.listenedOn.localeCompare(b.listenedOn) || a.createdAt.localeCompare(b.createdAt))
    .map((entry) => {
      const relisten = heard.has(entry.album.id);
      heard.add(entry.album.id);
      return [
        day(entry.createdAt),
        entry.album.title,
        entry.album.artist,
        entry.album.year,
        entry.album.url,
        entry.rating === null ? '' : stars(entry.rating),
        relisten ? 'Yes' : '',
        entry.listenedOn,
        entry.note ?? '',
      ];
    });
  return csv(DIARY_HEADER, rows);
}

/** Every rating, Letterboxd-style. */
function ratingsCsv(data: HearsayExport): string {
  const rows = [...data.ratings]
    .sort((a, b) => a.ratedAt.localeCompare(b.ratedAt))
    .map(({ album, rating, ratedAt }) => [day(ratedAt), album.title, album.artist, album.year, album.url, stars(rating)]);
  return csv(RATINGS_HEADER, rows);
}

const README = (data: HearsayExport) => `Your data from Hearsay (${data.site}), exported ${data.exportedAt}.

${EXPORT_FILES.json}
  Everything of yours: profile, settings, ratings, reviews (HTML and plain text), draft reviews, comments, likes,
  listen-later list, favourite albums, collections (with notes, in order), journal, and who you follow and who
  follows you.
  Hearsay's import (Settings → Import, or during sign-up) reads this file, or this whole ZIP, back.
${EXPORT_FILES.schema}
  The JSON Schema of ${EXPORT_FILES.json} (format "${data.format}", version ${data.version}).
${EXPORT_FILES.rym}
  Your ratings, reviews and listen-later list in RateYourMusic's export format, which other sites import.
  Ratings there are whole numbers 1–10 (half stars): a 7.5 on Hearsay is written 8. The first column holds
  the RateYourMusic album id where the rating came from a RateYourMusic import, and is blank otherwise;
  reviews keep their bold, italic and links in RateYourMusic's markup ([b], [i], [url=…]).
  In every CSV, a cell that a spreadsheet would take for a formula (beginning with =, +, -, @) starts with
  a ' so that it is shown as text; Hearsay's import takes that ' off again.
${EXPORT_FILES.diary}
  Your journal as a Letterboxd-style diary (ratings as 0.5–5 stars).
${EXPORT_FILES.ratings}
  Your ratings, Letterboxd-style (0.5–5 stars).
${LISTEN_FILES}
  Every track you played (${data.listens?.count ?? 0}), one file per month (UTC), one listen per line in
  ListenBrainz's export format: listened_at (seconds since 1970) and track_metadata (artist_name,
  track_name, release_name, additional_info with the MusicBrainz ids, duration_ms and the player).
  Hearsay's import reads them back with the rest of this ZIP; ListenBrainz's importers read them too.
`;

/** The JSON Schema of the export, as shipped in every ZIP and in docs/DATA-EXPORT.md. */
function exportJsonSchema(): string {
  return JSON.stringify(z.toJSONSchema(HearsayExportSchema, { io: 'output' }), null, 2);
}

/** A listen as the listens module gives it for an export. */
export interface ExportedListen {
  listened_at: number;
  track_name: string;
  artist_name: string;
  release_name: string | null;
  duration_ms: number | null;
  recording_mbid: string | null;
  release_mbid: string | null;
  release_group_mbid: string | null;
  /** A JSON array, or null. */
  artist_mbids: string | null;
  /** The submitted `additional_info` as JSON, or null. */
  additional_info: string | null;
  client: string | null;
}

/** One line of `listens/<year>/<month>.jsonl`. */
export interface ListenLine {
  listened_at: number;
  track_metadata: {
    artist_name: string;
    track_name: string;
    release_name: string | null;
    additional_info: Record<string, unknown>;
  };
}

/** A listen in ListenBrainz's export format: what was submitted, with what is known of it in `additional_info`. */
export function listenLine(row: ExportedListen): ListenLine {
  const info: Record<string, unknown> = row.additional_info ? (JSON.parse(row.additional_info) as Record<string, unknown>) : {};
  const known = {
    duration_ms: row.duration_ms === null ? null : Number(row.duration_ms),
    recording_mbid: row.recording_mbid,
    release_mbid: row.release_mbid,
    release_group_mbid: row.release_group_mbid,
    artist_mbids: row.artist_mbids ? (JSON.parse(row.artist_mbids) as string[]) : null,
    // The player's name and version as the listen kept them, where what was submitted does not name it.
    submission_client: info.submission_client ?? row.client,
  };
  for (const [key, value] of Object.entries(known)) if (value !== null && value !== undefined) info[key] = value;
  return {
    listened_at: row.listened_at,
    track_metadata: { artist_name: row.artist_name, track_name: row.track_name, release_name: row.release_name, additional_info: info },
  };
}

/** The file of a listen: `listens/<year>/<month>.jsonl`, by its time in UTC, the month unpadded. */
export function listenFile(listenedAt: number): string {
  const moment = new Date(listenedAt * 1000);
  return `listens/${moment.getUTCFullYear()}/${moment.getUTCMonth() + 1}.jsonl`;
}

async function* noListens(): AsyncGenerator<ListenLine[]> {}

/**
 * The ZIP. The fixed files are compressed off the event loop (in worker threads); the listens come a page at a time,
 * in order of time, each page compressed into its month's file as it comes, so that they are never held together.
 */
export async function zipExport(data: HearsayExport, listenPages: AsyncIterable<ListenLine[]> = noListens()): Promise<Buffer> {
  const encode = (text: string) => new TextEncoder().encode(text);
  const chunks: Uint8Array[] = [];
  let written!: () => void;
  let failed!: (error: Error) => void;
  const done = new Promise<void>((resolve, reject) => {
    written = resolve;
    failed = reject;
  });
  const archive = new Zip((error, chunk, final) => {
    if (error) return failed(error);
    chunks.push(chunk);
    if (final) written();
  });
  const mtime = new Date(data.exportedAt);
  const files = {
    [EXPORT_FILES.readme]: encode(README(data)),
    [EXPORT_FILES.json]: encode(JSON.stringify(data, null, 2)),
    [EXPORT_FILES.schema]: encode(exportJsonSchema()),
    [EXPORT_FILES.rym]: encode(rateYourMusicCsv(data)),
    [EXPORT_FILES.diary]: encode(diaryCsv(data)),
    [EXPORT_FILES.ratings]: encode(ratingsCsv(data)),
  };
  for (const [name, bytes] of Object.entries(files)) {
    const file = new AsyncZipDeflate(name, { level: 6 });
    file.mtime = mtime;
    archive.add(file);
    file.push(bytes, true);
  }
  let month = null as { name: string; file: ZipDeflate } | null;
  for await (const page of listenPages) {
    let lines = '';
    for (const listen of page) {
      const name = listenFile(listen.listened_at);
      if (month?.name !== name) {
        month?.file.push(encode(lines), true);
        lines = '';
        month = { name, file: new ZipDeflate(name, { level: 6 }) };
        month.file.mtime = mtime;
        archive.add(month.file);
      }
      lines += `${JSON.stringify(listen)}\n`;
    }
    month?.file.push(encode(lines));
  }
  month?.file.push(new Uint8Array(0), true);
  archive.end();
  await done;
  return Buffer.concat(chunks);
}
