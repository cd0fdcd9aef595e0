import type { DB } from '../../platform/db/index.ts';
import { LISTEN_TRACK_COLUMNS } from './listens.repository.ts';

/**
 * What other modules ask of the listens (decision 066): each question read here, by the table's owner, and asked
 * through the listens service.
 */

// ——— Download my data: a person's rows a page at a time, in a stable order, after a key (decision 028) ———

/** A person's listens in order of time after the listen (`at`, `id`) when given: the person-and-time index's order. */
export async function exportedListens(db: DB, userId: string, after: { at: number; id: string } | null, limit: number) {
  let query = db
    .selectFrom('listen')
    .select([...LISTEN_TRACK_COLUMNS, 'id', 'client'])
    .where('user_id', '=', userId);
  if (after) {
    query = query.where('listened_at', '>=', after.at).where((eb) => eb.or([eb('listened_at', '>', after.at), eb('id', '>', after.id)]));
  }
  const rows = await query.orderBy('listened_at').orderBy('id').limit(limit).execute();
  return rows.map((row) => ({ ...row, listened_at: Number(row.listened_at) }));
}

/** How many listens a person has: their part of an export's total. */
export async function exportedCount(db: DB, userId: string): Promise<number> {
  const row = await db
    .selectFrom('listen')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
