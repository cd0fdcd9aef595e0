import type { Expression, SqlBool } from 'kysely';
import type { DB } from '../../platform/db/index.ts';
import { inJsonList, jsonList } from '../../platform/db/json-arrays.ts';
import { precompiled } from '../../platform/db/precompiled.ts';

/**
 * What other modules ask of the journal (decision 066): each question read here, by the table's owner, and asked
 * through the journal service.
 */

/**
 * A person's journal entries whose day falls between two days (inclusive), of albums `listed` keeps (the hydration
 * layer's album rule, a condition on a column naming an album): in total, and the albums logged most (ties: the first
 * logged). A range of journal_entry_user_day_idx (a year in review).
 */
export async function listensBetween(
  db: DB,
  userId: string,
  days: { first: string; last: string },
  limit: number,
  listed: (album: string) => Expression<SqlBool>,
) {
  const base = db
    .selectFrom('journal_entry')
    .where('journal_entry.user_id', '=', userId)
    .where('journal_entry.listened_on', '>=', days.first)
    .where('journal_entry.listened_on', '<=', days.last)
    .where(listed('journal_entry.album_id'));
  const [total, top] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    base
      .select((eb) => ['journal_entry.album_id', eb.fn.countAll<number>().as('n'), eb.fn.min('journal_entry.listened_on').as('first')])
      .groupBy('journal_entry.album_id')
      .orderBy('n', 'desc')
      .orderBy('first')
      .orderBy('journal_entry.album_id')
      .limit(limit)
      .execute(),
  ]);
  return { total: Number(total?.n ?? 0), top: top.map((row) => ({ albumId: row.album_id, listens: Number(row.n) })) };
}

// ——— Download my data: a person's rows a page at a time, in a stable order, after a key (decision 028) ———

/** A person's journal entries after an entry id. */
export async function exportedEntries(db: DB, userId: string, after: string, limit: number) {
  return db
    .selectFrom('journal_entry')
    .select(['album_id', 'id', 'listened_on', 'rating', 'note', 'created_at'])
    .where('user_id', '=', userId)
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** How many journal entries a person has: their part of an export's total. */
export async function exportedCount(db: DB, userId: string): Promise<number> {
  const row = await db
    .selectFrom('journal_entry')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Journal entries by id: the day and the rating of that listen, never the note (the feed's listens). */
export async function listens(db: DB, ids: readonly string[]) {
  return ids.length ? listenRows(db, jsonList(ids)) : [];
}

const listenRows = precompiled((db, idList: string) =>
  db
    .selectFrom('journal_entry')
    .select(['id', 'user_id', 'listened_on', 'rating'])
    .where(inJsonList(db, 'id', idList)),
);

/** One journal entry without its note: sharing a listen with other sites. */
export async function listen(db: DB, id: string) {
  return db
    .selectFrom('journal_entry')
    .select(['id', 'user_id', 'album_id', 'listened_on', 'rating', 'created_at', 'updated_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}
