import type { ModerationActionTable } from '../../db/schema.ts';
import type { DB } from '../../platform/db/index.ts';

/** Catalog editors (decision 080): trusted members a moderator appointed to merge duplicates and decide corrections. */
export async function isEditor(db: DB, userId: string): Promise<boolean> {
  return Boolean(await db.selectFrom('catalog_editor').select('user_id').where('user_id', '=', userId).executeTakeFirst());
}

export async function editors(db: DB) {
  return db.selectFrom('catalog_editor').select(['user_id', 'created_at']).orderBy('created_at').orderBy('user_id').execute();
}

export async function addEditor(db: DB, userId: string, appointedBy: string, now: string): Promise<boolean> {
  const result = await db
    .insertInto('catalog_editor')
    .values({ user_id: userId, appointed_by: appointedBy, created_at: now })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function removeEditor(db: DB, userId: string): Promise<boolean> {
  const result = await db.deleteFrom('catalog_editor').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function isModerator(db: DB, userId: string): Promise<boolean> {
  return Boolean(await db.selectFrom('moderator').select('user_id').where('user_id', '=', userId).executeTakeFirst());
}

/** An entry of the moderation audit log, written in the caller's transaction (a merge's). */
export async function recordAction(db: DB, action: ModerationActionTable): Promise<void> {
  await db.insertInto('moderation_action').values(action).execute();
}
