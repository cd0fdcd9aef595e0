import type { DB } from '../../platform/db/index.ts';

/** An album's tracks as other modules ask for them (decision 078: track ratings), and the totals of their ratings. */

/** A change of one person's rating of a track: from a value or none (null) to a value or none. */
export interface TrackRatingChange {
  from: number | null;
  to: number | null;
}

/**
 * Moves a track's rating count and sum from one rating of a person to another in one statement, so concurrent
 * changes stay exact; the totals after (undefined: no such track).
 */
export async function moveTrackRatingTotals(db: DB, trackId: string, change: TrackRatingChange) {
  const count = (change.to === null ? 0 : 1) - (change.from === null ? 0 : 1);
  const sum = (change.to ?? 0) - (change.from ?? 0);
  const row = await db
    .updateTable('track')
    .set((eb) => ({ rating_count: eb('rating_count', '+', count), rating_sum: eb('rating_sum', '+', sum) }))
    .where('id', '=', trackId)
    .returning(['rating_count', 'rating_sum'])
    .executeTakeFirst();
  return row ? { count: Number(row.rating_count), sum: Number(row.rating_sum) } : undefined;
}

/** Writes tracks' rating count and sum as counted from their ratings, in the caller's transaction. */
export async function writeTrackRatingTotals(db: DB, totals: readonly { trackId: string; count: number; sum: number }[]) {
  for (const total of totals) {
    await db.updateTable('track').set({ rating_count: total.count, rating_sum: total.sum }).where('id', '=', total.trackId).execute();
  }
}

/** The album's track with this id (undefined: no such track on this album). */
export async function albumTrack(db: DB, albumId: string, trackId: string) {
  return db
    .selectFrom('track')
    .select(['id', 'rating_count', 'rating_sum'])
    .where('id', '=', trackId)
    .where('album_id', '=', albumId)
    .executeTakeFirst();
}

/** An album's tracks in order (an import matching a track by disc and position, else title). */
export async function albumTracks(db: DB, albumId: string) {
  return db
    .selectFrom('track')
    .select(['id', 'disc', 'position', 'title'])
    .where('album_id', '=', albumId)
    .orderBy('disc')
    .orderBy('position')
    .execute();
}

/** Ids per statement: well under SQLite's limit of bound values. */
const IDS_PER_STATEMENT = 500;

/** Tracks by id: their place on their album, title and totals. */
export async function tracksByIds(db: DB, ids: readonly string[]) {
  const rows = [];
  for (let start = 0; start < ids.length; start += IDS_PER_STATEMENT) {
    rows.push(
      ...(await db
        .selectFrom('track')
        .select(['id', 'album_id', 'disc', 'position', 'title', 'duration_ms', 'rating_count', 'rating_sum'])
        .where('id', 'in', ids.slice(start, start + IDS_PER_STATEMENT))
        .execute()),
    );
  }
  return new Map(rows.map((row) => [row.id, row]));
}
