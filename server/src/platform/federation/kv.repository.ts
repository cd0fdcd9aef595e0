import type { DB } from '../db/index.ts';

/** The federation framework's key–value rows (federation_kv): JSON values, some with an expiry. */

export async function readValue(db: DB, key: string, now: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('federation_kv')
    .select('value')
    .where('key', '=', key)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirst();
  return row?.value;
}

export async function writeValue(db: DB, key: string, value: string, expiresAt: string | null): Promise<void> {
  await db
    .insertInto('federation_kv')
    .values({ key, value, expires_at: expiresAt })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, expires_at: expiresAt }))
    .execute();
}

/** Writes `value` only if the key now holds `expected` (undefined: holds nothing); true when it did. */
export async function swapValue(
  db: DB,
  key: string,
  expected: string | undefined,
  value: string,
  expiresAt: string | null,
  now: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const current = await readValue(trx, key, now);
    if (current !== expected) return false;
    await writeValue(trx, key, value, expiresAt);
    return true;
  });
}

export async function deleteValue(db: DB, key: string): Promise<void> {
  await db.deleteFrom('federation_kv').where('key', '=', key).execute();
}

/** Every live key beginning with `prefix` (an encoded key prefix), in key order. */
export async function listValues(db: DB, prefix: string, now: string): Promise<{ key: string; value: string }[]> {
  return db
    .selectFrom('federation_kv')
    .select(['key', 'value'])
    .where((eb) => eb(eb.fn('substr', ['key', eb.val(1), eb.val(prefix.length)]), '=', prefix))
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .orderBy('key')
    .execute();
}

export async function deleteExpired(db: DB, now: string): Promise<void> {
  await db.deleteFrom('federation_kv').where('expires_at', '<=', now).execute();
}
