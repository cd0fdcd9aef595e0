import { hostname } from 'node:os';
import type { DB } from '../db/index.ts';
import { newId } from '../ids.ts';
import * as repository from './jobs.repository.ts';

/** A lease not renewed for this long belongs to a runner that stopped or stalled: another may take the job over. */
const LEASE_MS = 30_000;
/** Jobs enqueued by another process, or whose lease ran out, are found within this. */
const POLL_MS = 1_000;
/**
 * Synchronous time a step may take. better-sqlite3 answers synchronously, so a step is one uninterrupted stretch of
 * the event loop: every request arriving meanwhile waits for it.
 */
const SLICE_MS = 5;
const CONCURRENCY = 2;
/** A job that keeps cutting its runs off (a crash, running out of memory) fails instead of taking the server down again. */
const MAX_ATTEMPTS = 5;

export interface Job<Cursor> {
  id: string;
  kind: string;
  owner: string | null;
  cursor: Cursor;
  attempts: number;
}

export interface Step<Cursor> {
  cursor: Cursor;
  done: boolean;
  /** The handler's own writes that go with this cursor (the progress it shows), saved in the same transaction. */
  save?: (db: DB) => Promise<void>;
  /** Runs once the step is committed: telling people of what it did (it is there by then). */
  saved?: () => void;
}

export interface JobHandler<Cursor> {
  /**
   * One slice of the work, from `job.cursor`, of about `budgetMs` of synchronous time. A step cut off by a crash
   * runs again from the same cursor, so its writes must be safe to repeat.
   */
  step(job: Job<Cursor>, budgetMs: number): Promise<Step<Cursor>>;
  /** The job has failed for good; called in the transaction that records it. */
  failed(job: Job<Cursor>, error: unknown, db: DB): Promise<void>;
}

export interface JobRunnerOptions {
  db: DB;
  clock: () => Date;
  log: { error(details: object, message: string): void; warn(details: object, message: string): void };
  leaseMs?: number;
  pollMs?: number;
  sliceMs?: number;
  /** Jobs this process runs at once; their steps take turns. */
  concurrency?: number;
  /** Told of each job that fails for good (metrics). */
  onFailed?: (kind: string) => void;
}

/** What the rest of the server sees of background jobs, whether they run in this thread or in the job thread. */
export interface Jobs {
  /** Adds a job, with the handler's own rows written in the same transaction; returns its id. */
  enqueue<Cursor>(job: NewJob<Cursor>, alongside?: (db: DB) => Promise<void>): Promise<string>;
  /** Starts looking for jobs. */
  start(): void;
  /** Resolves once nothing is being claimed or run (tests wait on it instead of sleeping). */
  idle(): Promise<void>;
  /**
   * Account deletion: the person's jobs go, and a step of theirs under way finishes first, so nothing of theirs is
   * written after this resolves.
   */
  forget(owner: string): Promise<void>;
  /** Finishes the steps under way and hands their jobs back, so the next process resumes them at once. */
  close(): Promise<void>;
  /** Looks for jobs now rather than at the next poll: one was queued in a transaction that has committed since. */
  wake(): void;
}

export interface NewJob<Cursor> {
  id?: string;
  kind: string;
  owner: string | null;
  cursor: Cursor;
  /** Not before this time (a retry later); at once when left out. */
  runAfter?: Date;
  /** What it is about, to count jobs by it (a remote server's host). */
  topic?: string;
}

export type JobRunner = ReturnType<typeof createJobRunner>;

/** Stores a new job (queued) with the handler's rows; whoever runs jobs is told separately. */
export async function insertQueuedJob<Cursor>(
  db: DB,
  now: string,
  job: NewJob<Cursor>,
  alongside?: (db: DB) => Promise<void>,
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    await alongside?.(trx);
    return queueJob(trx, now, job);
  });
}

/**
 * Stores a new job (queued) in the caller's transaction, so it commits with the action it follows; runners find it at
 * their next poll, or at once when woken after the commit.
 */
export async function queueJob<Cursor>(db: DB, now: string, job: NewJob<Cursor>): Promise<string> {
  const id = job.id ?? newId();
  await repository.insertJob(db, {
    id,
    kind: job.kind,
    owner: job.owner,
    state: 'queued',
    cursor: JSON.stringify(job.cursor),
    run_after: job.runAfter?.toISOString() ?? null,
    topic: job.topic ?? null,
    created_at: now,
    updated_at: now,
  });
  return id;
}

/**
 * Runs long work in the background, in steps, in whichever process holds the job's lease. Jobs live in the
 * database, so they survive restarts and any process sharing the database can run them; each step saves its
 * cursor, so a job resumes where it stopped. Between steps the event loop is free for requests.
 */
export function createJobRunner(options: JobRunnerOptions) {
  const { db, clock, log } = options;
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const pollMs = options.pollMs ?? POLL_MS;
  const sliceMs = options.sliceMs ?? SLICE_MS;
  const concurrency = options.concurrency ?? CONCURRENCY;
  const runnerId = `${hostname()}/${process.pid}/${newId()}`;
  const handlers = new Map<string, JobHandler<unknown>>();
  /** Jobs running here, by id: never claimed twice even if a step outlives its lease. */
  const running = new Map<string, { owner: string | null; run: Promise<void> }>();
  let claiming: Promise<void> | null = null;
  let claimAgain = false;
  let started = false;
  let closing = false;
  let timer: NodeJS.Timeout | undefined;

  const stamp = (offsetMs = 0) => new Date(clock().getTime() + offsetMs).toISOString();

  function register<Cursor>(kind: string, handler: JobHandler<Cursor>): void {
    handlers.set(kind, handler as JobHandler<unknown>);
  }

  /** Stores the job and looks for work at once. */
  async function enqueue<Cursor>(job: NewJob<Cursor>, alongside?: (db: DB) => Promise<void>): Promise<string> {
    const id = await insertQueuedJob(db, stamp(), job, alongside);
    kick();
    return id;
  }

  function kick(): void {
    if (!started || closing) return;
    if (claiming) {
      claimAgain = true;
      return;
    }
    claiming = fill()
      .catch((error: unknown) => log.error({ err: error }, 'could not look for jobs'))
      .finally(() => {
        claiming = null;
        if (claimAgain) {
          claimAgain = false;
          kick();
        }
      });
  }

  async function fill(): Promise<void> {
    while (!closing && running.size < concurrency) {
      const job = await claimNext();
      if (!job) return;
      const run = work(job).finally(() => {
        running.delete(job.id);
        kick();
      });
      running.set(job.id, { owner: job.owner, run });
    }
  }

  /**
   * The next job this runner takes, or null when none is left to take. When another runner took every job looked at
   * first, it looks again: jobs further down the queue would otherwise wait for the next poll, and this runner would
   * seem idle while there is still work for it.
   */
  async function claimNext(): Promise<Job<unknown> | null> {
    for (;;) {
      const now = stamp();
      const ids = await repository.claimableIds(db, [...handlers.keys()], now, concurrency + running.size);
      let takenByAnother = false;
      for (const id of ids) {
        if (running.has(id)) continue;
        if (!(await repository.claim(db, id, runnerId, now, stamp(leaseMs)))) {
          takenByAnother = true;
          continue;
        }
        const row = await repository.findJob(db, id);
        if (!row) continue;
        return { id, kind: row.kind, owner: row.owner, cursor: JSON.parse(row.cursor) as unknown, attempts: row.attempts };
      }
      if (!takenByAnother) return null;
    }
  }

  async function work(job: Job<unknown>): Promise<void> {
    const handler = handlers.get(job.kind)!;
    let current = job;
    try {
      if (job.attempts > MAX_ATTEMPTS) throw new Error(`The job was cut off ${MAX_ATTEMPTS} times.`);
      for (;;) {
        if (closing) {
          await repository.handBack(db, job.id, runnerId, stamp());
          return;
        }
        const step = await handler.step(current, sliceMs);
        const cursor = JSON.stringify(step.cursor);
        const now = stamp();
        const kept = await db.transaction().execute(async (trx) => {
          const mine = await repository.saveStep(
            trx,
            job.id,
            runnerId,
            step.done
              ? { cursor, state: 'done', locked_by: null, locked_until: null, updated_at: now, finished_at: now }
              : { cursor, locked_until: stamp(leaseMs), updated_at: now },
          );
          if (mine) await step.save?.(trx);
          return mine;
        });
        if (!kept) {
          log.warn({ jobId: job.id, kind: job.kind }, 'the job was taken over by another runner, or removed');
          return;
        }
        step.saved?.();
        if (step.done) return;
        current = { ...current, cursor: step.cursor };
        await new Promise((resolve) => setImmediate(resolve));
      }
    } catch (error) {
      await fail(current, handler, error);
    }
  }

  async function fail(job: Job<unknown>, handler: JobHandler<unknown>, error: unknown): Promise<void> {
    log.error({ err: error, jobId: job.id, kind: job.kind }, 'job failed');
    options.onFailed?.(job.kind);
    const reason = error instanceof Error ? error.message : String(error);
    try {
      await db.transaction().execute(async (trx) => {
        if (await repository.markFailed(trx, job.id, runnerId, reason, stamp())) await handler.failed(job, error, trx);
      });
    } catch (cause) {
      log.error({ err: cause, jobId: job.id, kind: job.kind }, 'could not record the failure of a job');
      // Recorded without the handler's part rather than retried forever.
      await repository.markFailed(db, job.id, runnerId, reason, stamp()).catch(() => undefined);
    }
  }

  /** Starts looking for jobs: now (jobs left by a restart), every poll, whenever one is enqueued here or `wake` is called. */
  function start(): void {
    if (started) return;
    started = true;
    timer = setInterval(kick, pollMs);
    timer.unref();
    kick();
  }

  async function idle(): Promise<void> {
    while (claiming || running.size) await Promise.allSettled([claiming, ...[...running.values()].map((entry) => entry.run)]);
  }

  async function forget(owner: string): Promise<void> {
    await repository.deleteOwnedBy(db, owner);
    await Promise.allSettled([...running.values()].filter((entry) => entry.owner === owner).map((entry) => entry.run));
  }

  async function close(): Promise<void> {
    closing = true;
    clearInterval(timer);
    await idle();
  }

  return { register, enqueue, start, idle, close, forget, wake: kick } satisfies Jobs & { register: unknown };
}
