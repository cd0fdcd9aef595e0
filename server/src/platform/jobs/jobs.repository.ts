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

/** Jobs of a kind about one topic not yet finished (waiting, or running). */
export async function countUnfinished(db: DB, kind: string, topic: string): Promise<number> {
  const row = await db
    .selectFrom('job')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('kind', '=', kind)
    .where('topic', '=', topic)
    .where('state', 'in', ['queued', 'running'])
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export interface TopicCounts {
  topic: string;
  /** Waiting to run now. */
  queued: number;
  /** Waiting until a later time (a retry). */
  held: number;
  running: number;
  failed: number;
  /** The newest failure's error, and when. */
  lastError: string | null;
  lastFailedAt: string | null;
}

/** Jobs of a kind not done, per topic: how many wait, wait for later, run and failed for good, and the latest error. */
export async function countsByTopic(db: DB, kind: string, now: string): Promise<TopicCounts[]> {
  const rows = await db
    .selectFrom('job')
    .select((eb) => [
      'topic',
      'state',
      eb.fn.countAll<number>().as('count'),
      eb.fn.max('finished_at').as('last'),
      eb.fn.sum<number>(eb.case().when('run_after', '>', now).then(1).else(0).end()).as('later'),
    ])
    .where('kind', '=', kind)
    .where('topic', 'is not', null)
    .where('state', 'in', ['queued', 'running', 'failed'])
    .groupBy(['topic', 'state'])
    .execute();
  const byTopic = new Map<string, TopicCounts>();
  for (const row of rows) {
    const topic = row.topic!;
    const counts = byTopic.get(topic) ?? { topic, queued: 0, held: 0, running: 0, failed: 0, lastError: null, lastFailedAt: null };
    const count = Number(row.count);
    if (row.state === 'queued') {
      counts.held = Number(row.later ?? 0);
      counts.queued = count - counts.held;
    } else if (row.state === 'running') counts.running = count;
    else {
      counts.failed = count;
      counts.lastFailedAt = row.last ?? null;
    }
    byTopic.set(topic, counts);
  }
  for (const counts of byTopic.values()) {
    if (!counts.failed) continue;
    const last = await db
      .selectFrom('job')
      .select('error')
      .where('kind', '=', kind)
      .where('topic', '=', counts.topic)
      .where('state', '=', 'failed')
      .orderBy('finished_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    counts.lastError = last?.error ?? null;
  }
  return [...byTopic.values()].sort((a, b) => a.topic.localeCompare(b.topic));
}

/** Failed jobs of a kind about a topic, queued again from their cursor as it was; returns how many. */
export async function requeueFailed(db: DB, kind: string, topic: string, now: string): Promise<number> {
  const result = await db
    .updateTable('job')
    .set({
      state: 'queued',
      attempts: 0,
      error: null,
      locked_by: null,
      locked_until: null,
      finished_at: null,
      run_after: null,
      updated_at: now,
    })
    .where('kind', '=', kind)
    .where('topic', '=', topic)
    .where('state', '=', 'failed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
