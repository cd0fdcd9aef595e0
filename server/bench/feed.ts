/**
 * The home feed's cost against the number of people followed. A database of BENCH_FEED_PEOPLE members with
 * BENCH_FEED_RATINGS ratings spread over the last year (each one its own feed entry, as the ratings module writes it) is seeded
 * with a few INSERT … SELECT statements; then two signed-in members, one following 2,000 people and one following 20,
 * ask for the first page of their feed and for a page six months deep. Latencies are measured with one request at a
 * time on a freshly started server (its first request is reported separately as "cold"), in the same run, so the ratio
 * between the two members is what matters.
 *
 *   npm run bench:feed                                              (SQLite; kept in .bench/ and reused)
 *   BENCH_FEED_RATINGS=200000 npm run bench:feed
 *   BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/test npm run bench:feed   (a fresh database)
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { spawnServer, type ServerProcess } from '../test/server-process.ts';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../src/platform/db/index.ts';
import { migrateToLatest } from '../src/platform/db/migrate.ts';
import { generateCatalog } from './generate-catalog.ts';

const RATINGS = Number(process.env.BENCH_FEED_RATINGS ?? 1_000_000);
const PEOPLE = Number(process.env.BENCH_FEED_PEOPLE ?? 50_000);
const ALBUMS = Number(process.env.BENCH_FEED_ALBUMS ?? 20_000);
const REQUESTS = Number(process.env.BENCH_FEED_REQUESTS ?? 200);
const MANY = 2000;
const FEW = 20;
/** Seconds between consecutive ratings, so that RATINGS of them span about a year. */
const SPACING = Math.max(1, Math.floor((365 * 86_400) / RATINGS));
const serverDir = new URL('..', import.meta.url).pathname;
const cacheDir = join(serverDir, '..', '.bench');

type Db = ReturnType<typeof openDatabase>['db'];

/** A stride coprime with the album count, so each member's ratings land on distinct albums. */
function strideFor(albums: number): number {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  let stride = 4729;
  while (gcd(stride, albums) !== 1) stride += 2;
  return stride;
}

/** Members and their ratings, each in one statement the database runs by itself. */
async function seed(db: Db, postgres: boolean, nowSeconds: number): Promise<void> {
  const now = new Date(nowSeconds * 1000).toISOString();
  const numbers = (count: number) =>
    postgres
      ? sql`select i from generate_series(0, ${sql.lit(count - 1)}) as i`
      : sql`select i from (with recursive n(i) as (select 0 union all select i + 1 from n where i < ${sql.lit(count - 1)}) select i from n)`;
  const stamp = (seconds: ReturnType<typeof sql>) =>
    postgres
      ? sql`to_char(to_timestamp(${seconds}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
      : sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${seconds}, 'unixepoch')`;
  const userTime = postgres ? sql`now()` : sql`${now}`;
  // A million rows land in eight indexes in random order: SQLite's default 2 MB page cache would thrash.
  if (!postgres) await sql`pragma cache_size = -1048576`.execute(db);

  await sql`insert into "user" (id, name, email, username, created_at, updated_at)
    select 'feed-member-' || i, 'Member ' || i, 'feed' || i || '@bench.invalid', 'feedmember' || i, ${userTime}, ${userTime}
    from (${numbers(PEOPLE)}) as n`.execute(db);
  await sql`insert into profile (user_id, created_at, updated_at)
    select id, ${now}, ${now} from "user" where id like 'feed-member-%'`.execute(db);

  const albumCount = Number(
    (
      await db
        .selectFrom('album')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const stride = strideFor(albumCount);
  // Numbers are written into the statement: bound parameters would be doubles on SQLite ('feed-member-1.0').
  const people = sql.lit(PEOPLE);
  await sql`create table feed_album_index (n integer primary key, id text not null)`.execute(db);
  await sql`insert into feed_album_index (n, id) select (row_number() over (order by id)) - 1, id from album`.execute(db);
  // Rating i is member i mod PEOPLE's (i div PEOPLE)-th, SPACING seconds older than rating i - 1.
  await sql`insert into rating (id, user_id, album_id, rating, created_at, updated_at, feed_at)
    select 'feed-rating-' || i, 'feed-member-' || (i % ${people}), a.id, 1 + ((i * 7) % 19) / 2.0, t, t, t
    from (select i, ${stamp(sql`${sql.lit(nowSeconds)} - i * ${sql.lit(SPACING)}`)} as t from (${numbers(RATINGS)}) as n) as r
    join feed_album_index a on a.n = ((i % ${people}) * 7919 + (i / ${people}) * ${sql.lit(stride)}) % ${sql.lit(albumCount)}`.execute(db);
  await sql`drop table feed_album_index`.execute(db);
  // Fresh statistics on PostgreSQL, as autovacuum keeps them; SQLite has none, as Hearsay never runs ANALYZE there.
  if (postgres) await sql`analyze`.execute(db);
}

async function prepareDatabase(): Promise<{ url: string; seconds: number | null }> {
  let url: string;
  const postgres = Boolean(process.env.BENCH_DATABASE_URL);
  if (postgres) {
    const name = `hearsay_feed_bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const parsed = new URL(process.env.BENCH_DATABASE_URL!);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
  } else {
    mkdirSync(cacheDir, { recursive: true });
    const file = join(cacheDir, `feed-${PEOPLE}-${RATINGS}.db`);
    url = `sqlite:${file}`;
    if (existsSync(file)) {
      process.stdout.write(`Reusing the feed database in ${url}\n`);
      return { url, seconds: null };
    }
  }
  const database = openDatabase(url);
  await migrateToLatest(database.db);
  const started = Date.now();
  await generateCatalog(database.db, ALBUMS, (done) => process.stdout.write(`\rGenerating catalog: ${done.toLocaleString()} albums`));
  process.stdout.write('\nSeeding members and ratings...\n');
  await seed(database.db, postgres, Math.floor(started / 1000));
  await database.destroy();
  return { url, seconds: (Date.now() - started) / 1000 };
}

/** The real server on a port of its own, ready once `/readyz` answers (its catalog and caches loaded). */
function startServer(url: string): Promise<ServerProcess> {
  return spawnServer({
    databaseUrl: url,
    dataDir: join(cacheDir, 'data'),
    env: { LOG_LEVEL: 'warn', COVER_ART: 'off', CATALOG_AUTOLOAD: 'false', RATE_LIMIT_MULTIPLIER: '100' },
    readyPath: '/readyz',
    readyWithinMs: 120_000,
  });
}

/** Signs a new member up and makes them follow `count` of the seeded members, spread over all of them. */
async function member(base: string, db: Db, name: string, count: number): Promise<string> {
  const response = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name,
      email: `${name.toLowerCase().replace(/\W/g, '')}-${Date.now()}@bench.invalid`,
      password: 'Correct-Horse-Battery-9',
    }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const { user } = (await response.json()) as { user: { id: string } };
  const step = Math.floor(PEOPLE / count);
  const now = new Date().toISOString();
  const rows = Array.from({ length: count }, (_, index) => ({
    follower_id: user.id,
    followee_id: `feed-member-${index * step}`,
    created_at: now,
  }));
  for (let start = 0; start < rows.length; start += 500)
    await db
      .insertInto('follow')
      .values(rows.slice(start, start + 500))
      .execute();
  return response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
}

interface Timing {
  name: string;
  cold: number;
  p50: number;
  p99: number;
  items: number;
}

/** The first request (cold), then REQUESTS more one at a time. */
async function time(name: string, url: string, cookie: string): Promise<Timing> {
  const once = async () => {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    const body = (await response.json()) as { items: unknown[] };
    if (!response.ok) throw new Error(`${url}: ${response.status} ${JSON.stringify(body)}`);
    return { ms: performance.now() - started, items: body.items.length };
  };
  const first = await once();
  const latencies: number[] = [];
  for (let index = 0; index < REQUESTS; index++) latencies.push((await once()).ms);
  latencies.sort((a, b) => a - b);
  const at = (fraction: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(fraction * latencies.length))]! * 100) / 100;
  return { name, cold: Math.round(first.ms * 100) / 100, p50: at(0.5), p99: at(0.99), items: first.items };
}

const { url, seconds } = await prepareDatabase();
const database = openDatabase(url);
const server = await startServer(url);
const base = server.url;
const timings: Timing[] = [];
try {
  const many = await member(base, database.db, 'Follows Many', MANY);
  const few = await member(base, database.db, 'Follows Few', FEW);
  const deep = Buffer.from(`${new Date(Date.now() - 182 * 86_400_000).toISOString()}|~`).toString('base64url');
  for (const [label, cookie] of [
    [`following ${MANY.toLocaleString()}`, many],
    [`following ${FEW}`, few],
  ] as const) {
    timings.push(await time(`${label}, first page`, `${base}/api/feed`, cookie));
    timings.push(await time(`${label}, page 6 months deep`, `${base}/api/feed?cursor=${deep}`, cookie));
  }
} finally {
  await server.kill('SIGTERM');
  await database.destroy();
  // The PostgreSQL database was made for this run only.
  if (process.env.BENCH_DATABASE_URL) {
    const admin = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${new URL(url).pathname.slice(1)}`);
    await admin.end();
  }
}

process.stdout.write(
  `\nFeed: ${PEOPLE.toLocaleString()} members, ${RATINGS.toLocaleString()} ratings over a year, ${ALBUMS.toLocaleString()} albums, ${url.startsWith('sqlite') ? 'SQLite' : 'PostgreSQL'}, Node ${process.version}${seconds === null ? '' : `; seeded in ${seconds.toFixed(0)} s`}\n\n`,
);
process.stdout.write(`| GET /api/feed | items | cold ms | p50 ms | p99 ms |\n|---|---:|---:|---:|---:|\n`);
for (const timing of timings)
  process.stdout.write(`| ${timing.name} | ${timing.items} | ${timing.cold} | ${timing.p50} | ${timing.p99} |\n`);
const ratio = (index: number) => (timings[index]!.p50 / timings[index + 2]!.p50).toFixed(2);
process.stdout.write(`\np50 following ${MANY} ÷ following ${FEW}: first page ${ratio(0)}, deep page ${ratio(1)}\n`);
