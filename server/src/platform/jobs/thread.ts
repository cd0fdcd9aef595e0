import { parentPort, Worker } from 'node:worker_threads';
import { lowerThisThreadsPriority } from '../background-thread.ts';
import { freshReads, type DB } from '../db/index.ts';
import * as repository from './jobs.repository.ts';
import { insertQueuedJob, type JobRunner, type Jobs, type NewJob } from './runner.ts';

/** Jobs enqueued by another process, or whose lease ran out, are found within this. */
const POLL_MS = 1_000;
/** How long `close` waits for the thread to hand its jobs back before stopping it. */
const CLOSE_MS = 10_000;

/** What the server asks of the thread and waits for. */
type Question = { type: 'forget'; owner: string } | { type: 'idle' } | { type: 'close' };
type Request = { type: 'wake' } | (Question & { id: number });
type Reply =
  | { type: 'done'; id: number }
  | { type: 'event'; event: unknown }
  | { type: 'failed'; kind: string }
  | {
      type: 'log';
      level: 'error' | 'warn' | 'info';
      message: string;
      details: Record<string, unknown>;
      error?: { message: string; stack?: string };
    };

export interface JobLog {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

export interface JobThreadOptions {
  db: DB;
  clock: () => Date;
  log: JobLog;
  /** The module the thread runs: it builds its own services on its own connection and calls `serveJobThread`. */
  entry: URL;
  workerData: unknown;
  /** The kinds of job the thread has handlers for. */
  kinds: readonly string[];
  /** What the thread tells the server with `tellServer` (a change the server's caches must drop). */
  onEvent?: (event: unknown) => void;
  /** A job the thread ran failed for good (the server's metrics count it). */
  onFailed?: (kind: string) => void;
  pollMs?: number;
}

/**
 * Runs jobs in a worker thread of their own, with their own database connection, so that not even a step's worth of
 * synchronous SQLite work or HTML sanitising stands between a request and its answer. The thread starts when there
 * is work (a job enqueued here, or found queued in the database) and lives until the server closes; jobs stay in the
 * database, so everything about leases, restarts and several processes is as with the runner on its own.
 */
export function createJobThread(options: JobThreadOptions): Jobs {
  const { db, clock, log, kinds } = options;
  const pollMs = options.pollMs ?? POLL_MS;
  let worker: Worker | null = null;
  let exited: Promise<void> = Promise.resolve();
  let closing = false;
  let timer: NodeJS.Timeout | undefined;
  let nextId = 0;
  const waiting = new Map<number, () => void>();

  function spawn(): Worker {
    const thread = new Worker(options.entry, { workerData: options.workerData });
    thread.unref();
    exited = new Promise((resolve) => thread.once('exit', () => resolve()));
    thread.on('message', (reply: Reply) => {
      // Whatever the thread says follows its writes: the reads that act on it must see them.
      freshReads();
      if (reply.type === 'done') {
        waiting.get(reply.id)?.();
        waiting.delete(reply.id);
      } else if (reply.type === 'event') {
        options.onEvent?.(reply.event);
      } else if (reply.type === 'failed') {
        options.onFailed?.(reply.kind);
      } else {
        const details = reply.error
          ? { ...reply.details, err: Object.assign(new Error(reply.error.message), { stack: reply.error.stack }) }
          : reply.details;
        log[reply.level](details, reply.message);
      }
    });
    thread.on('error', (error) => log.error({ err: error }, 'the job thread stopped with an error; it starts again when there is work'));
    thread.on('exit', () => {
      if (worker === thread) worker = null;
      for (const resolve of waiting.values()) resolve();
      waiting.clear();
    });
    return thread;
  }

  /** Sends a request to the thread and resolves when it has been carried out, or at once when no thread runs. */
  function ask(request: Question): Promise<void> {
    if (!worker) return Promise.resolve();
    const id = nextId++;
    const thread = worker;
    return new Promise((resolve) => {
      waiting.set(id, resolve);
      thread.postMessage({ ...request, id });
    });
  }

  function wake(): void {
    if (closing) return;
    if (worker) worker.postMessage({ type: 'wake' } satisfies Request);
    else worker = spawn();
  }

  async function look(): Promise<void> {
    if (worker || closing) return;
    const found = await repository.claimableIds(db, kinds, clock().toISOString(), 1);
    if (found.length) wake();
  }

  return {
    async enqueue<Cursor>(job: NewJob<Cursor>, alongside?: (db: DB) => Promise<void>): Promise<string> {
      const id = await insertQueuedJob(db, clock().toISOString(), job, alongside);
      wake();
      return id;
    },
    start() {
      if (timer || closing) return;
      const poll = () => void look().catch((error: unknown) => log.error({ err: error }, 'could not look for jobs'));
      timer = setInterval(poll, pollMs);
      timer.unref();
      poll();
    },
    idle: () => ask({ type: 'idle' }),
    wake,
    async forget(owner) {
      await repository.deleteOwnedBy(db, owner);
      await ask({ type: 'forget', owner });
    },
    async close() {
      closing = true;
      clearInterval(timer);
      const thread = worker;
      if (!thread) return;
      const stop = setTimeout(() => void thread.terminate(), CLOSE_MS);
      await ask({ type: 'close' });
      await exited;
      clearTimeout(stop);
    },
  };
}

/**
 * The thread's side: runs `runner` at a low CPU priority (the server's own thread comes first when both want the
 * same core) and carries out the server's requests; `shutdown` closes the thread's own resources.
 */
export function serveJobThread(runner: JobRunner, shutdown: () => Promise<void>): void {
  const port = parentPort;
  if (!port) throw new Error('serveJobThread runs inside the job thread');
  lowerThisThreadsPriority(19, { idle: true });
  const reply = (message: Reply) => port.postMessage(message);
  port.on('message', (request: Request) => {
    const done = () => {
      if ('id' in request) reply({ type: 'done', id: request.id });
    };
    switch (request.type) {
      case 'wake':
        runner.wake();
        break;
      case 'idle':
        void runner.idle().then(done);
        break;
      case 'forget':
        void runner.forget(request.owner).then(done);
        break;
      case 'close':
        void runner
          .close()
          .then(shutdown)
          .finally(() => {
            done();
            port.close();
          });
        break;
    }
  });
  runner.start();
}

/** From the job thread: sends the server an event for its `onEvent`. */
export function tellServer(event: unknown): void {
  parentPort?.postMessage({ type: 'event', event } satisfies Reply);
}

/** From the job thread: a job failed for good. */
export function tellJobFailed(kind: string): void {
  parentPort?.postMessage({ type: 'failed', kind } satisfies Reply);
}

/** A log for the job thread that the server's logger writes. */
export function threadLog(): JobLog {
  const send = (level: 'error' | 'warn' | 'info') => (details: object, message: string) => {
    const { err, ...rest } = details as { err?: unknown };
    const error =
      err instanceof Error ? { message: err.message, stack: err.stack } : err === undefined ? undefined : { message: String(err) };
    parentPort?.postMessage({
      type: 'log',
      level,
      message,
      details: JSON.parse(JSON.stringify(rest)) as Record<string, unknown>,
      error,
    } satisfies Reply);
  };
  return { error: send('error'), warn: send('warn'), info: send('info') };
}
