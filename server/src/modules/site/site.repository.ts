import type { DB } from '../../platform/db/index.ts';

export async function countRows(db: DB, table: 'user' | 'rating'): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
