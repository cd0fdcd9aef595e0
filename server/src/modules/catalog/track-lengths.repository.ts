import type { DB } from '../../platform/db/index.ts';

/** Ids per statement: well under SQLite's limit of bound values. */
const IDS_PER_STATEMENT = 500;

/** The tracks of these albums that have a length: title and length in milliseconds. */
export async function trackLengths(db: DB, albumIds: readonly string[]) {
  const rows: { album_id: string; title: string; duration_ms: number | null }[] = [];
  for (let start = 0; start < albumIds.length; start += IDS_PER_STATEMENT) {
    rows.push(
      ...(await db
        .selectFrom('track')
        .select(['album_id', 'title', 'duration_ms'])
        .where('album_id', 'in', albumIds.slice(start, start + IDS_PER_STATEMENT))
        .where('duration_ms', 'is not', null)
        .execute()),
    );
  }
  return rows.map((row) => ({ albumId: row.album_id, title: row.title, durationMs: Number(row.duration_ms) }));
}
