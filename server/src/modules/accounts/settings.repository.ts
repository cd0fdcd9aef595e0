import type { DB } from '../../platform/db/index.ts';

export async function storedSettings(db: DB, userId: string): Promise<string | undefined> {
  const row = await db.selectFrom('profile').select('settings').where('user_id', '=', userId).executeTakeFirst();
  return row?.settings;
}

export async function storedSettingsOf(db: DB, userIds: readonly string[]): Promise<{ user_id: string; settings: string }[]> {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('profile')
    .select(['user_id', 'settings'])
    .where('user_id', 'in', [...userIds])
    .execute();
}

export async function writeSettings(db: DB, userId: string, settings: string, now: string): Promise<void> {
  await db.updateTable('profile').set({ settings, updated_at: now }).where('user_id', '=', userId).execute();
}
