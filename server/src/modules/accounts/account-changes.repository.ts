import { sql } from 'kysely';
import type { DB } from '../../platform/db/index.ts';
import { refreshPeople } from '../../platform/db/search-index.ts';

/** Who holds a username: the person it names now, or the person who gave it up after `since` (a redirect). */
export async function usernameHolder(db: DB, username: string, since: string): Promise<string | undefined> {
  const current = await db.selectFrom('user').select('id').where('username', '=', username).executeTakeFirst();
  if (current) return current.id;
  const redirect = await db
    .selectFrom('username_redirect')
    .select('user_id')
    .where('old_username', '=', username)
    .where('created_at', '>', since)
    .executeTakeFirst();
  return redirect?.user_id;
}

export async function usernameOf(db: DB, userId: string): Promise<string | null | undefined> {
  return (await db.selectFrom('user').select('username').where('id', '=', userId).executeTakeFirst())?.username;
}

/**
 * Gives the person their new username and points the old one at them. Every earlier name of theirs already points
 * at the person, so it leads to the new one too. A redirect row for the new name (their own earlier name taken back,
 * or someone else's that has run out) goes.
 */
export async function rename(db: DB, userId: string, from: string, to: string, now: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('username_redirect').where('old_username', '=', to).execute();
    await trx.updateTable('user').set({ username: to, display_username: to }).where('id', '=', userId).execute();
    await refreshPeople(trx, [userId]);
    await trx
      .insertInto('username_redirect')
      .values({ old_username: from, user_id: userId, created_at: now })
      .onConflict((oc) => oc.column('old_username').doUpdateSet({ user_id: userId, created_at: now }))
      .execute();
  });
}

/** When the session was started (a sign-in), or undefined when it is gone. */
export async function sessionStartedAt(db: DB, sessionId: string): Promise<Date | undefined> {
  const row = await db.selectFrom('session').select('created_at').where('id', '=', sessionId).executeTakeFirst();
  return row ? new Date(row.created_at) : undefined;
}

export async function accountOf(db: DB, userId: string) {
  return db.selectFrom('user').select(['id', 'name', 'email']).where('id', '=', userId).executeTakeFirst();
}

export async function emailHolder(db: DB, email: string): Promise<string | undefined> {
  return (await db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirst())?.id;
}

/** The person's one pending e-mail change; a new request replaces the earlier one (and its link). */
export async function savePendingEmailChange(
  db: DB,
  change: { user_id: string; new_email: string; token_hash: string; created_at: string; expires_at: string },
): Promise<void> {
  await db
    .insertInto('email_change')
    .values(change)
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        new_email: change.new_email,
        token_hash: change.token_hash,
        created_at: change.created_at,
        expires_at: change.expires_at,
      }),
    )
    .execute();
}

export async function pendingEmailChange(db: DB, tokenHash: string) {
  return db.selectFrom('email_change').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export async function deletePendingEmailChange(db: DB, userId: string): Promise<void> {
  await db.deleteFrom('email_change').where('user_id', '=', userId).execute();
}

/**
 * Switches the address (now verified: the link reached it) and ends the pending change in one transaction. Password
 * reset links sent to the old address end as well. False when another account took the address meanwhile.
 */
export async function applyEmailChange(db: DB, userId: string, email: string, resetPrefix: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const taken = await trx.selectFrom('user').select('id').where('email', '=', email).where('id', '!=', userId).executeTakeFirst();
    await trx.deleteFrom('email_change').where('user_id', '=', userId).execute();
    if (taken) return false;
    await trx
      .updateTable('user')
      .set({ email, email_verified: sql<boolean>`true` })
      .where('id', '=', userId)
      .execute();
    await trx.deleteFrom('verification').where('identifier', 'like', `${resetPrefix}%`).where('value', '=', userId).execute();
    return true;
  });
}
