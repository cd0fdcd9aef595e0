import type { DB } from '../../platform/db/index.ts';
import { inJsonList, jsonList } from '../../platform/db/json-arrays.ts';
import { precompiled } from '../../platform/db/precompiled.ts';

export async function storedSettings(db: DB, userId: string): Promise<string | undefined> {
  const row = await db.selectFrom('profile').select('settings').where('user_id', '=', userId).executeTakeFirst();
  return row?.settings;
}

/** Stored settings of these people: one statement, compiled once (every feed page reads its actors' sharing). */
export async function storedSettingsOf(db: DB, userIds: readonly string[]): Promise<{ user_id: string; settings: string }[]> {
  if (userIds.length === 0) return [];
  return settingsOf(db, jsonList(userIds));
}

const settingsOf = precompiled((db, idList: string) =>
  db
    .selectFrom('profile')
    .select(['user_id', 'settings'])
    .where(inJsonList(db, 'user_id', idList)),
);

export async function writeSettings(db: DB, userId: string, settings: string, now: string): Promise<void> {
  await db.updateTable('profile').set({ settings, updated_at: now }).where('user_id', '=', userId).execute();
}
