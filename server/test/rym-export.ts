const HEADER =
  'RYM Album, First Name,Last Name,First Name localized, Last Name localized,Title,Release_Date,Rating,Ownership,Purchase Date,Media Type, Review,Review Title';

const REVIEW =
  'Side one builds slowly, side two pays it off. The [b]rhythm section[/b] carries the quiet songs and the loud ones, and the last track &amp; its long fade still lands.';

export interface ExportedAlbum {
  artist: string;
  title: string;
  year: number | null;
}

/**
 * A RateYourMusic export in the 13-column layout: ratings 1–10 with every seventh row unrated, every fifth on the
 * wishlist, the rated ones owned on CD, every third with a review long enough to publish. Rows name `albums` in turn when given (albums the
 * catalog has), else made-up albums, so that every row adds one. Stops at `rows` rows or before passing
 * `maxBytes`, whichever comes first.
 */
export function rymExport(options: { rows?: number; maxBytes?: number; prefix?: string; albums?: readonly ExportedAlbum[] }): string {
  const { rows = Number.POSITIVE_INFINITY, maxBytes = Number.POSITIVE_INFINITY, prefix = 'Generated', albums = [] } = options;
  const lines = [HEADER];
  let bytes = HEADER.length + 1;
  for (let index = 0; index < rows; index++) {
    const rating = index % 7 === 0 ? 0 : 1 + (index % 10);
    const review = index % 3 === 0 ? `${REVIEW} Listened to it ${index} times.` : '';
    const album = albums.length
      ? albums[index % albums.length]!
      : { artist: `${prefix} Artist ${Math.floor(index / 4)}`, title: `${prefix} Album ${index}`, year: 1960 + (index % 60) };
    const line = [
      `${900_000 + index}`,
      '',
      album.artist,
      '',
      '',
      album.title,
      album.year === null ? '' : `${album.year}`,
      `${rating}`,
      // On the wishlist, else in the collection (on CD) but for the unrated rows, which are neither.
      index % 5 === 0 ? 'w' : index % 7 === 0 ? '' : 'o',
      '',
      index % 5 !== 0 && index % 7 === 0 ? '' : 'CD',
      review,
      review ? `Notes ${index}` : '',
    ]
      .map((field) => `"${field.replace(/"/g, '""')}"`)
      .join(',');
    bytes += Buffer.byteLength(line) + 1;
    if (bytes > maxBytes) break;
    lines.push(line);
  }
  return `${lines.join('\n')}\n`;
}
