import { sql } from 'kysely';
import { dialectOf, type DB } from '../../platform/db/index.ts';
import { precompiled } from '../../platform/db/precompiled.ts';

/** Members' ratings of tracks (decision 078): one row per member and track, keyed (member, album, track). */

export async function findTrackRating(db: DB, userId: string, albumId: string, trackId: string) {
  let query = db
    .selectFrom('track_rating')
    .select(['rating', 'created_at'])
    .where('user_id', '=', userId)
    .where('album_id', '=', albumId)
    .where('track_id', '=', trackId);
  // On PostgreSQL the row is locked so two changes by one person cannot both read the old value.
  if (dialectOf(db) === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

export interface TrackRatingWrite {
  userId: string;
  albumId: string;
  trackId: string;
  value: number;
  /** When it was given (an imported export keeps the original moment). */
  at: string;
}

export async function insertTrackRating(db: DB, rating: TrackRatingWrite): Promise<void> {
  const { userId, albumId, trackId, value, at } = rating;
  await db
    .insertInto('track_rating')
    .values({ user_id: userId, album_id: albumId, track_id: trackId, rating: value, created_at: at, updated_at: at })
    .execute();
}

export async function updateTrackRating(db: DB, rating: TrackRatingWrite): Promise<void> {
  await db
    .updateTable('track_rating')
    .set({ rating: rating.value, updated_at: rating.at })
    .where('user_id', '=', rating.userId)
    .where('album_id', '=', rating.albumId)
    .where('track_id', '=', rating.trackId)
    .execute();
}

export async function deleteTrackRating(db: DB, userId: string, albumId: string, trackId: string): Promise<void> {
  await db
    .deleteFrom('track_rating')
    .where('user_id', '=', userId)
    .where('album_id', '=', albumId)
    .where('track_id', '=', trackId)
    .execute();
}

/**
 * A person's rating of an album and of each of its tracks, in one statement compiled once (a signed-in album page):
 * the album's rating is the row without a track.
 */
const albumAndTrackRatings = precompiled((db, userId: string, albumId: string, sameUserId: string, sameAlbumId: string) =>
  db
    .selectFrom('rating')
    .select([sql<string | null>`null`.as('track_id'), 'rating'])
    .where('user_id', '=', userId)
    .where('album_id', '=', albumId)
    .unionAll(
      db.selectFrom('track_rating').select(['track_id', 'rating']).where('user_id', '=', sameUserId).where('album_id', '=', sameAlbumId),
    ),
);

export async function viewerAlbumRatings(db: DB, userId: string, albumId: string) {
  const rows = await albumAndTrackRatings(db, userId, albumId, userId, albumId);
  let album: number | null = null;
  const tracks = new Map<string, number>();
  for (const row of rows) {
    if (row.track_id === null) album = Number(row.rating);
    else tracks.set(row.track_id, Number(row.rating));
  }
  return { album, tracks };
}

/** A person's track ratings, best first and the latest among equals first (the profile's top tracks). */
export async function topTrackRatings(db: DB, userId: string, limit: number, offset: number) {
  const base = db.selectFrom('track_rating').where('user_id', '=', userId);
  const [rows, count] = await Promise.all([
    base
      .select(['album_id', 'track_id', 'rating', 'updated_at'])
      .orderBy('rating', 'desc')
      .orderBy('updated_at', 'desc')
      .orderBy('track_id')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** A person's track ratings (their tracks' totals leave with them when the account goes). */
export async function trackRatingsBy(db: DB, userId: string) {
  return db.selectFrom('track_rating').select(['album_id', 'track_id', 'rating']).where('user_id', '=', userId).execute();
}

export async function deleteTrackRatingsBy(db: DB, userId: string): Promise<void> {
  await db.deleteFrom('track_rating').where('user_id', '=', userId).execute();
}

/** A person's ratings of one album's tracks (track id -> value). */
export async function ratingsOfAlbumTracks(db: DB, userId: string, albumId: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('track_rating')
    .select(['track_id', 'rating'])
    .where('user_id', '=', userId)
    .where('album_id', '=', albumId)
    .execute();
  return new Map(rows.map((row) => [row.track_id, Number(row.rating)]));
}

/** Download my data: a person's track ratings a page at a time, after a key `album id|track id` (keyset). */
export async function exportedTrackRatingsAfter(db: DB, userId: string, after: string, limit: number) {
  const [albumId = '', trackId = ''] = after ? after.split('|') : [];
  return db
    .selectFrom('track_rating')
    .select(['album_id', 'track_id', 'rating', 'created_at', 'updated_at'])
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('album_id', '>', albumId), eb.and([eb('album_id', '=', albumId), eb('track_id', '>', trackId)])]))
    .orderBy('album_id')
    .orderBy('track_id')
    .limit(limit)
    .execute();
}

/** How many track ratings a person has: their part of an export's total. */
export async function trackRatingCount(db: DB, userId: string): Promise<number> {
  const row = await db
    .selectFrom('track_rating')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
