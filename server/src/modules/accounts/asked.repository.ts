import type { DB } from '../../platform/db/index.ts';

/** What other modules ask of the accounts' tables (decision 066), read here by their owner. */

/** A person's account as Download my data exports it: username, name, e-mail address and when they joined. */
export async function exportedAccount(db: DB, userId: string) {
  return db.selectFrom('user').select(['username', 'name', 'email', 'created_at']).where('id', '=', userId).executeTakeFirst();
}

/** The name, username and e-mail address of each person (whom a notification or a digest is e-mailed to). */
export async function contacts(db: DB, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('user')
    .select(['id', 'name', 'email', 'username'])
    .where('id', 'in', [...userIds])
    .execute();
}

/** Accounts made since a day ago, since a week ago, and all of them (the site-health card). */
export async function signups(db: DB, dayAgo: string, weekAgo: string) {
  const since = async (moment?: string) => {
    const query = db.selectFrom('user').select((eb) => eb.fn.countAll<number>().as('n'));
    return Number((await (moment ? query.where('created_at', '>=', moment) : query).executeTakeFirst())?.n ?? 0);
  };
  const [day, week, total] = await Promise.all([since(dayAgo), since(weekAgo), since()]);
  return { day, week, total };
}
