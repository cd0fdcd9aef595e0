import type { DB } from '../../platform/db/index.ts';

export interface SharedRatingRow {
  album_id: string;
  mine: number;
  theirs: number;
}

/**
 * Every album two people both rated, with both ratings: one query joining their ratings on the album. Each side is
 * found through an index on user_id (the other through the (user_id, album_id) unique index), so the cost and the
 * number of rows follow the smaller of the two collections.
 */
export async function sharedRatings(db: DB, viewerId: string, otherId: string): Promise<SharedRatingRow[]> {
  return db
    .selectFrom('rating as mine')
    .innerJoin('rating as theirs', 'theirs.album_id', 'mine.album_id')
    .where('mine.user_id', '=', viewerId)
    .where('theirs.user_id', '=', otherId)
    .select(['mine.album_id', 'mine.rating as mine', 'theirs.rating as theirs'])
    .execute();
}
