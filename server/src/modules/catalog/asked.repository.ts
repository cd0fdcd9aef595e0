import type { DB } from '../../platform/db/index.ts';

/** What other modules ask of the catalog's tables (decision 066), read here by their owner. */

/** How many albums wait for confirmation, not rejected (the site-health card). */
export async function waitingCount(db: DB): Promise<number> {
  const row = await db
    .selectFrom('album')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'pending')
    .where('rejected_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
