/**
 * `npm run bench`: the real server on a generated catalog of 100,000 albums, measured with
 * autocannon for album detail, search and the trending chart, next to a bare node:http server
 * returning the same bytes, in the same run. Reports requests/s and p50/p95/p99 latency. Then
 * /healthz while the server is idle and while a member's 5 MB RateYourMusic import runs.
 *
 *   BENCH_ALBUMS=100000 BENCH_SECONDS=10 BENCH_CONNECTIONS=20 npm run bench
 *   BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/test npm run bench   (a fresh database is created)
 */
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../src/platform/db/index.ts';
import { migrateToLatest } from '../src/platform/db/migrate.ts';
import { rymExport } from '../test/rym-export.ts';
import { generateCatalog, random } from './generate-catalog.ts';

const ALBUMS = Number(process.env.BENCH_ALBUMS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const serverDir = new URL('..', import.meta.url).pathname;
const cacheDir = join(serverDir, '..', '.bench');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The SQLite catalog is generated once and kept in .bench/; PostgreSQL gets a fresh database each run. */
async function prepareDatabase(): Promise<string> {
  let url: string;
  let fresh = true;
  if (process.env.BENCH_DATABASE_URL) {
    const name = `hearsay_bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const parsed = new URL(process.env.BENCH_DATABASE_URL);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
  } else {
    mkdirSync(cacheDir, { recursive: true });
    const file = join(cacheDir, `catalog-${ALBUMS}.db`);
    fresh = !existsSync(file);
    url = `sqlite:${file}`;
  }
  if (!fresh) {
    process.stdout.write(`Reusing the generated catalog in ${url}\n`);
    return url;
  }
  const database = openDatabase(url);
  await migrateToLatest(database.db);
  const started = Date.now();
  await generateCatalog(database.db, ALBUMS, (done) => process.stdout.write(`\rGenerating catalog: ${done.toLocaleString()} albums`));
  process.stdout.write(` (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
  await seedRatings(database.db);
  await database.destroy();
  return url;
}

/** 2,000 members rating 50,000 albums in the last month, so the charts have something to rank. */
async function seedRatings(db: ReturnType<typeof openDatabase>['db']): Promise<void> {
  const next = random(7);
  const now = Date.now();
  const members = Array.from({ length: 2000 }, (_, index) => ({
    id: `bench-member-${index}`,
    name: `Member ${index}`,
    email: `member${index}@bench.invalid`,
    username: `member${index}`,
    created_at: new Date(now).toISOString(),
    updated_at: new Date(now).toISOString(),
  }));
  for (let start = 0; start < members.length; start += 500)
    await db
      .insertInto('user')
      .values(members.slice(start, start + 500))
      .execute();
  const albums = await db.selectFrom('album').select('id').limit(20_000).execute();
  const seen = new Set<string>();
  const ratings = [];
  while (ratings.length < 50_000) {
    const user = Math.floor(next() * members.length);
    const album = albums[Math.floor(Math.pow(next(), 2) * albums.length)]!.id;
    if (seen.has(`${user}|${album}`)) continue;
    seen.add(`${user}|${album}`);
    const at = new Date(now - Math.floor(next() * 30 * 86_400_000)).toISOString();
    ratings.push({
      id: `bench-rating-${ratings.length}`,
      user_id: `bench-member-${user}`,
      album_id: album,
      rating: 1 + Math.floor(next() * 19) / 2,
      created_at: at,
      updated_at: at,
    });
  }
  for (let start = 0; start < ratings.length; start += 1000)
    await db
      .insertInto('rating')
      .values(ratings.slice(start, start + 1000))
      .execute();
  const totals = new Map<string, { n: number; sum: number }>();
  for (const rating of ratings) {
    const total = totals.get(rating.album_id) ?? { n: 0, sum: 0 };
    total.n++;
    total.sum += rating.rating;
    totals.set(rating.album_id, total);
  }
  await db.transaction().execute(async (trx) => {
    for (const [id, total] of totals) {
      await trx
        .updateTable('album')
        .set({ rating_count: total.n, rating_sum: total.sum, rating_average: Math.round((total.sum / total.n) * 10) / 10 })
        .where('id', '=', id)
        .execute();
    }
  });
}

/** Starts a child process and waits until `readyUrl` answers. */
async function start(command: string[], env: Record<string, string>, readyUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, command, {
    cwd: serverDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  child.on('exit', () => (exited = true));
  for (let attempt = 0; attempt < 600; attempt++) {
    if (exited) throw new Error(`${command.join(' ')} exited before it was ready`);
    try {
      if ((await fetch(readyUrl)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill();
  throw new Error(`${command.join(' ')} did not become ready`);
}

interface Result {
  name: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]!;
}

async function measure(name: string, baseUrl: string, paths: string[], connections = CONNECTIONS): Promise<Result> {
  let index = 0;
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: baseUrl,
        connections,
        duration: SECONDS,
        requests: [{ setupRequest: (request) => ({ ...request, path: paths[index++ % paths.length]! }) }],
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    // Every response time, so p95 is exact rather than read off autocannon's fixed percentiles.
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  latencies.sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    name,
    rps: result.requests.average,
    p50: round(percentile(latencies, 0.5)),
    p95: round(percentile(latencies, 0.95)),
    p99: round(percentile(latencies, 0.99)),
    errors: result.errors + result.non2xx,
  };
}

/** Stops a child process and waits until it has exited (the server closes its database on the way out). */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill();
  await exited;
}

/** The real server in production mode on `url`; resolves with it and its base URL once it answers. */
async function startHearsay(url: string, extraEnv: Record<string, string> = {}): Promise<{ server: ChildProcess; base: string }> {
  const port = await freePort();
  const server = await start(
    ['src/main.ts'],
    {
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      COVER_ART: 'off',
      CATALOG_AUTOLOAD: 'false',
      DATA_DIR: join(cacheDir, 'data'),
      NODE_ENV: 'production',
      ...extraEnv,
    },
    `http://127.0.0.1:${port}/readyz`,
  );
  return { server, base: `http://127.0.0.1:${port}` };
}

const IMPORT_BYTES = 5 * 1024 * 1024;
/** One client shows how long a lone request waits behind the import; the usual count, how that holds under load. */
const PROBE_CONNECTIONS = [1, CONNECTIONS];

interface ImportProbe {
  connections: number;
  idle: Result;
  busy: Result;
}

/**
 * /healthz p99 while idle, then while a member's 5 MB RateYourMusic import runs: rows naming catalog albums, so
 * each one rates, reviews or saves an album as a real import does. Runs on a copy of the SQLite catalog (the
 * PostgreSQL database is fresh each run anyway), so the import leaves nothing behind for the next run; the server
 * is stopped long before the import ends.
 */
async function importScenario(
  url: string,
  jobThread: boolean,
): Promise<{ probes: ImportProbe[]; rows: number; applied: number; matched: number; seconds: number }> {
  const sqliteFile = url.startsWith('sqlite:') ? url.slice('sqlite:'.length) : null;
  const copy = sqliteFile ? join(cacheDir, `import-run-${process.pid}.db`) : null;
  if (sqliteFile && copy) {
    for (const suffix of ['', '-wal']) if (existsSync(`${sqliteFile}${suffix}`)) copyFileSync(`${sqliteFile}${suffix}`, `${copy}${suffix}`);
  }
  const scenarioUrl = copy ? `sqlite:${copy}` : url;
  const database = openDatabase(scenarioUrl);
  const albums = await database.db
    .selectFrom('album')
    .select(['artist_credit as artist', 'title', 'release_year as year'])
    .orderBy('id')
    .limit(50_000)
    .execute();
  await database.destroy();
  const csv = rymExport({ maxBytes: IMPORT_BYTES, albums });
  const rows = csv.split('\n').length - 2;

  const { server, base } = await startHearsay(scenarioUrl, { JOB_THREAD: String(jobThread) });
  try {
    const idle: Result[] = [];
    for (const connections of PROBE_CONNECTIONS) idle.push(await measure('/healthz idle', base, ['/healthz'], connections));
    const signUp = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench Importer', email: `importer-${Date.now()}@bench.invalid`, password: 'Correct-Horse-Battery-9' }),
    });
    if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
    const cookie = signUp.headers
      .getSetCookie()
      .map((header) => header.split(';')[0])
      .join('; ');
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'ratings.csv');
    const upload = await fetch(`${base}/api/imports/rym`, { method: 'POST', body: form, headers: { cookie } });
    if (upload.status !== 202) throw new Error(`upload failed: ${upload.status} ${await upload.text()}`);
    const { id } = (await upload.json()) as { id: string };
    const progress = async () => {
      const job = (await (await fetch(`${base}/api/imports/${id}`, { headers: { cookie } })).json()) as {
        status: string;
        processed: number;
        summary: { matched: number };
      };
      if (job.status !== 'running') throw new Error(`the import ended (${job.status}) before it could be measured`);
      return job;
    };
    // Measured once rows are being applied, after the file has been counted through.
    for (let attempt = 0; (await progress()).processed === 0; attempt++) {
      if (attempt > 300) throw new Error('the import did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const started = Date.now();
    const before = (await progress()).processed;
    const busy: Result[] = [];
    for (const connections of PROBE_CONNECTIONS) busy.push(await measure('/healthz during import', base, ['/healthz'], connections));
    const after = await progress();
    const probes = PROBE_CONNECTIONS.map((connections, index) => ({ connections, idle: idle[index]!, busy: busy[index]! }));
    return { probes, rows, applied: after.processed - before, matched: after.summary.matched, seconds: (Date.now() - started) / 1000 };
  } finally {
    await stop(server);
    if (copy) for (const suffix of ['', '-wal', '-shm']) rmSync(`${copy}${suffix}`, { force: true });
  }
}

const databaseUrl = await prepareDatabase();
const { server, base } = await startHearsay(databaseUrl);
const results: Result[] = [];
try {
  const list = (await (await fetch(`${base}/api/albums?sort=popularity&limit=100`)).json()) as { items: { slug: string }[] };
  const albumPaths = list.items.map((album) => `/api/albums/${album.slug}`);
  const searchPaths = [
    'radiohed',
    'night glass',
    'electric dreams',
    'ghost',
    'neon city',
    'velvet',
    'summer waves',
    'crystal',
    'golden heart',
    'paper machine',
  ].map((q) => `/api/search?q=${encodeURIComponent(q)}`);
  const chartPaths = ['week', 'month', 'year', 'all'].map((period) => `/api/charts?period=${period}`);
  const sample = Buffer.from(await (await fetch(`${base}${albumPaths[0]}`)).arrayBuffer());

  const barePort = await freePort();
  const bare = await start(
    [
      '-e',
      `const body = Buffer.from(${JSON.stringify(sample.toString('base64'))}, 'base64'); require('node:http').createServer((req, res) => { res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length }); res.end(body); }).listen(${barePort}, '127.0.0.1');`,
    ],
    {},
    `http://127.0.0.1:${barePort}/`,
  );
  try {
    results.push(await measure('bare node:http (same bytes as album detail)', `http://127.0.0.1:${barePort}`, ['/']));
  } finally {
    bare.kill();
  }
  // Warm the caches and the JIT before measuring.
  for (const path of [...albumPaths.slice(0, 20), ...searchPaths, ...chartPaths]) await fetch(`${base}${path}`);
  results.push(await measure('album detail  GET /api/albums/:slug', base, albumPaths));
  results.push(await measure('search        GET /api/search?q=', base, searchPaths));
  results.push(await measure('trending chart GET /api/charts', base, chartPaths));
} finally {
  await stop(server);
}
// Jobs in their own thread (the default), then on the server's thread in 5 ms steps, for comparison.
const imports = [
  { mode: 'job thread', result: await importScenario(databaseUrl, true) },
  { mode: 'server thread', result: await importScenario(databaseUrl, false) },
];

const bareRps = results[0]!.rps;
process.stdout.write(
  `\n${ALBUMS.toLocaleString()} albums, ${databaseUrl.startsWith('sqlite') ? 'SQLite' : 'PostgreSQL'}, ${CONNECTIONS} connections, ${SECONDS} s each, Node ${process.version}\n\n`,
);
process.stdout.write('| endpoint | req/s | × bare | p50 ms | p95 ms | p99 ms | errors |\n|---|---:|---:|---:|---:|---:|---:|\n');
for (const result of results) {
  process.stdout.write(
    `| ${result.name} | ${Math.round(result.rps).toLocaleString()} | ${(result.rps / bareRps).toFixed(2)} | ${result.p50} | ${result.p95} | ${result.p99} | ${result.errors} |\n`,
  );
}
process.stdout.write(
  `\n/healthz while idle and during a 5 MB RateYourMusic import of ${imports[0]!.result.rows.toLocaleString()} rows, with jobs in their own thread and on the server's thread\n\n`,
);
process.stdout.write(
  '| jobs run in | connections | idle p50 ms | idle p99 ms | import p50 ms | import p99 ms | p99 × idle | rows applied/s | errors |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|\n',
);
for (const { mode, result } of imports) {
  const rate = Math.round(result.applied / result.seconds);
  for (const { connections, idle, busy } of result.probes) {
    process.stdout.write(
      `| ${mode} | ${connections} | ${idle.p50} | ${idle.p99} | ${busy.p50} | ${busy.p99} | ${(busy.p99 / idle.p99).toFixed(1)} | ${rate} | ${idle.errors + busy.errors} |\n`,
    );
  }
}
