import { sql } from 'kysely';
import { dialectOf, type DB } from '../../platform/db/index.ts';
import { newId } from '../../platform/ids.ts';

export async function findRating(db: DB, userId: string, albumId: string) {
  let query = db.selectFrom('rating').select(['id', 'rating']).where('user_id', '=', userId).where('album_id', '=', albumId);
  // On PostgreSQL the row is locked so two changes by one person cannot both read the old value.
  if (dialectOf(db) === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function insertRating(db: DB, userId: string, albumId: string, rating: number, now: string): Promise<void> {
  await db
    .insertInto('rating')
    .values({ id: newId(), user_id: userId, album_id: albumId, rating, created_at: now, updated_at: now })
    .execute();
}

export async function updateRating(db: DB, id: string, rating: number, now: string): Promise<void> {
  await db.updateTable('rating').set({ rating, updated_at: now }).where('id', '=', id).execute();
}

export async function deleteRating(db: DB, id: string): Promise<void> {
  await db.deleteFrom('rating').where('id', '=', id).execute();
}

/**
 * Moves an album's aggregates by a count and a sum in one statement: the database applies
 * concurrent changes one after another, so the totals stay exact.
 */
export async function shiftAlbumTotals(db: DB, albumId: string, countDelta: number, sumDelta: number, now: string): Promise<void> {
  await db
    .updateTable('album')
    .set({
      rating_count: sql`rating_count + ${countDelta}`,
      rating_sum: sql`rating_sum + ${sumDelta}`,
      rating_average: sql`case when rating_count + ${countDelta} > 0 then (rating_sum + ${sumDelta}) / (rating_count + ${countDelta}) else null end`,
      updated_at: now,
    })
    .where('id', '=', albumId)
    .execute();
}

export async function shiftProfileRatings(db: DB, userId: string, delta: number): Promise<void> {
  await db
    .updateTable('profile')
    .set({ ratings_count: sql`ratings_count + ${delta}` })
    .where('user_id', '=', userId)
    .execute();
}

export async function albumTotals(db: DB, albumId: string) {
  return db.selectFrom('album').select(['rating_count', 'rating_average']).where('id', '=', albumId).executeTakeFirst();
}

export async function distribution(db: DB, albumId: string): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('rating')
    .select(['rating', (eb) => eb.fn.countAll<number>().as('n')])
    .where('album_id', '=', albumId)
    .groupBy('rating')
    .execute();
  return new Map(rows.map((row) => [Number(row.rating), Number(row.n)]));
}

export async function viewerRatings(db: DB, userId: string, albumIds: readonly string[]): Promise<Map<string, number>> {
  if (albumIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('rating')
    .select(['album_id', 'rating'])
    .where('user_id', '=', userId)
    .where('album_id', 'in', [...albumIds])
    .execute();
  return new Map(rows.map((row) => [row.album_id, Number(row.rating)]));
}

/** A person's rated albums, newest rating first. */
export async function ratedAlbumIds(db: DB, userId: string, limit: number, offset: number) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('rating')
      .select(['album_id', 'rating', 'updated_at'])
      .where('user_id', '=', userId)
      .orderBy('updated_at', 'desc')
      .orderBy('album_id')
      .limit(limit)
      .offset(offset)
      .execute(),
    db
      .selectFrom('rating')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
