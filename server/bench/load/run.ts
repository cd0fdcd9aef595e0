/**
 * `npm run bench:load`: a day of a real site, simulated. Members of the generated site (`seed-scale.ts`: a skewed follow
 * graph and popularity) sign in with real sessions, hold the web app's WebSocket, and act every few seconds as people do
 * (member.ts, model.ts); their number grows step by step until the p95 page time passes the limit or anything fails.
 * It reports the members served (the last step within the limits), requests a second, p50/p95/p99 per kind, `/healthz`
 * p99 and CPU per request, for SQLite on one process and PostgreSQL with two processes behind nginx, then checks the
 * site against recounts: no lost writes, exact counters. See docs/capacity.md.
 *
 *   npm run bench:load                                          both engines, the default site (50,000 members)
 *   BENCH_LOAD_DB=sqlite BENCH_SCALE=0.02 BENCH_LOAD_START=10 BENCH_LOAD_STEP_SECONDS=5 npm run bench:load   a quick look
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { Pool } from 'undici';
import { openDatabase, type DB, type Dialect } from '../../src/platform/db/index.ts';
import { startNginx, type Nginx } from '../../test/nginx.ts';
import { albumsWithWrongRatingTotals } from '../../test/rating-totals.ts';
import { spawnServer, type ServerProcess } from '../../test/server-process.ts';
import { cacheDir, mintSessions, random, table, thousands } from '../harness.ts';
import { keptPostgresSite, keptSqliteSite, postgresAdmin, postgresDatabaseUrl, type SiteSize } from '../site.ts';
import { CpuMeter, machineTicks, residentMb, threadCpuMs } from './cpu.ts';
import { Member, type AlbumRef, type Recorder, type Shared, type Target, type Writes } from './member.ts';
import { latencies, nextMembers, searchWords, withinLimits, type Latencies } from './model.ts';

const number = (name: string, fallback: number) => {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0) throw new Error(`${name} must be a positive number, not "${value}"`);
  return parsed;
};

const ENGINES = (() => {
  const chosen = process.env.BENCH_LOAD_DB ?? 'both';
  if (chosen === 'both') return ['sqlite', 'postgres'] as const;
  if (chosen === 'sqlite' || chosen === 'postgres') return [chosen] as const;
  throw new Error(`BENCH_LOAD_DB must be sqlite, postgres or both, not "${chosen}"`);
})();
const SITE_SIZE: SiteSize = { scale: number('BENCH_SCALE', 1), sizes: {} };
const POSTGRES = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
const REDIS = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/12';
const START = Math.round(number('BENCH_LOAD_START', 50));
const GROWTH = number('BENCH_LOAD_GROWTH', 1.5);
const ADD = process.env.BENCH_LOAD_ADD ? Math.round(number('BENCH_LOAD_ADD', 1)) : undefined;
const MAX = process.env.BENCH_LOAD_MAX ? Math.round(number('BENCH_LOAD_MAX', 1)) : Infinity;
const STEP_SECONDS = number('BENCH_LOAD_STEP_SECONDS', 20);
const SETTLE_SECONDS = number('BENCH_LOAD_SETTLE_SECONDS', 5);
/** The first step's members act this long before anything is measured: the server compiles its code and fills its caches. */
const WARM_UP_SECONDS = number('BENCH_LOAD_WARM_UP_SECONDS', 20);
/** Newcomers open the site at this pace (each loads the home page rendered on the server), so a step does not start with a stampede. */
const ARRIVALS_PER_SECOND = number('BENCH_LOAD_ARRIVALS_PER_SECOND', 25);
/** A step past the limits is measured again this many times before the ramp ends (the machine is shared). */
const CONFIRM = Math.round(Number(process.env.BENCH_LOAD_CONFIRM ?? 1));
const THINK_SECONDS = number('BENCH_LOAD_THINK_SECONDS', 10);
const LIMIT_MS = number('BENCH_LOAD_LIMIT_MS', 200);
/** Ports of this bench's own (3300–3399): the SQLite process, the two PostgreSQL processes, nginx. */
const PORT = Math.round(number('BENCH_LOAD_PORT', 3300));
const HEALTH_EVERY_MS = 100;

const say = (text: string) => process.stdout.write(`${text}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------------------------
// The servers: SQLite on one process; PostgreSQL on two behind nginx with TLS, sharing Redis, as OPERATIONS.md sets up.

interface Stack {
  engine: 'sqlite' | 'postgres';
  label: string;
  dialect: Dialect;
  db: DB;
  target: Target;
  /** The secure cookie's name on an https site. */
  cookiePrefix: string;
  hearsay: ServerProcess[];
  nginx: Nginx | null;
  /** The PostgreSQL backends serving this run's database (their CPU is the server side's too). */
  backends: () => Promise<number[]>;
  origin: string;
  stop: () => Promise<void>;
  cleanup: () => Promise<void>;
}

const SERVER_ENV = (secret: string): Record<string, string> => ({
  AUTH_SECRET: secret,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  COVER_ART: 'off',
  MUSICBRAINZ: 'off',
  CATALOG_AUTOLOAD: 'false',
  CATALOG_ENRICH: 'false',
  // The production limits: every member has an address of their own, as people on their own connections do.
  RATE_LIMIT_MULTIPLIER: '1',
});

async function startStack(engine: 'sqlite' | 'postgres', secret: string): Promise<Stack> {
  mkdirSync(cacheDir, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'hearsay-load-'));
  if (engine === 'sqlite') {
    const { file, seconds } = await keptSqliteSite(SITE_SIZE);
    const working = join(cacheDir, `load-${process.pid}.db`);
    copyFileSync(file, working);
    const url = `sqlite:${working}`;
    const database = openDatabase(url);
    await weeklyDigestOff(database.db);
    const server = await spawnServer({
      databaseUrl: url,
      dataDir,
      port: PORT,
      readyPath: '/readyz',
      readyWithinMs: 120_000,
      env: SERVER_ENV(secret),
    });
    return {
      engine,
      label: 'SQLite, one process',
      dialect: 'sqlite',
      db: database.db,
      target: { url: server.url },
      cookiePrefix: '',
      hearsay: [server],
      nginx: null,
      backends: async () => [],
      origin: `${file.slice(cacheDir.length - '.bench'.length)} (${seconds === null ? 'reused' : `generated in ${Math.round(seconds)} s`}), a working copy`,
      stop: async () => void (await server.kill('SIGTERM')),
      cleanup: async () => {
        await database.destroy();
        for (const suffix of ['', '-wal', '-shm', '-boot-lock']) rmSync(`${working}${suffix}`, { force: true });
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const { name: kept, seconds } = await keptPostgresSite(POSTGRES, SITE_SIZE);
  const name = `hearsay_load_${Date.now()}`;
  await postgresAdmin(POSTGRES, `CREATE DATABASE ${name} TEMPLATE ${kept}`);
  const url = postgresDatabaseUrl(POSTGRES, name);
  const database = openDatabase(url);
  await weeklyDigestOff(database.db);
  const redis = new Redis(REDIS);
  await redis.flushdb();
  await redis.quit();
  const ports: [number, number] = [PORT + 1, PORT + 2];
  const publicUrl = `https://127.0.0.1:${PORT + 10}`;
  const env = { ...SERVER_ENV(secret), REDIS_URL: REDIS, TRUST_PROXY: '127.0.0.1', PUBLIC_URL: publicUrl };
  const hearsay: ServerProcess[] = [];
  for (const port of ports)
    hearsay.push(await spawnServer({ databaseUrl: url, dataDir, port, readyPath: '/readyz', readyWithinMs: 120_000, env }));
  const nginx = await startNginx({
    directory: dataDir,
    httpsPort: PORT + 10,
    httpPort: PORT + 11,
    upstreams: ports,
    // Every member holds a socket and up to six connections, each proxied on: thousands, on both cores.
    workers: { processes: 'auto', connections: 16_384 },
  });
  return {
    engine,
    label: 'PostgreSQL, two processes behind nginx (TLS), Redis',
    dialect: 'postgres',
    db: database.db,
    target: { url: nginx.url, ca: nginx.certificate },
    cookiePrefix: '__Secure-',
    hearsay,
    nginx,
    backends: async () =>
      (
        await sql<{ pid: number }>`select pid from pg_stat_activity where datname = ${name} and pid <> pg_backend_pid()`.execute(
          database.db,
        )
      ).rows.map((row) => Number(row.pid)),
    origin: `database ${kept} (${seconds === null ? 'reused' : `generated in ${Math.round(seconds)} s`}), a copy (${name})`,
    stop: async () => {
      await nginx.stop();
      for (const server of hearsay) await server.kill('SIGTERM');
    },
    cleanup: async () => {
      await database.destroy();
      await postgresAdmin(POSTGRES, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The Weekly Digest's pass walks every member who follows someone, once a week, and a server that has just started
 * runs this week's at once: on a simulated day it would fall on the first step. The seeded members turn it off, as
 * `BENCH_DIGEST=off` does for `npm run bench`; the charts' counting every few minutes stays, as part of any day.
 */
async function weeklyDigestOff(db: DB): Promise<void> {
  await db
    .updateTable('profile')
    .set({ settings: JSON.stringify({ notifications: { email: { weeklyDigest: false } } }) })
    .where('settings', '=', '{}')
    .execute();
}

/** nginx's master and workers, for their CPU. */
function nginxPids(nginx: Nginx | null): number[] {
  const master = nginx?.pid;
  if (!master) return [];
  try {
    return [master, ...(readChildren(master) ?? [])];
  } catch {
    return [master];
  }
}

function readChildren(pid: number): number[] {
  return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .map(Number);
}

// ---------------------------------------------------------------------------------------------------------------
// Recording a step

class StepRecorder implements Recorder {
  open = false;
  readonly requests = new Map<string, number[]>();
  readonly actions = new Map<string, number[]>();
  readonly failures = new Map<string, { count: number; example: string }>();
  /** Failures at any time, measured or not: any one fails the step it happened in. */
  failed = 0;
  pushes = 0;

  request(kind: string, ms: number, _status: number): void {
    if (!this.open) return;
    const list = this.requests.get(kind) ?? [];
    list.push(ms);
    this.requests.set(kind, list);
  }

  action(name: string, ms: number): void {
    if (!this.open) return;
    const list = this.actions.get(name) ?? [];
    list.push(ms);
    this.actions.set(name, list);
  }

  failure(kind: string, detail: string): void {
    this.failed++;
    const known = this.failures.get(kind) ?? { count: 0, example: detail };
    known.count++;
    this.failures.set(kind, known);
  }

  pushed(): void {
    if (this.open) this.pushes++;
  }

  /** A new step: its failures count from the moment its newcomers arrive. */
  reset(): void {
    this.startMeasuring();
    this.failures.clear();
    this.failed = 0;
  }

  /** Times are kept from the end of the settling only. */
  startMeasuring(): void {
    this.requests.clear();
    this.actions.clear();
    this.pushes = 0;
  }
}

interface StepResult {
  members: number;
  seconds: number;
  actionsPerSecond: number;
  requestsPerSecond: number;
  page: Latencies;
  errors: number;
  failures: Record<string, { count: number; example: string }>;
  health: Latencies & { errors: number };
  /** CPU of the Hearsay processes per request answered: all their threads, and their main threads alone. */
  hearsayCpuUsPerRequest: number;
  hearsayMainThreadUsPerRequest: number;
  hearsayCores: number;
  /** Every server-side process (Hearsay, nginx, the database's backends) per member action, in ms: what sizing needs. */
  serverCpuMsPerAction: number;
  /** nginx and the PostgreSQL backends of this run, in cores. */
  proxyCores: number;
  databaseCores: number;
  generatorCores: number;
  generatorLoopP99Ms: number;
  machineBusy: number;
  loadAverage: number;
  kinds: Record<string, Latencies & { perSecond: number }>;
  pages: Record<string, Latencies & { perSecond: number }>;
  pushes: number;
  /** The Hearsay processes' cores by thread name (the main threads as "main"; jobs, the thread pool, the garbage collector). */
  threadCores: Record<string, number>;
  /** Resident memory of the Hearsay processes together at the step's end, and of the generator. */
  hearsayMb: number;
  generatorMb: number;
  within: boolean;
}

/** `/healthz` asked every HEALTH_EVERY_MS by a client of its own while members act (through nginx when there is one). */
function healthProbe(target: Target) {
  const times: number[] = [];
  let errors = 0;
  let running = true;
  const pool = new Pool(target.url, { connections: 1, connect: target.ca ? { ca: target.ca } : undefined, localAddress: '127.0.0.2' });
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const response = await pool.request({ path: '/healthz', method: 'GET' });
        await response.body.dump();
        times.push(performance.now() - started);
        if (response.statusCode !== 200) errors++;
      } catch {
        errors++;
      }
      await sleep(Math.max(0, HEALTH_EVERY_MS - (performance.now() - started)));
    }
  })();
  return {
    reset: () => {
      times.length = 0;
      errors = 0;
    },
    read: () => ({ ...latencies(times), errors }),
    stop: async () => {
      running = false;
      await loop;
      await pool.close();
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The ramp

interface EngineResult {
  stack: Pick<Stack, 'engine' | 'label' | 'origin'>;
  steps: StepResult[];
  served: StepResult | null;
  checks: string[];
  checksPassed: boolean;
  sizes: Record<string, number>;
}

async function runEngine(engine: 'sqlite' | 'postgres'): Promise<EngineResult> {
  const secret = randomBytes(32).toString('base64url');
  say(`\n## ${engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'}\n\nPreparing the site and the servers…`);
  const stack = await startStack(engine, secret);
  const { db } = stack;
  const members: Member[] = [];
  const recorder = new StepRecorder();
  const writes: Writes = { ratings: new Map(), likes: new Set(), comments: new Set(), reviews: new Set() };
  const steps: StepResult[] = [];
  let served: StepResult | null = null;
  let health: ReturnType<typeof healthProbe> | null = null;
  try {
    const sizes: Record<string, number> = {};
    for (const name of ['album', 'user', 'rating', 'review', 'follow'] as const)
      sizes[name] = Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(name)}`.execute(db)).rows[0]!.n);
    const shuffle = random(20_261_207);
    const people = (await db.selectFrom('user').select(['id', 'email']).orderBy('id').execute())
      .filter((person) => person.email.endsWith('@scale.invalid'))
      .map((person) => ({ id: person.id, key: shuffle() }))
      .sort((a, b) => a.key - b.key)
      .map((person) => person.id);
    const albums: AlbumRef[] = await db
      .selectFrom('album')
      .select(['id', 'slug'])
      .orderBy('rating_count', 'desc')
      .orderBy('id')
      .limit(50_000)
      .execute();
    const catalogText = await db.selectFrom('album').select(['title', 'artist_credit']).orderBy('id').limit(20_000).execute();
    const shared: Shared = {
      albums,
      words: searchWords(catalogText.flatMap((album) => [album.title, album.artist_credit])),
      asked: new Set(),
      thinkMs: THINK_SECONDS * 1000,
    };
    const most = Math.min(MAX, people.length);
    say(
      `${stack.label}; ${thousands(sizes.album!)} albums, ${thousands(sizes.user!)} members, ${thousands(sizes.rating!)} ratings, ` +
        `${thousands(sizes.review!)} reviews, ${thousands(sizes.follow!)} follows (${stack.origin}).`,
    );

    const hearsayCpu = new CpuMeter(() => stack.hearsay.map((server) => server.child.pid!));
    const hearsayMainCpu = new CpuMeter(() => stack.hearsay.map((server) => server.child.pid!), { mainThreadOnly: true });
    const proxyCpu = new CpuMeter(() => nginxPids(stack.nginx));
    const databaseCpu = new CpuMeter(stack.backends);
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    health = healthProbe(stack.target);

    let count = Math.min(START, most);
    let again = 0;
    for (;;) {
      // Newcomers sign in (a session each) and arrive at ARRIVALS_PER_SECOND, so they do not all load a page at once.
      recorder.reset();
      const joining = people.slice(members.length, count);
      const arriving = joining.length / ARRIVALS_PER_SECOND;
      const cookies = await mintSessions(db, stack.dialect, joining, secret);
      joining.forEach((userId, offset) => {
        const member = new Member({
          index: members.length,
          userId,
          cookie: `${stack.cookiePrefix}${cookies[offset]!}`,
          target: stack.target,
          shared,
          writes,
          recorder,
        });
        members.push(member);
        member.start(Math.random() * arriving * 1000);
      });
      await sleep((arriving + SETTLE_SECONDS + (steps.length === 0 ? WARM_UP_SECONDS : 0)) * 1000);
      // The measured part of the step: only actions and requests started from here on are timed.
      recorder.startMeasuring();
      health.reset();
      loop.reset();
      await Promise.all([hearsayCpu.start(), hearsayMainCpu.start(), proxyCpu.start(), databaseCpu.start()]);
      const machineBefore = machineTicks();
      const threadsBefore = threadCpuMs(stack.hearsay.map((server) => server.child.pid!));
      const generatorBefore = process.cpuUsage();
      const started = performance.now();
      recorder.open = true;
      await sleep(STEP_SECONDS * 1000);
      recorder.open = false;
      const seconds = (performance.now() - started) / 1000;
      const generator = process.cpuUsage(generatorBefore);
      const machineAfter = machineTicks();
      const threadsAfter = threadCpuMs(stack.hearsay.map((server) => server.child.pid!));
      const [hearsayMs, hearsayMainMs, proxyMs, databaseMs] = await Promise.all([
        hearsayCpu.stop(),
        hearsayMainCpu.stop(),
        proxyCpu.stop(),
        databaseCpu.stop(),
      ]);
      const requestCount = [...recorder.requests.values()].reduce((sum, list) => sum + list.length, 0);
      const actionTimes = [...recorder.actions.values()].flat();
      const perKind = (map: Map<string, number[]>) =>
        Object.fromEntries(
          [...map]
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([kind, list]) => [kind, { ...latencies(list), perSecond: list.length / seconds }]),
        );
      const healthNow = health.read();
      const page = latencies(actionTimes);
      const step: StepResult = {
        members: count,
        seconds,
        actionsPerSecond: actionTimes.length / seconds,
        requestsPerSecond: requestCount / seconds,
        page,
        errors: recorder.failed + healthNow.errors,
        failures: Object.fromEntries(recorder.failures),
        health: healthNow,
        hearsayCpuUsPerRequest: requestCount ? (hearsayMs * 1000) / (requestCount + healthNow.count) : 0,
        hearsayMainThreadUsPerRequest: requestCount ? (hearsayMainMs * 1000) / (requestCount + healthNow.count) : 0,
        hearsayCores: hearsayMs / 1000 / seconds,
        serverCpuMsPerAction: actionTimes.length ? (hearsayMs + proxyMs + databaseMs) / actionTimes.length : 0,
        proxyCores: proxyMs / 1000 / seconds,
        databaseCores: databaseMs / 1000 / seconds,
        generatorCores: (generator.user + generator.system) / 1e6 / seconds,
        generatorLoopP99Ms: Math.round(loop.percentile(99) / 1e4) / 100,
        machineBusy: (machineAfter.busy - machineBefore.busy) / Math.max(1, machineAfter.total - machineBefore.total),
        loadAverage: loadavg()[0]!,
        kinds: perKind(recorder.requests),
        pages: perKind(recorder.actions),
        pushes: recorder.pushes,
        threadCores: Object.fromEntries(
          [...threadsAfter]
            .map(([name, ms]) => [name, (ms - (threadsBefore.get(name) ?? 0)) / 1000 / seconds] as const)
            .filter(([, cores]) => cores >= 0.01)
            .sort((a, b) => b[1] - a[1]),
        ),
        hearsayMb: stack.hearsay.reduce((sum, server) => sum + residentMb(server.child.pid!), 0),
        generatorMb: process.memoryUsage.rss() / 1024 / 1024,
        within: false,
      };
      step.within = withinLimits({ pageP95: page.p95, errors: step.errors, actions: page.count }, LIMIT_MS);
      steps.push(step);
      say(
        `  ${thousands(count)} members: ${step.actionsPerSecond.toFixed(1)} actions/s, ${thousands(step.requestsPerSecond)} requests/s; ` +
          `page p50 ${page.p50} ms, p95 ${page.p95} ms, p99 ${page.p99} ms; ${step.errors} errors; /healthz p99 ${healthNow.p99} ms; ` +
          `Hearsay ${Math.round(step.hearsayCpuUsPerRequest)} µs CPU a request (main threads ${Math.round(step.hearsayMainThreadUsPerRequest)}), ${step.hearsayCores.toFixed(2)} cores; server side ${step.serverCpuMsPerAction.toFixed(1)} ms CPU an action` +
          `${stack.nginx ? `, nginx ${step.proxyCores.toFixed(2)}, PostgreSQL ${step.databaseCores.toFixed(2)}` : ''}; ` +
          `generator ${step.generatorCores.toFixed(2)} cores (loop p99 ${step.generatorLoopP99Ms} ms); machine ${Math.round(step.machineBusy * 100)} % busy, load ${step.loadAverage.toFixed(1)}; Hearsay ${Math.round(step.hearsayMb)} MB resident` +
          `${step.within ? '' : ' — past the limits'}`,
      );
      say(
        `    Hearsay's threads: ${Object.entries(step.threadCores)
          .map(([name, cores]) => `${name} ${cores.toFixed(2)}`)
          .join(', ')} cores`,
      );
      if (step.errors > 0)
        for (const [kind, failure] of Object.entries(step.failures)) say(`    ${failure.count} × ${kind}: ${failure.example}`);
      if (step.within) {
        served = step;
        again = 0;
        if (count >= most) break;
        count = nextMembers(count, { growth: GROWTH, add: ADD, max: most });
      } else if (again < CONFIRM) {
        again++;
        say(`  measuring ${thousands(count)} members again, to tell the site's limit from a moment of the shared machine's`);
      } else break;
    }
    loop.disable();
    await health.stop();
    health = null;
    say(`Stopping ${thousands(members.length)} members…`);
    await Promise.all(members.map((member) => member.stop()));
    // Every answer the members waited for has arrived; the servers stop (finishing what they were doing) before the recount.
    await stack.stop();
    const checks = await checkSite(db, writes);
    return {
      stack: { engine: stack.engine, label: stack.label, origin: stack.origin },
      steps,
      served,
      checks: checks.lines,
      checksPassed: checks.passed,
      sizes,
    };
  } finally {
    await health?.stop();
    await Promise.all(members.map((member) => member.stop().catch(() => {})));
    await stack.stop().catch(() => {});
    await stack.cleanup();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The site against recounts

async function checkSite(db: DB, writes: Writes): Promise<{ lines: string[]; passed: boolean }> {
  const lines: string[] = [];
  let passed = true;
  const check = (ok: boolean, line: string) => {
    passed &&= ok;
    lines.push(`${ok ? 'yes' : '**no**'}: ${line}`);
  };
  const chunks = <T>(items: readonly T[], size = 500) =>
    Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, i * size + size));

  // Ratings: every one answered 200 is stored with the value last sent, and every album touched keeps exact totals.
  const ratings = [...writes.ratings].map(([key, value]) => {
    const [userId, albumId] = key.split(' ') as [string, string];
    return { userId, albumId, value };
  });
  let lostRatings = 0;
  for (const chunk of chunks(ratings)) {
    const stored = await db
      .selectFrom('rating')
      .select(['user_id', 'album_id', 'rating'])
      .where((eb) => eb.or(chunk.map((row) => eb.and([eb('user_id', '=', row.userId), eb('album_id', '=', row.albumId)]))))
      .execute();
    const found = new Map(stored.map((row) => [`${row.user_id} ${row.album_id}`, Number(row.rating)]));
    for (const row of chunk) if (found.get(`${row.userId} ${row.albumId}`) !== row.value) lostRatings++;
  }
  check(lostRatings === 0, `${thousands(ratings.length)} ratings answered 200, ${lostRatings} not stored as sent`);
  const albumIds = [...new Set(ratings.map((row) => row.albumId))];
  let wrongTotals = 0;
  for (const chunk of chunks(albumIds, 2000)) wrongTotals += (await albumsWithWrongRatingTotals(db, chunk)).length;
  check(
    wrongTotals === 0,
    `${thousands(albumIds.length)} albums rated: ${wrongTotals} with a count, sum, average or half-step count unlike a recount of their ratings`,
  );

  // Likes, comments and reviews: each answered write is there, and the counters they move equal a recount.
  const likes = [...writes.likes].map((key) => key.split(' ') as [string, string]);
  let lostLikes = 0;
  for (const chunk of chunks(likes)) {
    const stored = await db
      .selectFrom('review_like')
      .select(['user_id', 'review_id'])
      .where((eb) => eb.or(chunk.map(([userId, reviewId]) => eb.and([eb('user_id', '=', userId), eb('review_id', '=', reviewId)]))))
      .execute();
    lostLikes += chunk.length - stored.length;
  }
  check(lostLikes === 0, `${thousands(likes.length)} likes answered 200, ${lostLikes} missing`);
  const comments = [...writes.comments];
  let storedComments = 0;
  for (const chunk of chunks(comments))
    storedComments += (await db.selectFrom('review_comment').select('id').where('id', 'in', chunk).execute()).length;
  check(
    storedComments === comments.length,
    `${thousands(comments.length)} comments answered 201, ${comments.length - storedComments} missing`,
  );
  const reviews = [...writes.reviews];
  let storedReviews = 0;
  const reviewedAlbums = new Set<string>();
  for (const chunk of chunks(reviews)) {
    const rows = await db.selectFrom('review').select(['id', 'album_id']).where('id', 'in', chunk).execute();
    storedReviews += rows.length;
    for (const row of rows) reviewedAlbums.add(row.album_id);
  }
  check(storedReviews === reviews.length, `${thousands(reviews.length)} reviews answered 201, ${reviews.length - storedReviews} missing`);
  const touchedReviews = [...new Set([...likes.map(([, reviewId]) => reviewId)])];
  const commented = comments.length
    ? (
        await Promise.all(
          chunks(comments).map((chunk) => db.selectFrom('review_comment').select('review_id').where('id', 'in', chunk).execute()),
        )
      )
        .flat()
        .map((row) => row.review_id)
    : [];
  const reviewIds = [...new Set([...touchedReviews, ...commented, ...reviews])];
  let wrongReviewCounts = 0;
  for (const chunk of chunks(reviewIds))
    wrongReviewCounts += (
      await sql`select id from review where id in (${sql.join(chunk)}) and (
        like_count <> (select count(*) from review_like where review_like.review_id = review.id)
        or comment_count <> (select count(*) from review_comment where review_comment.review_id = review.id))`.execute(db)
    ).rows.length;
  check(
    wrongReviewCounts === 0,
    `${thousands(reviewIds.length)} reviews liked, commented or new: ${wrongReviewCounts} with a like or comment count unlike a recount`,
  );
  let wrongAlbumReviews = 0;
  for (const chunk of chunks([...reviewedAlbums]))
    wrongAlbumReviews += (
      await sql`select id from album where id in (${sql.join(chunk)})
        and review_count <> (select count(*) from review where review.album_id = album.id)`.execute(db)
    ).rows.length;
  check(
    wrongAlbumReviews === 0,
    `${thousands(reviewedAlbums.size)} albums newly reviewed: ${wrongAlbumReviews} with a review count unlike a recount`,
  );
  return { lines, passed };
}

// ---------------------------------------------------------------------------------------------------------------
// The report

function report(result: EngineResult): string {
  const out: string[] = [];
  const { served, steps } = result;
  out.push(`### ${result.stack.label}\n`);
  out.push(
    served
      ? `**Members served: ${thousands(served.members)}** (the last step with page p95 ≤ ${LIMIT_MS} ms and no error)` +
          `${steps.at(-1)?.within ? '; the ramp reached the site’s members or BENCH_LOAD_MAX before passing the limits' : ''}.\n`
      : `**Members served: none**: the first step (${thousands(steps[0]?.members ?? START)} members) was already past the limits.\n`,
  );
  out.push(
    table(
      [
        'members',
        'actions/s',
        'requests/s',
        'page p50',
        'page p95',
        'page p99',
        'errors',
        '/healthz p99',
        'Hearsay µs CPU/req (main thread)',
        'server ms CPU/action',
        'Hearsay cores',
        'nginx + PG cores',
        'generator cores (loop p99 ms)',
        'machine busy',
        'within',
      ],
      steps.map((step) => [
        thousands(step.members),
        step.actionsPerSecond.toFixed(1),
        thousands(step.requestsPerSecond),
        step.page.p50,
        step.page.p95,
        step.page.p99,
        step.errors,
        step.health.p99,
        `${Math.round(step.hearsayCpuUsPerRequest)} (${Math.round(step.hearsayMainThreadUsPerRequest)})`,
        step.serverCpuMsPerAction.toFixed(1),
        step.hearsayCores.toFixed(2),
        (step.proxyCores + step.databaseCores).toFixed(2),
        `${step.generatorCores.toFixed(2)} (${step.generatorLoopP99Ms})`,
        `${Math.round(step.machineBusy * 100)} %`,
        step.within ? 'yes' : '**no**',
      ]),
      0,
    ),
  );
  const shown = served ?? steps[0];
  if (shown) {
    out.push(`Pages and clicks at ${thousands(shown.members)} members (ms, as the member waits: every request of the action):\n`);
    out.push(
      table(
        ['action', 'per second', 'p50', 'p95', 'p99'],
        Object.entries(shown.pages).map(([name, l]) => [name, l.perSecond.toFixed(1), l.p50, l.p95, l.p99]),
      ),
    );
    out.push(`Requests by kind at ${thousands(shown.members)} members (ms):\n`);
    out.push(
      table(
        ['request', 'per second', 'p50', 'p95', 'p99'],
        Object.entries(shown.kinds).map(([kind, l]) => [kind, l.perSecond.toFixed(1), l.p50, l.p95, l.p99]),
      ),
    );
    out.push(
      `Live notifications pushed to members' sockets in that step: ${thousands(shown.pushes)}. Resident memory at its end: ` +
        `Hearsay ${thousands(shown.hearsayMb)} MB (all processes), the load generator ${thousands(shown.generatorMb)} MB.\n`,
    );
  }
  out.push('Checks after the run (servers stopped):\n');
  for (const line of result.checks) out.push(`- ${line}`);
  return out.join('\n');
}

// ---------------------------------------------------------------------------------------------------------------

const machine = `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}`;
say(
  `# npm run bench:load — ${new Date().toISOString()}\n\nMachine: ${machine}; the servers, their database, nginx and the load generator all share it ` +
    `(the generator is this process, unpinned). Load average at start ${loadavg()
      .map((value) => value.toFixed(1))
      .join(', ')}.\n` +
    `Members act every ${THINK_SECONDS} s on average; steps from ${START} members, ×${ADD ? `+${ADD}` : GROWTH} each, newcomers arriving ${ARRIVALS_PER_SECOND} a second, then ${SETTLE_SECONDS} s settling (${WARM_UP_SECONDS} s more before the first) and ${STEP_SECONDS} s measured; limit p95 page ≤ ${LIMIT_MS} ms, no error.`,
);
const results: EngineResult[] = [];
let failed = false;
for (const engine of ENGINES) {
  try {
    const result = await runEngine(engine);
    results.push(result);
    failed ||= !result.checksPassed;
    say(`\n${report(result)}`);
  } catch (error) {
    failed = true;
    say(`\n${engine}: the run failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }
}
const file = join(cacheDir, `load-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(
  file,
  JSON.stringify(
    {
      machine,
      settings: {
        START,
        GROWTH,
        ADD,
        STEP_SECONDS,
        SETTLE_SECONDS,
        WARM_UP_SECONDS,
        ARRIVALS_PER_SECOND,
        CONFIRM,
        THINK_SECONDS,
        LIMIT_MS,
        SITE_SIZE,
      },
      results,
    },
    null,
    2,
  ),
);
say(`\nEvery step's figures: ${file.slice(cacheDir.length - '.bench'.length)}`);
if (results.length === 2 && results[0]!.served && results[1]!.served)
  say(`PostgreSQL (two processes) served ${(results[1]!.served.members / results[0]!.served.members).toFixed(2)}× SQLite's members.`);
process.exit(failed ? 1 : 0);
