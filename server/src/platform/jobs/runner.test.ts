import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { openDatabase, type DatabaseHandle, type DB } from '../db/index.ts';
import { createJobRunner, type JobHandler, type JobRunnerOptions } from './runner.ts';

/** A job that counts from `at` to `until`, one number a step. */
interface Count {
  at: number;
  until: number;
}

interface Seen {
  runner: string;
  job: string;
  at: number;
}

let t: TestApp;
let other: DatabaseHandle | null = null;
/** What a second server process would use: its own pool on PostgreSQL, the one connection on SQLite (see test/app.ts). */
let secondDb: DB;

beforeAll(async () => {
  t = await createTestApp();
  if (t.database.dialect === 'postgres') other = openDatabase(t.config.databaseUrl, { poolSize: 3 });
  secondDb = other?.db ?? t.db;
});
afterAll(async () => {
  await other?.destroy();
  await t.close();
});

const quiet = { error: () => undefined, warn: () => undefined };
const tick = () => new Promise((resolve) => setImmediate(resolve));

function counting(
  runner: string,
  seen: Seen[],
  options: { stepMs?: number; before?: (at: number) => Promise<void>; failed?: (error: unknown, db: DB) => Promise<void> } = {},
): JobHandler<Count> {
  return {
    async step(job) {
      await options.before?.(job.cursor.at);
      if (options.stepMs) await new Promise((resolve) => setTimeout(resolve, options.stepMs));
      seen.push({ runner, job: job.id, at: job.cursor.at });
      const at = job.cursor.at + 1;
      return { cursor: { ...job.cursor, at }, done: at >= job.cursor.until };
    },
    failed: (_job, error, db) => options.failed?.(error, db) ?? Promise.resolve(),
  };
}

function runner(kind: string, handler: JobHandler<Count>, options: Partial<JobRunnerOptions> = {}) {
  const jobs = createJobRunner({ db: t.db, clock: () => new Date(), log: quiet, pollMs: 20, ...options });
  jobs.register(kind, handler);
  return jobs;
}

const jobRow = (id: string) => t.db.selectFrom('job').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** Each step of each job, by whom; fails if a step ran twice. */
function stepsByJob(seen: readonly Seen[]) {
  const byJob = new Map<string, Seen[]>();
  for (const step of seen) byJob.set(step.job, [...(byJob.get(step.job) ?? []), step]);
  for (const steps of byJob.values()) expect(steps.map((step) => step.at)).toEqual(steps.map((_, index) => index));
  return byJob;
}

describe('job runner', () => {
  it('runs a job step by step, saving the cursor after each and letting other work run between steps', async () => {
    let ticks = 0;
    const ticksAtStep: number[] = [];
    const jobs = runner('count-a', {
      async step(job) {
        ticksAtStep.push(ticks);
        const at = job.cursor.at + 1;
        return { cursor: { ...job.cursor, at }, done: at >= job.cursor.until };
      },
      failed: async () => undefined,
    });
    let busy = true;
    const other = (async () => {
      while (busy) {
        ticks++;
        await tick();
      }
    })();
    jobs.start();
    const id = await jobs.enqueue({ kind: 'count-a', owner: null, cursor: { at: 0, until: 20 } });
    await jobs.idle();
    busy = false;
    await other;
    await jobs.close();

    expect(ticksAtStep).toHaveLength(20);
    // Something else ran between every two steps.
    for (let index = 1; index < ticksAtStep.length; index++) expect(ticksAtStep[index]).toBeGreaterThan(ticksAtStep[index - 1]!);
    const row = await jobRow(id);
    expect(row).toMatchObject({ state: 'done', attempts: 1, locked_by: null, locked_until: null });
    expect(JSON.parse(row.cursor)).toEqual({ at: 20, until: 20 });
  });

  it('never runs a job in two runners sharing the database, and shares the jobs between them', async () => {
    const seen: Seen[] = [];
    const one = runner('count-b', counting('one', seen, { stepMs: 2 }));
    const two = runner('count-b', counting('two', seen, { stepMs: 2 }), { db: secondDb });
    const ids: string[] = [];
    for (let index = 0; index < 8; index++) ids.push(await one.enqueue({ kind: 'count-b', owner: null, cursor: { at: 0, until: 10 } }));
    one.start();
    two.start();
    await Promise.all([one.idle(), two.idle()]);
    await Promise.all([one.close(), two.close()]);

    const byJob = stepsByJob(seen);
    expect([...byJob.keys()].sort()).toEqual([...ids].sort());
    for (const steps of byJob.values()) {
      expect(steps).toHaveLength(10);
      expect(new Set(steps.map((step) => step.runner)).size).toBe(1);
    }
    expect(new Set(seen.map((step) => step.runner))).toEqual(new Set(['one', 'two']));
    for (const id of ids) expect(await jobRow(id)).toMatchObject({ state: 'done', attempts: 1 });
  });

  it('hands its jobs back when it closes, and the next runner resumes from the saved cursor', async () => {
    const seen: Seen[] = [];
    const first = runner('count-c', counting('first', seen, { stepMs: 2 }));
    first.start();
    const id = await first.enqueue({ kind: 'count-c', owner: null, cursor: { at: 0, until: 40 } });
    while (seen.length < 5) await new Promise((resolve) => setTimeout(resolve, 5));
    await first.close();

    const handedBack = await jobRow(id);
    expect(handedBack).toMatchObject({ state: 'queued', attempts: 0, locked_by: null });
    const stoppedAt = (JSON.parse(handedBack.cursor) as Count).at;
    expect(stoppedAt).toBe(seen.length);
    expect(stoppedAt).toBeLessThan(40);

    const next = runner('count-c', counting('next', seen), { db: secondDb });
    next.start();
    await next.idle();
    await next.close();
    stepsByJob(seen);
    expect(seen).toHaveLength(40);
    expect(seen.filter((step) => step.runner === 'next').map((step) => step.at)[0]).toBe(stoppedAt);
    expect(await jobRow(id)).toMatchObject({ state: 'done', attempts: 1 });
  });

  it('takes over a job whose runner stopped renewing its lease, and the stalled runner saves nothing after', async () => {
    const seen: Seen[] = [];
    let resume = () => {};
    const stalled = new Promise<void>((resolve) => (resume = resolve));
    const warnings: string[] = [];
    const first = runner('count-d', counting('first', seen, { before: (at) => (at === 3 ? stalled : Promise.resolve()) }), {
      leaseMs: 100,
      log: { error: () => undefined, warn: (_details, message) => warnings.push(message) },
    });
    first.start();
    const id = await first.enqueue({ kind: 'count-d', owner: null, cursor: { at: 0, until: 10 } });
    while (seen.length < 3) await new Promise((resolve) => setTimeout(resolve, 5));

    const second = runner('count-d', counting('second', seen), { db: secondDb });
    second.start();
    while ((await jobRow(id)).state !== 'done') await new Promise((resolve) => setTimeout(resolve, 20));
    resume();
    await Promise.all([first.close(), second.close()]);

    expect(seen.filter((step) => step.runner === 'second').map((step) => step.at)).toEqual([3, 4, 5, 6, 7, 8, 9]);
    // The stalled runner finished its step late; its cursor was not saved over the second runner's.
    expect(seen.filter((step) => step.runner === 'first').map((step) => step.at)).toEqual([0, 1, 2, 3]);
    expect(warnings).toEqual(['the job was taken over by another runner, or removed']);
    const row = await jobRow(id);
    expect(row).toMatchObject({ state: 'done', attempts: 2 });
    expect(JSON.parse(row.cursor)).toEqual({ at: 10, until: 10 });
  });

  it('fails a job whose step throws, and lets its handler record why in the same transaction', async () => {
    const seen: Seen[] = [];
    const recorded: string[] = [];
    const jobs = runner(
      'count-e',
      counting('e', seen, {
        before: async (at) => {
          if (at === 2) throw new Error('the file is broken');
        },
        failed: async (error, db) => {
          // The handler's writes go through the transaction it is given.
          const row = await db.selectFrom('job').select('state').where('kind', '=', 'count-e').executeTakeFirstOrThrow();
          recorded.push(`${(error as Error).message} (${row.state})`);
        },
      }),
    );
    jobs.start();
    const id = await jobs.enqueue({ kind: 'count-e', owner: 'someone', cursor: { at: 0, until: 10 } });
    await jobs.idle();
    await jobs.close();
    expect(recorded).toEqual(['the file is broken (failed)']);
    expect(await jobRow(id)).toMatchObject({ state: 'failed', error: 'the file is broken', owner: 'someone', locked_by: null });
    expect(JSON.parse((await jobRow(id)).cursor)).toEqual({ at: 2, until: 10 });
  });

  it("forgets an owner's jobs, letting a step of theirs under way finish first", async () => {
    const seen: Seen[] = [];
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let waiting = false;
    const jobs = runner(
      'count-g',
      counting('g', seen, {
        before: async (at) => {
          if (at !== 2) return;
          waiting = true;
          await gate;
        },
      }),
    );
    jobs.start();
    const leaving = await jobs.enqueue({ kind: 'count-g', owner: 'leaving', cursor: { at: 0, until: 10 } });
    const staying = await jobs.enqueue({ kind: 'count-g', owner: 'staying', cursor: { at: 0, until: 2 } });
    while (!waiting) await new Promise((resolve) => setTimeout(resolve, 5));
    let forgotten = false;
    const forgetting = jobs.forget('leaving').then(() => (forgotten = true));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(forgotten).toBe(false);
    release();
    await forgetting;
    const stepsWhenForgotten = seen.filter((step) => step.job === leaving).length;
    await jobs.idle();
    await jobs.close();
    expect(stepsWhenForgotten).toBe(3);
    expect(seen.filter((step) => step.job === leaving).map((step) => step.at)).toEqual([0, 1, 2]);
    expect(await t.db.selectFrom('job').select('id').where('owner', '=', 'leaving').execute()).toEqual([]);
    expect(await jobRow(staying)).toMatchObject({ state: 'done' });
  });

  it('fails a job whose runs keep being cut off instead of running it again', async () => {
    const seen: Seen[] = [];
    const failures: string[] = [];
    const jobs = runner('count-f', counting('f', seen, { failed: async (error) => void failures.push((error as Error).message) }));
    const id = await jobs.enqueue({ kind: 'count-f', owner: null, cursor: { at: 0, until: 10 } });
    // Five runs took it and none ended: each process running it died.
    await t.db
      .updateTable('job')
      .set({ state: 'running', attempts: 5, locked_by: 'a process that died', locked_until: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', id)
      .execute();
    jobs.start();
    await jobs.idle();
    await jobs.close();
    expect(seen).toEqual([]);
    expect(failures).toEqual(['The job was cut off 5 times.']);
    expect(await jobRow(id)).toMatchObject({ state: 'failed', attempts: 6 });
  });
});
