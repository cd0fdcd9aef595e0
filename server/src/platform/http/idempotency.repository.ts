import type { Insertable, Selectable } from 'kysely';
import type { IdempotencyKeyTable } from '../../db/schema.ts';
import type { DB } from '../db/index.ts';

export type IdempotencyKeyRow = Selectable<IdempotencyKeyTable>;

/** Takes the key for a first request; false when the member has already used it. */
export async function claimKey(db: DB, row: Insertable<IdempotencyKeyTable>): Promise<boolean> {
  // What a conflict left alone returns no row; the count of rows inserted is not reported alike by both drivers.
  const inserted = await db
    .insertInto('idempotency_key')
    .values(row)
    .onConflict((conflict) => conflict.columns(['user_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function findKey(db: DB, userId: string, key: string): Promise<IdempotencyKeyRow | undefined> {
  return db.selectFrom('idempotency_key').selectAll().where('user_id', '=', userId).where('key', '=', key).executeTakeFirst();
}

/** Takes over a key whose first request never finished (its process stopped); false when another repeat took it first. */
export async function takeOverAbandoned(db: DB, abandoned: IdempotencyKeyRow, now: string, expiresAt: string): Promise<boolean> {
  const result = await db
    .updateTable('idempotency_key')
    .set({ created_at: now, expires_at: expiresAt })
    .where('user_id', '=', abandoned.user_id)
    .where('key', '=', abandoned.key)
    .where('status', 'is', null)
    .where('created_at', '=', abandoned.created_at)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function recordAnswer(db: DB, userId: string, key: string, status: number, response: string): Promise<void> {
  await db.updateTable('idempotency_key').set({ status, response }).where('user_id', '=', userId).where('key', '=', key).execute();
}

/** Frees a key whose request failed on our side, so a retry runs again. */
export async function releaseKey(db: DB, userId: string, key: string): Promise<void> {
  await db.deleteFrom('idempotency_key').where('user_id', '=', userId).where('key', '=', key).where('status', 'is', null).execute();
}

export async function deleteExpired(db: DB, now: string): Promise<void> {
  await db.deleteFrom('idempotency_key').where('expires_at', '<=', now).execute();
}
