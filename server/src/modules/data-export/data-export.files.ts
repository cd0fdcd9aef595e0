import { EXPORT_FILES, HearsayExportSchema, type HearsayExport } from '@hearsay/contracts/data-export';
import { zip } from 'fflate';
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

/** One line per album rated, reviewed (or with a draft review) or on the listen-later list, as RateYourMusic's own export has them. */
function rateYourMusicCsv(data: HearsayExport): string {
  type Line = {
    album: HearsayExport['ratings'][number]['album'];
    rating: number | null;
    wishlist: boolean;
    review: string;
    reviewTitle: string;
  };
  const lines = new Map<string, Line>();
  const line = (album: Line['album']) => {
    let found = lines.get(album.id);
    if (!found) lines.set(album.id, (found = { album, rating: null, wishlist: false, review: '', reviewTitle: '' }));
    return found;
  };
  for (const { album, rating } of data.ratings) line(album).rating = rating;
  for (const { album } of data.listenLater) line(album).wishlist = true;
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
    .map(({ album, rating, wishlist, review, reviewTitle }) => [
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
      wishlist ? 'w' : '',
      '',
      '',
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
  listen-later list, collections (with notes, in order), journal, and who you follow and who follows you.
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
`;

/** The JSON Schema of the export, as shipped in every ZIP and in docs/DATA-EXPORT.md. */
function exportJsonSchema(): string {
  return JSON.stringify(z.toJSONSchema(HearsayExportSchema, { io: 'output' }), null, 2);
}

/** The ZIP, compressed off the event loop (fflate's asynchronous zip runs in worker threads). */
export function zipExport(data: HearsayExport): Promise<Buffer> {
  const encode = (text: string) => new TextEncoder().encode(text);
  const files = {
    [EXPORT_FILES.readme]: encode(README(data)),
    [EXPORT_FILES.json]: encode(JSON.stringify(data, null, 2)),
    [EXPORT_FILES.schema]: encode(exportJsonSchema()),
    [EXPORT_FILES.rym]: encode(rateYourMusicCsv(data)),
    [EXPORT_FILES.diary]: encode(diaryCsv(data)),
    [EXPORT_FILES.ratings]: encode(ratingsCsv(data)),
  };
  const mtime = new Date(data.exportedAt);
  return new Promise((resolve, reject) =>
    zip(files, { level: 6, mtime }, (error, bytes) => (error ? reject(error) : resolve(Buffer.from(bytes)))),
  );
}
