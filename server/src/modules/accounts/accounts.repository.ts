import { STORED_RESET_PREFIX, storedResetIdentifier } from '../../platform/auth/auth.ts';
import { dialectOf, type DB } from '../../platform/db/index.ts';
import { precompiled } from '../../platform/db/precompiled.ts';
import { refreshCollections, refreshPeople } from '../../platform/db/search-index.ts';

export async function usernameTaken(db: DB, username: string): Promise<boolean> {
  return Boolean(await db.selectFrom('user').select('id').where('username', '=', username).executeTakeFirst());
}

export async function setUsername(db: DB, userId: string, username: string): Promise<void> {
  await db.updateTable('user').set({ username, display_username: username }).where('id', '=', userId).execute();
  await refreshPeople(db, [userId]);
}

export async function findMe(db: DB, userId: string) {
  const [row] = await me(db, userId);
  return row;
}

// Compiled once: every page the app starts on a signed-in browser asks who is signed in.
const me = precompiled((db, userId: string) =>
  db.selectFrom('user').select(['id', 'name', 'email', 'username', 'created_at']).where('id', '=', userId),
);

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

export async function userIdByEmail(db: DB, email: string): Promise<string | undefined> {
  return (await db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirst())?.id;
}

/** Whose account this address is, with the name their e-mails greet them by. */
export async function ownerByEmail(db: DB, email: string) {
  return db.selectFrom('user').select(['id', 'name']).where('email', '=', email).executeTakeFirst();
}

export async function emailOf(db: DB, userId: string): Promise<string | undefined> {
  return (await db.selectFrom('user').select('email').where('id', '=', userId).executeTakeFirst())?.email;
}

/**
 * Whose reset link this is, while it is the newest one they were sent: asking again replaces every earlier link.
 * (Links made in the same instant are equally new; using any one of them ends the rest.)
 */
export async function ownerOfNewestResetSecret(db: DB, secret: string): Promise<string | undefined> {
  const token = await db
    .selectFrom('verification')
    .select(['value', 'created_at'])
    .where('identifier', '=', storedResetIdentifier(secret))
    .executeTakeFirst();
  if (!token) return undefined;
  const newer = await db
    .selectFrom('verification')
    .select('id')
    .where('identifier', 'like', `${STORED_RESET_PREFIX}%`)
    .where('value', '=', token.value)
    .where('created_at', '>', token.created_at)
    .executeTakeFirst();
  return newer ? undefined : token.value;
}

/** Ends every reset link the person still has. */
export async function deleteResetTokens(db: DB, userId: string): Promise<void> {
  await db.deleteFrom('verification').where('identifier', 'like', `${STORED_RESET_PREFIX}%`).where('value', '=', userId).execute();
}

/**
 * A session by its token, with the person it belongs to and their sanction, if any: what a signed-in request costs.
 * One statement on both engines. PostgreSQL joins the three in one round trip. SQLite reads the person's and the
 * sanction's columns as correlated subqueries on their primary keys, which it answers faster than the join, and one
 * statement saves two trips through Kysely's executor on every signed-in request.
 */
export async function sessionWithPerson(db: DB, token: string) {
  const [row] = dialectOf(db) === 'postgres' ? await sessionJoinedWithPerson(db, token) : await sessionWithPersonLookedUp(db, token);
  if (!row || row.name === null || row.email === null) return undefined;
  return { ...row, name: row.name, email: row.email };
}

// Compiled once each: every signed-in request runs one.
const SESSION_COLUMNS = ['session.id as session_id', 'session.user_id', 'session.expires_at', 'session.created_at'] as const;
const sessionJoinedWithPerson = precompiled((db, token: string) =>
  db
    .selectFrom('session')
    .innerJoin('user', 'user.id', 'session.user_id')
    .leftJoin('sanction', 'sanction.user_id', 'session.user_id')
    .select([
      ...SESSION_COLUMNS,
      'user.name',
      'user.email',
      'user.username',
      'sanction.kind as sanction_kind',
      'sanction.reason as sanction_reason',
      'sanction.until as sanction_until',
    ])
    .where('session.token', '=', token),
);
const sessionWithPersonLookedUp = precompiled((db, token: string) =>
  db
    .selectFrom('session')
    .select(SESSION_COLUMNS)
    .select((eb) => {
      const person = () => eb.selectFrom('user').whereRef('user.id', '=', 'session.user_id');
      const sanction = () => eb.selectFrom('sanction').whereRef('sanction.user_id', '=', 'session.user_id');
      return [
        person().select('user.name').as('name'),
        person().select('user.email').as('email'),
        person().select('user.username').as('username'),
        sanction().select('sanction.kind').as('sanction_kind'),
        sanction().select('sanction.reason').as('sanction_reason'),
        sanction().select('sanction.until').as('sanction_until'),
      ];
    })
    .where('session.token', '=', token),
);

export async function deleteSession(db: DB, sessionId: string): Promise<void> {
  await db.deleteFrom('session').where('id', '=', sessionId).execute();
}

/** A person's live sessions, most recently active first. */
export async function listSessions(db: DB, userId: string, now: Date) {
  const rows = await db
    .selectFrom('session')
    .select(['id', 'ip_address', 'user_agent', 'created_at', 'updated_at', 'expires_at'])
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .execute();
  return rows.filter((row) => new Date(row.expires_at).getTime() > now.getTime());
}

/** Deletes one of the person's own sessions; false when it is not theirs (or gone). */
export async function deleteOwnSession(db: DB, userId: string, sessionId: string): Promise<boolean> {
  const result = await db.deleteFrom('session').where('id', '=', sessionId).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function deleteOtherSessions(db: DB, userId: string, keepSessionId: string): Promise<number> {
  const result = await db.deleteFrom('session').where('user_id', '=', userId).where('id', '!=', keepSessionId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The stored password hash, or null for someone who only signs in through a provider. */
export async function passwordHash(db: DB, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('account')
    .select('password')
    .where('user_id', '=', userId)
    .where('provider_id', '=', 'credential')
    .executeTakeFirst();
  return row?.password ?? null;
}

export async function linkedAccounts(db: DB, userId: string) {
  return db
    .selectFrom('account')
    .select(['id', 'provider_id', 'account_id', 'created_at'])
    .where('user_id', '=', userId)
    .where('provider_id', '!=', 'credential')
    .orderBy('created_at')
    .execute();
}

export async function twoFactorEnabled(db: DB, userId: string): Promise<boolean> {
  const row = await db.selectFrom('user').select('two_factor_enabled').where('id', '=', userId).executeTakeFirst();
  return Boolean(row?.two_factor_enabled);
}

/**
 * Removes the person; sessions, sign-in methods, two-factor and profile go with them (foreign keys cascade), and so
 * do their collections (`collectionIds`, read before), which leave search too.
 */
export async function deleteUser(db: DB, userId: string, collectionIds: readonly string[]): Promise<void> {
  await db.deleteFrom('user').where('id', '=', userId).execute();
  await refreshPeople(db, [userId]);
  await refreshCollections(db, collectionIds);
}

export async function updateName(db: DB, userId: string, name: string, now: string): Promise<void> {
  await db.updateTable('user').set({ name, updated_at: now }).where('id', '=', userId).execute();
  await refreshPeople(db, [userId]);
}

export async function unlinkAccount(db: DB, userId: string, accountId: string): Promise<void> {
  await db.deleteFrom('account').where('id', '=', accountId).where('user_id', '=', userId).execute();
}

/** The value stored under a verification identifier (a two-factor challenge stores the user id). */
export async function verificationValue(db: DB, identifier: string): Promise<string | undefined> {
  return (await db.selectFrom('verification').select('value').where('identifier', '=', identifier).executeTakeFirst())?.value;
}

/** The providers among `providers` whose accounts the person linked (Settings → Connected Accounts). */
export async function linkedProviders(db: DB, userId: string, providers: readonly string[]): Promise<Set<string>> {
  const rows = await db
    .selectFrom('account')
    .select('provider_id')
    .where('user_id', '=', userId)
    .where('provider_id', 'in', [...providers])
    .execute();
  return new Set(rows.map((row) => row.provider_id));
}
