import type { DB } from '../../platform/db/index.ts';

/** What other modules ask of the accounts' tables (decision 066), read here by their owner. */

/** A person's account as Download my data exports it: username, name, e-mail address and when they joined. */
export async function exportedAccount(db: DB, userId: string) {
  return db.selectFrom('user').select(['username', 'name', 'email', 'created_at']).where('id', '=', userId).executeTakeFirst();
}
