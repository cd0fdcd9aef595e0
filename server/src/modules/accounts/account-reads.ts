import type { DB } from '../../platform/db/index.ts';
import * as asked from './asked.repository.ts';

export type AccountReads = ReturnType<typeof createAccountReads>;

/**
 * What other modules read of people's accounts where the accounts service is not built (the job thread): made by
 * services.ts and passed in (decision 066).
 */
export function createAccountReads(db: DB) {
  return {
    /** A person's account as Download my data exports it; undefined once it is deleted. */
    exportedAccount: (userId: string) => asked.exportedAccount(db, userId),
    /** The name, username and e-mail address of each person; a deleted account is missing. */
    contacts: (userIds: readonly string[]) => asked.contacts(db, userIds),
    /** Accounts made since a day ago, a week ago, and in all (the site-health card). */
    signups: (dayAgo: string, weekAgo: string) => asked.signups(db, dayAgo, weekAgo),
  };
}
