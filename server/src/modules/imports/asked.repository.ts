import type { DB } from '../../platform/db/index.ts';

/**
 * What other modules ask of the imports' tables (decision 066): each question read here, by the tables' owner, and
 * asked through the imports service.
 */

/** The RateYourMusic ids of the albums a person's RateYourMusic imports named, after an id (rows without one, `~…`, left out). */
export async function exportedRymIds(db: DB, userId: string, after: string, limit: number) {
  return db
    .selectFrom('import_item')
    .select(['external_id', 'album_id'])
    .where('user_id', '=', userId)
    .where('source', '=', 'rym')
    .where('external_id', '>', after)
    .where('external_id', 'not like', '~%')
    .orderBy('external_id')
    .limit(limit)
    .execute();
}

/** How many RateYourMusic ids a person's imports named: their part of an export's total. */
export async function exportedCount(db: DB, userId: string): Promise<number> {
  const row = await db
    .selectFrom('import_item')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .where('source', '=', 'rym')
    .where('external_id', 'not like', '~%')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
