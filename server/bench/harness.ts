/**
 * The pieces `bench/run.ts` is made of: processes pinned to a core, autocannon with every latency recorded, a bare
 * node:http server answering a recorded response, sessions minted straight into the database, medians and tables.
 */
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { SESSION_IDLE_DAYS } from '../src/platform/auth/auth.ts';
import type { DB, Dialect } from '../src/platform/db/index.ts';

export const serverDir = new URL('..', import.meta.url).pathname;
export const cacheDir = join(serverDir, '..', '.bench');

/** Deterministic pseudo-random numbers in [0, 1), so every run picks the same inputs. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Pinning: the servers on core 0, the load generator on core 1, so neither steals the other's time slices.

const PINNED_ENV = 'HEARSAY_BENCH_PINNED';

function tasksetWorks(): boolean {
  try {
    return spawnSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' }).status === 0;
  } catch {
    return false;
  }
}

export const pinning: { enabled: boolean; note: string } = (() => {
  const note = 'servers pinned to core 0, load generator to core 1';
  // The copy re-run under `taskset -c 1` sees one core; the first run checked there were two.
  if (process.env[PINNED_ENV] === '1') return { enabled: true, note };
  if (availableParallelism() < 2) return { enabled: false, note: 'not pinned: one core only' };
  if (!tasksetWorks()) return { enabled: false, note: 'not pinned: taskset is missing' };
  return { enabled: true, note };
})();

/**
 * Runs this very script again under `taskset -c 1` (once: the environment variable marks the copy) and exits with
 * its status. Without taskset, or on one core, it returns and the bench runs unpinned.
 */
export function pinLoadGenerator(): void {
  if (!pinning.enabled || process.env[PINNED_ENV] === '1') return;
  const child = spawnSync('taskset', ['-c', '1', process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, [PINNED_ENV]: '1' },
  });
  process.exit(child.status ?? 1);
}

/**
 * Runs `work` with a PostgreSQL server on this machine kept on the servers' core, as the server side's own work, then
 * gives it back the cores it had. Left to the scheduler, PostgreSQL's processes also run on the load generator's
 * core, and while they do, the load generator is late reading answers: at one connection that shows as the server's
 * latency. The postmaster is moved too, so the backends it starts meanwhile follow. Not moved (`moved: false`) when
 * pinning is off, or the server is elsewhere or not ours to move.
 */
export async function withPostgresOnServerCore<T>(db: DB, work: () => Promise<T>): Promise<{ result: T; moved: boolean }> {
  const rows = pinning.enabled ? (await sql<{ pid: number }>`select pid from pg_stat_activity`.execute(db)).rows : [];
  const postmaster = rows.map((row) => parentOf(row.pid)).find((pid) => pid !== null);
  const before = postmaster ? affinityOf(postmaster) : null;
  if (!postmaster || !before || !setAffinity(postmaster, '0')) return { result: await work(), moved: false };
  const giveBack = () => {
    for (const pid of [postmaster, ...childrenOf(postmaster)]) setAffinity(pid, before);
  };
  afterExit.add(giveBack);
  try {
    for (const pid of childrenOf(postmaster)) setAffinity(pid, '0');
    return { result: await work(), moved: true };
  } finally {
    giveBack();
    afterExit.delete(giveBack);
  }
}

/** The parent of a process of this machine, from /proc (null: not here, or not readable). */
function parentOf(pid: number): number | null {
  try {
    // /proc/<pid>/stat: the name in parentheses, then the state, then the parent's id.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[1]);
  } catch {
    return null;
  }
}

function childrenOf(pid: number): number[] {
  const found = spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' });
  return found.stdout.split('\n').filter(Boolean).map(Number);
}

/** The cores a process may run on, as a taskset list ("0,1"); null when it cannot be read. */
function affinityOf(pid: number): string | null {
  const shown = spawnSync('taskset', ['--cpu-list', '--pid', String(pid)], { encoding: 'utf8' });
  return shown.status === 0 ? (shown.stdout.split(': ')[1]?.trim() ?? null) : null;
}

/** Every thread of `pid` onto `cores` (a taskset list); false when that is not allowed. */
function setAffinity(pid: number, cores: string): boolean {
  return spawnSync('taskset', ['--all-tasks', '--cpu-list', '--pid', cores, String(pid)], { stdio: 'ignore' }).status === 0;
}

// ---------------------------------------------------------------------------------------------------------------
// Processes

const children = new Set<ChildProcess>();
const scratch = new Set<string>();
/** What must be put back however the bench ends (synchronous: it runs as the process exits). */
const afterExit = new Set<() => void>();
// A bench that fails half-way leaves no server, no scratch file and no moved process behind.
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
  for (const file of scratch) rmSync(file, { force: true });
  for (const undo of afterExit) undo();
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts `node <args>` on core 0 (when pinning) and waits until `readyUrl` answers. */
export async function startServerProcess(args: string[], env: Record<string, string>, readyUrl: string): Promise<ChildProcess> {
  const [command, argv] = pinning.enabled ? ['taskset', ['-c', '0', process.execPath, ...args]] : [process.execPath, args];
  const child = spawn(command, argv, { cwd: serverDir, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  children.add(child);
  let exited = false;
  child.on('exit', () => {
    exited = true;
    children.delete(child);
  });
  for (let attempt = 0; attempt < 900; attempt++) {
    if (exited) throw new Error(`node ${args.join(' ')} exited before it was ready`);
    try {
      if ((await fetch(readyUrl)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill();
  throw new Error(`node ${args.join(' ')} did not become ready`);
}

/** Stops a child process and waits until it has exited (the server closes its database on the way out). */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill();
  await exited;
}

// ---------------------------------------------------------------------------------------------------------------
// Bare node:http: the floor a path is compared with, answering exactly what Hearsay answered.

export interface Sample {
  status: number;
  contentType: string;
  body: Buffer;
}

/** What Hearsay answers to one request, recorded so a bare server can answer the same bytes. */
export async function sampleOf(base: string, request: Spec): Promise<Sample> {
  const response = await fetch(`${base}${request.path}`, {
    method: request.method ?? 'GET',
    headers: { ...request.headers, ...(request.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: request.body,
  });
  const body = Buffer.from(await response.arrayBuffer());
  if (!response.ok) throw new Error(`${request.method ?? 'GET'} ${request.path}: ${response.status} ${body.toString().slice(0, 300)}`);
  return { status: response.status, contentType: response.headers.get('content-type') ?? 'application/json; charset=utf-8', body };
}

export async function startBare(name: string, sample: Sample): Promise<{ process: ChildProcess; base: string }> {
  mkdirSync(cacheDir, { recursive: true });
  const file = join(cacheDir, `bare-${process.pid}-${name}.body`);
  writeFileSync(file, sample.body);
  scratch.add(file);
  const port = await freePort();
  const child = await startServerProcess(
    ['bench/bare-server.ts'],
    { BARE_PORT: String(port), BARE_BODY: file, BARE_TYPE: sample.contentType, BARE_STATUS: String(sample.status) },
    `http://127.0.0.1:${port}/`,
  );
  return { process: child, base: `http://127.0.0.1:${port}` };
}

// ---------------------------------------------------------------------------------------------------------------
// Measuring

/** One request: autocannon asks for the next one each time a connection is free, so inputs never repeat in a row. */
export interface Spec {
  path: string;
  method?: 'GET' | 'PUT' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

export interface Result {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  /** Connection errors, timeouts and answers other than 2xx. */
  errors: number;
  /** The status codes that were not 2xx, with their counts, to tell what went wrong. */
  statuses: Record<string, number>;
  /**
   * Microseconds of the server's main thread on a core per answered request, when its process was given: what a
   * request costs the thread that serves it, which moves far less with the machine's other load than requests a second.
   */
  cpuUs: number | null;
}

/** Nanoseconds the main thread of process `pid` has spent on a core (Linux), or null where that cannot be read. */
function mainThreadCpuNs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]);
  } catch {
    return null;
  }
}

function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]!;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

export async function measure(options: {
  base: string;
  next: () => Spec;
  connections: number;
  seconds: number;
  /** The server's process, for its CPU per request. */
  pid?: number;
}): Promise<Result> {
  const latencies: number[] = [];
  const cpuBefore = mainThreadCpuNs(options.pid);
  const statuses: Record<string, number> = {};
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.base,
        connections: options.connections,
        duration: options.seconds,
        requests: [
          {
            setupRequest: (request) => {
              const spec = options.next();
              return {
                ...request,
                method: spec.method ?? 'GET',
                path: spec.path,
                headers: { ...spec.headers, ...(spec.body === undefined ? {} : { 'content-type': 'application/json' }) },
                body: spec.body,
              } as typeof request;
            },
          },
        ],
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    // Every response time, so p95 is exact rather than read off autocannon's fixed percentiles.
    instance.on('response', (_client, status, _bytes, responseTime) => {
      latencies.push(responseTime);
      if (status < 200 || status >= 300) statuses[status] = (statuses[status] ?? 0) + 1;
    });
  });
  const cpuAfter = mainThreadCpuNs(options.pid);
  latencies.sort((a, b) => a - b);
  return {
    // Responses over the measured time (autocannon's per-second average would be empty for runs under a second).
    rps: result.duration > 0 ? latencies.length / result.duration : 0,
    p50: round2(percentile(latencies, 0.5)),
    p95: round2(percentile(latencies, 0.95)),
    p99: round2(percentile(latencies, 0.99)),
    requests: latencies.length,
    errors: result.errors + result.timeouts + result.non2xx,
    statuses,
    cpuUs:
      cpuBefore === null || cpuAfter === null || latencies.length === 0 ? null : round2((cpuAfter - cpuBefore) / 1000 / latencies.length),
  };
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The median of each figure across rounds; errors are summed, so one bad round still shows. */
export function medianResult(results: readonly Result[]): Result {
  const statuses: Record<string, number> = {};
  for (const result of results)
    for (const [status, count] of Object.entries(result.statuses)) statuses[status] = (statuses[status] ?? 0) + count;
  return {
    rps: median(results.map((result) => result.rps)),
    p50: round2(median(results.map((result) => result.p50))),
    p95: round2(median(results.map((result) => result.p95))),
    p99: round2(median(results.map((result) => result.p99))),
    requests: results.reduce((sum, result) => sum + result.requests, 0),
    errors: results.reduce((sum, result) => sum + result.errors, 0),
    statuses,
    cpuUs: results.some((result) => result.cpuUs === null) ? null : round2(median(results.map((result) => result.cpuUs!))),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Sessions, minted without a sign-in: the bench knows AUTH_SECRET, so it signs the cookie the way the server checks it.

/** The session cookie for `token`, signed as `accounts/session-cookie.ts` verifies it (http site: no `__Secure-`). */
export function sessionCookie(token: string, secret: string): string {
  const signature = createHmac('sha256', secret).update(token).digest('base64');
  return `hearsay.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}

/** One fresh session per person (expiring a full idle period from now, so no refresh is due); their cookies, in order. */
export async function mintSessions(db: DB, dialect: Dialect, userIds: readonly string[], secret: string): Promise<string[]> {
  const now = new Date();
  const expires = new Date(now.getTime() + SESSION_IDLE_DAYS * 86_400_000);
  // Better Auth's columns: Date on PostgreSQL, ISO text on SQLite.
  const stamp = (moment: Date) => (dialect === 'postgres' ? moment : moment.toISOString());
  const rows = userIds.map((userId) => ({
    id: `bench-session-${randomBytes(8).toString('hex')}`,
    user_id: userId,
    token: randomBytes(24).toString('base64url'),
    expires_at: stamp(expires),
    ip_address: '127.0.0.1',
    user_agent: 'hearsay-bench',
    created_at: stamp(now),
    updated_at: stamp(now),
  }));
  for (let start = 0; start < rows.length; start += 500)
    await db
      .insertInto('session')
      .values(rows.slice(start, start + 500))
      .execute();
  return rows.map((row) => sessionCookie(row.token, secret));
}

// ---------------------------------------------------------------------------------------------------------------
// Report

export function table(header: readonly string[], rows: readonly (readonly (string | number)[])[], alignLeft = 1): string {
  const rule = header.map((_, index) => (index < alignLeft ? '---' : '---:'));
  return [header, rule, ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n') + '\n';
}

export const thousands = (value: number) => Math.round(value).toLocaleString('en-US');
