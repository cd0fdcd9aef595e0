import type { DB } from '../../platform/db/index.ts';

export async function usernameTaken(db: DB, username: string): Promise<boolean> {
  return Boolean(await db.selectFrom('user').select('id').where('username', '=', username).executeTakeFirst());
}

export async function setUsername(db: DB, userId: string, username: string): Promise<void> {
  await db.updateTable('user').set({ username, display_username: username }).where('id', '=', userId).execute();
}

export async function createProfile(db: DB, userId: string, now: string): Promise<void> {
  await db
    .insertInto('profile')
    .values({ user_id: userId, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

export async function findMe(db: DB, userId: string) {
  return db
    .selectFrom('user')
    .leftJoin('profile', 'profile.user_id', 'user.id')
    .select([
      'user.id',
      'user.name',
      'user.email',
      'user.username',
      'user.created_at',
      'profile.avatar_path',
      'profile.onboarding_completed',
    ])
    .where('user.id', '=', userId)
    .executeTakeFirst();
}

/** Keeps each person's newest sessions only; the oldest beyond `keep` are signed out. */
export async function evictOldSessions(db: DB, userId: string, keep: number): Promise<void> {
  const stale = await db
    .selectFrom('session')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(keep)
    .limit(1000)
    .execute();
  if (stale.length)
    await db
      .deleteFrom('session')
      .where(
        'id',
        'in',
        stale.map((row) => row.id),
      )
      .execute();
}

export async function userIdForResetSecret(db: DB, secret: string): Promise<string | undefined> {
  const row = await db.selectFrom('verification').select('value').where('identifier', '=', `reset-password:${secret}`).executeTakeFirst();
  return row?.value;
}

export async function deleteSession(db: DB, sessionId: string): Promise<void> {
  await db.deleteFrom('session').where('id', '=', sessionId).execute();
}
