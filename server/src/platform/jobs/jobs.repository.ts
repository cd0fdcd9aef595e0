import type { ExpressionBuilder, Insertable, Selectable, Updateable } from 'kysely';
import type { Database, JobTable } from '../../db/schema.ts';
import type { DB } from '../db/index.ts';

export type JobRow = Selectable<JobTable>;

/** Waiting to start (and its time has come), or running under a lease that ran out (its runner stopped or stalled). */
const claimable = (now: string) => (eb: ExpressionBuilder<Database, 'job'>) =>
  eb.or([
    eb.and([eb('state', '=', 'queued'), eb.or([eb('run_after', 'is', null), eb('run_after', '<=', now)])]),
    eb.and([eb('state', '=', 'running'), eb('locked_until', '<', now)]),
  ]);

const changed = (result: { numUpdatedRows: bigint }) => result.numUpdatedRows > 0n;

export async function insertJob(db: DB, job: Insertable<JobTable>): Promise<void> {
  await db.insertInto('job').values(job).execute();
}

export async function findJob(db: DB, id: string): Promise<JobRow | undefined> {
  return db.selectFrom('job').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * A finished job (done or failed) queued again under the same id, from `cursor`: for a job the site keeps one of and
 * starts again when there is new work (the catalog's enrichment). False when it is not finished.
 */
export async function requeueFinished(db: DB, id: string, cursor: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('job')
    .set({ state: 'queued', cursor, attempts: 0, error: null, locked_by: null, locked_until: null, finished_at: null, updated_at: now })
    .where('id', '=', id)
    .where('state', 'in', ['done', 'failed'])
    .executeTakeFirst();
  return changed(result);
}

/** A note on a finished job (its cursor) that whoever queues it again reads; false when it is not finished. */
export async function annotateFinished(db: DB, id: string, cursor: string): Promise<boolean> {
  const result = await db
    .updateTable('job')
    .set({ cursor })
    .where('id', '=', id)
    .where('state', 'in', ['done', 'failed'])
    .executeTakeFirst();
  return changed(result);
}

export async function claimableIds(db: DB, kinds: readonly string[], now: string, limit: number): Promise<string[]> {
  if (!kinds.length) return [];
  const rows = await db
    .selectFrom('job')
    .select('id')
    .where('kind', 'in', [...kinds])
    .where(claimable(now))
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Takes the job if it is still claimable: of several runners trying at once, the database lets exactly one
 * update the row (the others find the condition no longer holds) on SQLite and PostgreSQL alike.
 */
export async function claim(db: DB, id: string, runner: string, now: string, until: string): Promise<boolean> {
  const result = await db
    .updateTable('job')
    .set((eb) => ({ state: 'running', locked_by: runner, locked_until: until, attempts: eb('attempts', '+', 1), updated_at: now }))
    .where('id', '=', id)
    .where(claimable(now))
    .executeTakeFirst();
  return changed(result);
}

/** Saves a step's outcome if `runner` still holds the job; false when another runner has taken it over. */
export async function saveStep(
  db: DB,
  id: string,
  runner: string,
  changes: Pick<Updateable<JobTable>, 'cursor' | 'state' | 'locked_until' | 'locked_by' | 'updated_at' | 'finished_at'>,
): Promise<boolean> {
  const result = await db
    .updateTable('job')
    .set(changes)
    .where('id', '=', id)
    .where('locked_by', '=', runner)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return changed(result);
}

/** Gives the job back at shutdown, for the next runner to start at once; this run does not count as an attempt. */
export async function handBack(db: DB, id: string, runner: string, now: string): Promise<void> {
  await db
    .updateTable('job')
    .set((eb) => ({ state: 'queued', locked_by: null, locked_until: null, attempts: eb('attempts', '-', 1), updated_at: now }))
    .where('id', '=', id)
    .where('locked_by', '=', runner)
    .where('state', '=', 'running')
    .execute();
}

export async function markFailed(db: DB, id: string, runner: string, error: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('job')
    .set({ state: 'failed', error, locked_by: null, locked_until: null, updated_at: now, finished_at: now })
    .where('id', '=', id)
    .where('locked_by', '=', runner)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return changed(result);
}

export async function deleteOwnedBy(db: DB, owner: string): Promise<void> {
  await db.deleteFrom('job').where('owner', '=', owner).execute();
}

/** Jobs waiting, running or failed, by state and kind (metrics); finished jobs are left out, so the count stays on the state index. */
export async function countOpenJobs(db: DB): Promise<{ state: string; kind: string; count: number }[]> {
  const rows = await db
    .selectFrom('job')
    .select(['state', 'kind', (eb) => eb.fn.countAll<number>().as('count')])
    .where('state', 'in', ['queued', 'running', 'failed'])
    .groupBy(['state', 'kind'])
    .execute();
  return rows.map((row) => ({ state: row.state, kind: row.kind, count: Number(row.count) }));
}
