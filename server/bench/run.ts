/**
 * `npm run bench`: the paths people really take, on a generated site of 100,000 albums and 50,000 members
 * (`seed-scale.ts`), measured uncached (the server runs with CACHES=off; only the row labelled "cache" has them on) and
 * signed in with distinct inputs. Each path is measured in the same round as the signed-in floor (a signed-in
 * `GET /healthz`, which resolves the session and does nothing else) and as a bare node:http server answering the same
 * bytes; its goal is a ratio to that floor. See docs/benchmarks.md for the goals, the method and the figures.
 *
 *   npm run bench                                   SQLite, kept in .bench/ and reused (a working copy per run)
 *   BENCH_SCALE=0.05 BENCH_SECONDS=3 BENCH_ROUNDS=1 npm run bench          a quick look
 *   BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/test BENCH_REDIS_URL=redis://127.0.0.1:6379/11 npm run bench
 *                                                   PostgreSQL, kept as a database and copied per run, and the live-notification path
 *   BENCH_ENGINES=sqlite,postgres BENCH_DATABASE_URL=postgres://… npm run bench
 *                                                   both, one after the other, and one table with PostgreSQL's figures beside SQLite's
 */
import { type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import WebSocket from 'ws';
import { openDatabase, type DB, type Dialect } from '../src/platform/db/index.ts';
import { albumsWithWrongRatingTotals } from '../test/rating-totals.ts';
import { rymExport } from '../test/rym-export.ts';
import {
  chosenEngines,
  ENGINE_NAMES,
  ratioText,
  REPORT_FILE_ENV,
  runEachEngine,
  type EngineReport,
  type HealthRow,
  type ReportRow,
} from './engines.ts';
import {
  cacheDir,
  freePort,
  measure,
  median,
  medianResult,
  mintSessions,
  pinLoadGenerator,
  pinning,
  random,
  sampleOf,
  startBare,
  startServerProcess,
  stopProcess,
  table,
  thousands,
  type Result,
  type Spec,
  withPostgresOnServerCore,
} from './harness.ts';
import { DEFAULT_EPOCH } from './seed-scale.ts';
import { keptPostgresSite, keptSqliteSite, postgresAdmin, postgresDatabaseUrl, SITE_PASSWORD, type SiteSize } from './site.ts';

const ENGINES = chosenEngines();
// Both engines: each measured by a run of its own, then one table.
if (ENGINES.length > 1) process.exit(runEachEngine(ENGINES, process.argv[1]!));

pinLoadGenerator();

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
/** The site's size: every size times SCALE; BENCH_ALBUMS sets the catalog's alone (the growth run). */
const SITE_SIZE: SiteSize = { scale: SCALE, sizes: process.env.BENCH_ALBUMS ? { albums: Number(process.env.BENCH_ALBUMS) } : {} };
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const FLOOD_CONNECTIONS = Number(process.env.BENCH_FLOOD_CONNECTIONS ?? 50);
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const LIKES_PER_SECOND = Number(process.env.BENCH_LIKES_PER_SECOND ?? 50);
const POSTGRES = ENGINES[0] === 'postgres' ? process.env.BENCH_DATABASE_URL : undefined;
const REDIS = process.env.BENCH_REDIS_URL;
/** Members signed in at once; their cookies rotate across requests. */
const SIGNED_IN = 300;
const RANDOM_ALBUMS = 5000;
const SEARCH_QUERIES = 3000;
const FEED_FOLLOWS = 2000;
/** Whether the seeded members keep the Weekly Digest e-mail (its hourly pass over everyone runs during the paths). */
const DIGEST = process.env.BENCH_DIGEST !== 'off';
/** The bench chooses the server's secret, so it can sign session cookies itself (no argon2 per sign-in). */
const AUTH_SECRET = randomBytes(32).toString('base64url');
/**
 * Only some parts: path keys (floor, album-visitor, album, album-circle, page, search, search-4, feed, notifications,
 * rate, session, me), likes, health. The signed-in floor is measured whenever a path is: every ratio is taken against it.
 */
const ONLY = process.env.BENCH_ONLY?.split(',').map((part) => part.trim());
const wanted = (part: string) => !ONLY || ONLY.includes(part);
/** A directory: each Hearsay process writes a V8 CPU profile there when it stops (open it in Chrome's DevTools). */
const CPU_PROFILE = process.env.BENCH_CPU_PROFILE;
/** Set when this run is one engine of a run of both: where it leaves its figures. */
const REPORT_FILE = process.env[REPORT_FILE_ENV];
/** Where the sample and the warm-up take their inputs: far from where the rounds start. */
const WARM_UP_START = 2500;
/** The path every ratio is taken against (docs/decisions/090). */
const FLOOR = 'floor';

// ---------------------------------------------------------------------------------------------------------------
// The site

interface Site {
  url: string;
  dialect: Dialect;
  /** Where the data came from, and how long generating it took (null: reused). */
  origin: string;
  seconds: number | null;
  cleanup: () => Promise<void>;
}

/**
 * SQLite: the seeded site is kept in .bench/ and copied for each run, since a run writes ratings, sessions, follows,
 * notifications and an import. PostgreSQL: the kept site copied as a template, the copy dropped at the end.
 */
async function prepareSite(): Promise<Site> {
  mkdirSync(cacheDir, { recursive: true });
  if (POSTGRES) {
    const { name: kept, seconds } = await keptPostgresSite(POSTGRES, SITE_SIZE);
    const name = `hearsay_bench_${Date.now()}`;
    await postgresAdmin(POSTGRES, `CREATE DATABASE ${name} TEMPLATE ${kept}`);
    return {
      url: postgresDatabaseUrl(POSTGRES, name),
      dialect: 'postgres',
      origin: `seed-scale.ts, ${seconds === null ? 'reused' : 'generated'} database ${kept}, a copy per run (${name})`,
      seconds,
      cleanup: () => postgresAdmin(POSTGRES, `DROP DATABASE IF EXISTS ${name}`),
    };
  }
  const { file, seconds } = await keptSqliteSite(SITE_SIZE);
  const working = join(cacheDir, `run-${process.pid}.db`);
  copyFileSync(file, working);
  return {
    url: `sqlite:${working}`,
    dialect: 'sqlite',
    origin: `seed-scale.ts, ${seconds === null ? 'reused' : 'generated'} ${file.slice(cacheDir.length - '.bench'.length)}, a working copy per run`,
    seconds,
    cleanup: async () => {
      for (const suffix of ['', '-wal', '-shm', '-boot-lock']) rmSync(`${working}${suffix}`, { force: true });
    },
  };
}

/**
 * The feed member's first visit queues the rebuild of their home timeline (decision 087); until the job thread has run
 * it, their feed is answered the pull-based way. The rounds measure the feed a returning member gets: from the timeline.
 */
async function timelineBuilt(base: string, db: DB, memberId: string, cookie: string): Promise<void> {
  const feed = await fetch(`${base}/api/feed`, { headers: { cookie } });
  if (!feed.ok) throw new Error(`the feed member's feed answered ${feed.status}`);
  for (let waited = 0; waited < 300; waited++) {
    const reader = await db.selectFrom('home_timeline_reader').select('built_at').where('viewer_id', '=', memberId).executeTakeFirst();
    if (reader?.built_at) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error("the feed member's home timeline was not built within five minutes");
}

/**
 * The member whose home feed is measured follows FEED_FOLLOWS people. The seed's busiest follower is used when it
 * follows that many; otherwise the bench adds follows for them, and recounts the counters of everyone touched.
 */
async function feedMember(db: DB): Promise<{ id: string; follows: number; added: number }> {
  const top = await db
    .selectFrom('follow')
    .select(['follower_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('follower_id')
    .orderBy('n', 'desc')
    .limit(1)
    .executeTakeFirst();
  const id = top?.follower_id ?? (await db.selectFrom('user').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow()).id;
  const have = Number(top?.n ?? 0);
  const members = Number(
    (
      await db
        .selectFrom('user')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const want = Math.min(FEED_FOLLOWS, members - 1);
  if (have >= want) return { id, follows: have, added: 0 };
  const candidates = await db
    .selectFrom('user')
    .select('id')
    .where('id', '!=', id)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('follow').select('follow.followee_id').where('follower_id', '=', id).whereRef('followee_id', '=', 'user.id'))),
    )
    .orderBy('id')
    .limit(want - have)
    .execute();
  const now = new Date().toISOString();
  const rows = candidates.map((candidate) => ({ follower_id: id, followee_id: candidate.id, created_at: now }));
  for (let start = 0; start < rows.length; start += 500)
    await db
      .insertInto('follow')
      .values(rows.slice(start, start + 500))
      .execute();
  // The counters equal a recount, for the follower and for everyone they now follow.
  await db
    .updateTable('profile')
    .set({ following_count: sql`(select count(*) from follow where follower_id = ${id})` })
    .where('user_id', '=', id)
    .execute();
  for (let start = 0; start < rows.length; start += 500)
    await db
      .updateTable('profile')
      .set({ followers_count: sql`(select count(*) from follow where followee_id = profile.user_id)` })
      .where(
        'user_id',
        'in',
        rows.slice(start, start + 500).map((row) => row.followee_id),
      )
      .execute();
  return { id, follows: have + rows.length, added: rows.length };
}

/**
 * The seed writes no notifications, so the signed-in members get those its likes, comments and follows would have
 * made (read, but for the last week's). Returns how many.
 */
async function notificationsFor(db: DB, recipients: readonly string[]): Promise<number> {
  const ids = sql.join(recipients.map((id) => sql`${id}`));
  const readBefore = new Date(Date.parse(DEFAULT_EPOCH) - 7 * 86_400_000).toISOString();
  const read = (column: ReturnType<typeof sql>) => sql`case when ${column} < ${readBefore} then ${column} else null end`;
  const statements = [
    sql`insert into notification (id, recipient_id, kind, actor_id, object_id, created_at, read_at)
      select 'bench-like-' || l.user_id || '-' || r.id, r.user_id, 'review_like', l.user_id, r.id, l.created_at, ${read(sql`l.created_at`)}
      from review r join review_like l on l.review_id = r.id where r.user_id in (${ids}) and l.user_id != r.user_id`,
    sql`insert into notification (id, recipient_id, kind, actor_id, object_id, created_at, read_at)
      select 'bench-comment-' || c.id, r.user_id, 'review_comment', c.user_id, r.id, c.created_at, ${read(sql`c.created_at`)}
      from review r join review_comment c on c.review_id = r.id where r.user_id in (${ids}) and c.user_id != r.user_id`,
    sql`insert into notification (id, recipient_id, kind, actor_id, object_id, created_at, read_at)
      select 'bench-follow-' || f.follower_id || '-' || f.followee_id, f.followee_id, 'follow', f.follower_id, f.followee_id, f.created_at,
        ${read(sql`f.created_at`)}
      from follow f where f.followee_id in (${ids})`,
  ];
  let rows = 0;
  for (const statement of statements) rows += Number((await statement.execute(db)).numAffectedRows ?? 0);
  return rows;
}

/** Searches made of the catalog's own words: single words, pairs, artists with a title word; every fifth has a typo. */
function searchQueries(albums: readonly { title: string; artist_credit: string }[]): string[] {
  const next = random(11);
  const words = (text: string) =>
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}']+/u)
      .filter((word) => word.length >= 3 && !/^\d+$/.test(word));
  const typo = (word: string) => {
    if (word.length < 5) return word;
    const at = 1 + Math.floor(next() * (word.length - 2));
    switch (Math.floor(next() * 3)) {
      case 0:
        return word.slice(0, at) + word.slice(at + 1);
      case 1:
        return word.slice(0, at - 1) + word[at] + word[at - 1] + word.slice(at + 1);
      default:
        return word.slice(0, at) + 'aeiou'[Math.floor(next() * 5)] + word.slice(at + 1);
    }
  };
  const queries = new Set<string>();
  for (let attempt = 0; queries.size < SEARCH_QUERIES && attempt < SEARCH_QUERIES * 50; attempt++) {
    const album = albums[Math.floor(next() * albums.length)]!;
    const title = words(album.title);
    const artist = words(album.artist_credit);
    if (title.length === 0 || artist.length === 0) continue;
    const pick = (list: string[]) => list[Math.floor(next() * list.length)]!;
    const start = Math.floor(next() * title.length);
    const forms = [[pick(title)], title.slice(start, start + 2), [artist[0]!], [pick(artist), pick(title)]];
    const query = forms[attempt % forms.length]!;
    if (queries.size % 5 === 4) query[0] = typo(query[0]!);
    queries.add(query.join(' '));
  }
  return [...queries];
}

// ---------------------------------------------------------------------------------------------------------------
// Servers

async function startHearsay(url: string, extra: Record<string, string> = {}): Promise<{ process: ChildProcess; base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = await startServerProcess(
    [...(CPU_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROFILE}`] : []), 'src/main.ts'],
    {
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      AUTH_SECRET,
      LOG_LEVEL: 'warn',
      COVER_ART: 'off',
      CATALOG_AUTOLOAD: 'false',
      CATALOG_ENRICH: 'false',
      MUSICBRAINZ: 'off',
      DATA_DIR: join(cacheDir, 'data'),
      NODE_ENV: 'production',
      // Every answer computed: the goals hold with the in-process caches bypassed (a path may turn them on, and says so).
      CACHES: 'off',
      ...extra,
    },
    `${base}/readyz`,
  );
  return { process: child, base };
}

// ---------------------------------------------------------------------------------------------------------------
// Paths

interface Path {
  key: string;
  label: string;
  connections: number;
  /**
   * A request generator starting at input `start`; Hearsay's and the bare server's are separate, so neither skips
   * inputs. `toHearsay` tells whether its requests go to Hearsay (the bare server changes nothing).
   */
  requests: (start: number, toHearsay: boolean) => () => Spec;
  /** Measured on a second Hearsay process with its in-process caches on (the path's label says "cache"). */
  cached?: boolean;
  /** Another path's bare server answers the same bytes (the same path at another concurrency). */
  bareOf?: string;
  /** Measured only as that path's baseline, and whenever it is. */
  baselineOf?: string;
  noBare?: boolean;
}

/** One request at a time, signed in (rotating over the cookies) and as a visitor (`<key>-visitor`, its baseline). */
function signedInAndVisitor(key: string, path: string, label: string, cookies: readonly string[]): Path[] {
  return [
    {
      key,
      label,
      connections: 1,
      requests: (start) => {
        const cookie = rotate(cookies, start);
        return () => ({ path, headers: { cookie: cookie() } });
      },
    },
    {
      key: `${key}-visitor`,
      baselineOf: key,
      label: `GET ${path}, visitor`,
      connections: 1,
      noBare: true,
      requests: () => () => ({ path }),
    },
  ];
}

function rotate<T>(items: readonly T[], start = 0): () => T {
  let index = start;
  return () => items[index++ % items.length]!;
}

// ---------------------------------------------------------------------------------------------------------------
// The /healthz probes: idle, during a sign-in flood, during a large import

const IMPORT_BYTES = 5 * 1024 * 1024;

async function probeHealth(base: string, connections: number): Promise<Result> {
  return measure({ base, next: () => ({ path: '/healthz' }), connections, seconds: SECONDS });
}

/** Many people signing in at once with the real password (argon2id), while one client asks for /healthz. */
async function floodScenario(base: string, emails: readonly string[], password: string) {
  const nextEmail = rotate(emails);
  const flood = measure({
    base,
    next: () => ({ path: '/api/auth/sign-in', method: 'POST', body: JSON.stringify({ email: nextEmail(), password }) }),
    connections: FLOOD_CONNECTIONS,
    seconds: SECONDS + 2,
  });
  // The probe starts once the flood is under way and ends before it does.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const busy = await probeHealth(base, 1);
  const signIns = await flood;
  // Sign-ins still queued behind argon2 finish before anything else is measured.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  return { busy, signIns };
}

/**
 * /healthz while a member's 5 MB RateYourMusic import runs: rows naming catalog albums, so each one rates, reviews or
 * saves an album as a real import does. Runs last on the run's own database (a working copy on SQLite, a fresh
 * database on PostgreSQL): the server is stopped long before the import ends.
 */
async function importScenario(base: string, db: DB): Promise<{ busy: Result[]; rows: number; applied: number; seconds: number }> {
  const albums = await db
    .selectFrom('album')
    .select(['artist_credit as artist', 'title', 'release_year as year'])
    .orderBy('id')
    .limit(50_000)
    .execute();
  const csv = rymExport({ maxBytes: IMPORT_BYTES, albums });
  const rows = csv.split('\n').length - 2;
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
  const progress = async () =>
    (await (await fetch(`${base}/api/imports/${id}`, { headers: { cookie } })).json()) as { status: string; processed: number };
  // Measured once rows are being applied, after the file has been counted through.
  for (let attempt = 0; (await progress()).processed === 0; attempt++) {
    if (attempt > 900) throw new Error('the import did not start within 90 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const started = Date.now();
  const job = await progress();
  if (job.status !== 'running') throw new Error(`the import ended (${job.status}) before it could be measured`);
  const before = job.processed;
  const busy: Result[] = [];
  for (const connections of [1, CONNECTIONS]) busy.push(await probeHealth(base, connections));
  const after = await progress();
  return { busy, rows, applied: after.processed - before, seconds: (Date.now() - started) / 1000 };
}

// ---------------------------------------------------------------------------------------------------------------
// A like reaching its review author's socket, across two processes (PostgreSQL and Redis)

interface LikeLatency {
  sent: number;
  delivered: number;
  failed: number;
  p50: number;
  p95: number;
  p99: number;
  sockets: number;
}

async function likeScenario(db: DB, site: Site): Promise<LikeLatency> {
  const authors = await db
    .selectFrom('review')
    .innerJoin('profile', 'profile.user_id', 'review.user_id')
    .select(['review.user_id', (eb) => eb.fn.min('review.id').as('review_id')])
    .where('review.hidden_reason', 'is', null)
    .where('profile.visibility', '=', 'public')
    .groupBy('review.user_id')
    .orderBy('review.user_id')
    .limit(SOCKETS)
    .execute();
  const authorIds = new Set(authors.map((author) => author.user_id));
  const likerIds = (
    await db
      .selectFrom('user')
      .select('id')
      .orderBy('id', 'desc')
      .limit(SOCKETS + 200)
      .execute()
  )
    .map((row) => row.id)
    .filter((id) => !authorIds.has(id))
    .slice(0, 200);
  const existing = new Set<string>();
  const reviewIds = authors.map((author) => author.review_id as string);
  for (let start = 0; start < reviewIds.length; start += 500) {
    const likes = await db
      .selectFrom('review_like')
      .select(['user_id', 'review_id'])
      .where('review_id', 'in', reviewIds.slice(start, start + 500))
      .execute();
    for (const like of likes) existing.add(`${like.user_id}|${like.review_id}`);
  }
  const authorCookies = await mintSessions(db, site.dialect, [...authorIds], AUTH_SECRET);
  const likerCookies = await mintSessions(db, site.dialect, likerIds, AUTH_SECRET);
  const redis = { REDIS_URL: REDIS! };
  const servers = [await startHearsay(site.url, redis), await startHearsay(site.url, redis)];
  const sockets: WebSocket[] = [];
  try {
    // Author i holds a socket on process i mod 2; the like for them is sent to the other process.
    const waiting = new Map<string, number[]>();
    const latencies: number[] = [];
    for (let start = 0; start < authors.length; start += 50) {
      await Promise.all(
        authors.slice(start, start + 50).map(
          (author, offset) =>
            new Promise<void>((resolve, reject) => {
              const index = start + offset;
              const server = servers[index % 2]!.base;
              const socket = new WebSocket(`${server.replace('http', 'ws')}/realtime`, {
                headers: { cookie: authorCookies[index]!, origin: server },
              });
              socket.on('open', () => resolve());
              socket.on('error', reject);
              socket.on('message', (data) => {
                const text = String(data);
                // The answer to a heartbeat ping is the one message that is not JSON.
                if (text === 'pong' || (JSON.parse(text) as { type?: string }).type !== 'notifications.unread') return;
                const sentAt = waiting.get(author.user_id)?.shift();
                if (sentAt !== undefined) latencies.push(performance.now() - sentAt);
              });
              sockets.push(socket);
            }),
        ),
      );
    }
    const heartbeat = setInterval(() => sockets.forEach((socket) => socket.send('ping')), 15_000);
    let sent = 0;
    let failed = 0;
    let liker = 0;
    const total = Math.round(SECONDS * LIKES_PER_SECOND);
    const started = performance.now();
    const requests: Promise<void>[] = [];
    for (let index = 0; index < total; index++) {
      // A steady rate: each like leaves at its own time, whatever the previous ones are doing.
      const due = started + (index * 1000) / LIKES_PER_SECOND;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const authorIndex = index % authors.length;
      const author = authors[authorIndex]!;
      let attempts = 0;
      while (existing.has(`${likerIds[liker % likerIds.length]}|${author.review_id}`) && attempts++ < likerIds.length) liker++;
      const likerIndex = liker++ % likerIds.length;
      existing.add(`${likerIds[likerIndex]}|${author.review_id}`);
      const target = servers[(authorIndex + 1) % 2]!.base;
      const queue = waiting.get(author.user_id) ?? [];
      waiting.set(author.user_id, queue);
      queue.push(performance.now());
      sent++;
      requests.push(
        fetch(`${target}/api/reviews/${author.review_id}/like`, { method: 'PUT', headers: { cookie: likerCookies[likerIndex]! } }).then(
          async (response) => {
            await response.arrayBuffer();
            if (!response.ok) failed++;
          },
          () => void failed++,
        ),
      );
    }
    await Promise.all(requests);
    // Stragglers: a notification that has not arrived five seconds after its like is counted as lost.
    await new Promise((resolve) => setTimeout(resolve, 5000));
    clearInterval(heartbeat);
    latencies.sort((a, b) => a - b);
    const at = (fraction: number) =>
      latencies.length ? Math.round(latencies[Math.min(latencies.length - 1, Math.floor(fraction * latencies.length))]! * 100) / 100 : 0;
    return { sent, delivered: latencies.length, failed, p50: at(0.5), p95: at(0.95), p99: at(0.99), sockets: sockets.length };
  } finally {
    for (const socket of sockets) socket.terminate();
    for (const server of servers) await stopProcess(server.process);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The run

const site = await prepareSite();
const database = openDatabase(site.url);
const db = database.db;
const servers: ChildProcess[] = [];
const say = (text: string) => process.stdout.write(`${text}\n`);
const pass = (met: boolean) => (met ? 'pass' : '**miss**');
/** Which of a run's errors were answers (their statuses) and which the load generator's own (timeouts, cut-off connections). */
function errorKinds(result: Result): string {
  if (result.errors === 0) return '';
  const answered = Object.values(result.statuses).reduce((sum, count) => sum + count, 0);
  const kinds = Object.entries(result.statuses).map(([status, count]) => `${count} × ${status}`);
  if (result.errors > answered) kinds.push(`${result.errors - answered} timed out or cut off`);
  return ` (${kinds.join(', ')})`;
}
const failure = (error: unknown) => `failed: ${error instanceof Error ? error.message : String(error)}`;

try {
  // Inputs, the same every run.
  const next = random(20261126);
  const allAlbums = (await db.selectFrom('album').select('id').orderBy('id').execute()).map((row) => row.id);
  const pickAlbum = () => allAlbums[Math.floor(next() * allAlbums.length)]!;
  const distinct = new Set<string>();
  while (distinct.size < Math.min(RANDOM_ALBUMS, allAlbums.length)) distinct.add(pickAlbum());
  const randomAlbums = [...distinct];
  const catalogWords = await db.selectFrom('album').select(['title', 'artist_credit']).orderBy('id').limit(20_000).execute();
  const queries = searchQueries(catalogWords);
  const people = (await db.selectFrom('user').select(['id', 'email']).orderBy('id').execute()).filter((person) =>
    person.email.endsWith('@scale.invalid'),
  );
  // The signed-in sample, and other people for the sign-in flood (each sign-in adds a session, and a person keeps ten).
  const shuffled = people.map((person) => ({ person, key: next() })).sort((a, b) => a.key - b.key);
  const signedIn = shuffled.slice(0, SIGNED_IN).map(({ person }) => person.id);
  const others = shuffled.slice(SIGNED_IN, SIGNED_IN + 2000);
  const floodEmails = (others.length ? others : shuffled).map(({ person }) => person.email);
  const feed = await feedMember(db);
  const notifications = await notificationsFor(db, signedIn);
  // The Weekly Digest is a job in the job thread that walks every member who follows someone, 10 s after start: it
  // runs alongside the paths measured, as on a real site (BENCH_DIGEST=off turns it off for the seeded members).
  if (!DIGEST)
    await db
      .updateTable('profile')
      .set({ settings: JSON.stringify({ notifications: { email: { weeklyDigest: false } } }) })
      .where('settings', '=', '{}')
      .execute();
  const cookies = await mintSessions(db, site.dialect, signedIn, AUTH_SECRET);
  const [feedCookie] = await mintSessions(db, site.dialect, [feed.id], AUTH_SECRET);

  const hearsay = await startHearsay(site.url);
  servers.push(hearsay.process);
  const base = hearsay.base;
  const me = (await (await fetch(`${base}/api/me`, { headers: { cookie: cookies[0]! } })).json()) as { user: { id: string } | null };
  if (me.user?.id !== signedIn[0]) throw new Error(`a minted session was not accepted: GET /api/me answered ${JSON.stringify(me)}`);
  if (wanted('feed')) await timelineBuilt(base, db, feed.id, feedCookie!);
  const popular = ((await (await fetch(`${base}/api/albums?sort=popularity&limit=100`)).json()) as { items: { slug: string }[] }).items.map(
    (album) => album.slug,
  );

  const touched = new Set<string>();
  const allPaths: Path[] = [
    // The floor every path's ratio is taken against, in the same round: a signed-in GET /healthz, which resolves the
    // session and does nothing else. Every signed-in path does that before its own work. Beside it, the same answer to
    // a visitor: the HTTP framework, its hooks and headers alone.
    {
      key: FLOOR,
      label: 'GET /healthz, signed in (**the floor**: the framework and the session)',
      connections: CONNECTIONS,
      requests: (start) => {
        const cookie = rotate(cookies, start);
        return () => ({ path: '/healthz', headers: { cookie: cookie() } });
      },
    },
    {
      key: 'floor-visitor',
      baselineOf: FLOOR,
      bareOf: FLOOR,
      label: 'GET /healthz, visitor (the framework alone)',
      connections: CONNECTIONS,
      requests: () => () => ({ path: '/healthz' }),
    },
    {
      key: 'album-visitor',
      label: 'album page, visitor, 100 popular albums (**cache**)',
      cached: true,
      connections: CONNECTIONS,
      requests: (start) => {
        const album = rotate(popular, start);
        return () => ({ path: `/api/albums/${album()}` });
      },
    },
    {
      key: 'album',
      label: `album page, signed in, ${thousands(randomAlbums.length)} random albums`,
      connections: CONNECTIONS,
      requests: (start) => {
        const album = rotate(randomAlbums, start);
        const cookie = rotate(cookies, start);
        return () => ({ path: `/api/albums/${album()}`, headers: { cookie: cookie() } });
      },
    },
    {
      // What the album page's side column asks beside the album (decision 082): the lists containing it and the people
      // the member follows who rated it. Rendered with the page on the server; asked on its own when a browser moves
      // to an album from another page.
      key: 'album-circle',
      label: `album page's lists and followed raters, signed in, ${thousands(randomAlbums.length)} random albums`,
      connections: CONNECTIONS,
      requests: (start) => {
        const album = rotate(randomAlbums, start);
        const cookie = rotate(cookies, start);
        return () => ({ path: `/api/albums/${album()}/circle`, headers: { cookie: cookie() } });
      },
    },
    {
      // The page a browser opens (not the API call): rendered on the server with its data, when the web app is built.
      key: 'page',
      label: `album page as HTML (rendered on the server), signed in, ${thousands(randomAlbums.length)} random albums`,
      connections: CONNECTIONS,
      requests: (start) => {
        const album = rotate(randomAlbums, start);
        const cookie = rotate(cookies, start);
        return () => ({ path: `/album/${album()}`, headers: { cookie: cookie() } });
      },
    },
    {
      key: 'search',
      label: `search, signed in, ${thousands(queries.length)} queries`,
      connections: CONNECTIONS,
      requests: (start) => {
        const query = rotate(queries, start);
        const cookie = rotate(cookies, start);
        return () => ({ path: `/api/search?q=${encodeURIComponent(query())}`, headers: { cookie: cookie() } });
      },
    },
    {
      key: 'search-4',
      label: `search, signed in, ${thousands(queries.length)} queries, 4 connections`,
      connections: 4,
      bareOf: 'search',
      requests: (start) => {
        // From the middle of the list, so these are not the queries the run at 20 connections just asked.
        const query = rotate(queries, start + Math.floor(queries.length / 2));
        const cookie = rotate(cookies, start);
        return () => ({ path: `/api/search?q=${encodeURIComponent(query())}`, headers: { cookie: cookie() } });
      },
    },
    {
      key: 'feed',
      label: `home feed, member following ${thousands(feed.follows)}`,
      connections: CONNECTIONS,
      requests: () => () => ({ path: '/api/feed', headers: { cookie: feedCookie! } }),
    },
    {
      key: 'notifications',
      label: `notifications, signed in, ${thousands(signedIn.length)} people (${(notifications / Math.max(1, signedIn.length)).toFixed(0)} each on average)`,
      connections: CONNECTIONS,
      requests: (start) => {
        const cookie = rotate(cookies, start);
        return () => ({ path: '/api/notifications', headers: { cookie: cookie() } });
      },
    },
    {
      key: 'rate',
      label: 'rating writes, signed in, random albums, 1 to 10',
      connections: CONNECTIONS,
      requests: (start, toHearsay) => {
        const cookie = rotate(cookies, start);
        return () => {
          const album = pickAlbum();
          if (toHearsay) touched.add(album);
          const rating = 1 + Math.floor(next() * 19) / 2;
          return { path: `/api/albums/${album}/rating`, method: 'PUT', headers: { cookie: cookie() }, body: JSON.stringify({ rating }) };
        };
      },
    },
    // The same cheap answer with and without a session cookie: the difference is resolving the session alone.
    ...signedInAndVisitor('session', '/healthz', 'GET /healthz, signed in (the session resolved, nothing else)', cookies),
    ...signedInAndVisitor('me', '/api/me', 'GET /api/me, signed in', cookies),
  ];
  const rendering = existsSync(new URL('../../web/dist-ssr/entry-server.js', import.meta.url));
  if (!rendering) say('The web app is not built (npm run build): the rendered album page is left out.');
  const chosen = allPaths.filter((path) => wanted(path.baselineOf ?? path.key) && (path.key !== 'page' || rendering));
  // The floor whenever anything is measured: no ratio without it.
  const paths =
    chosen.length === 0 || chosen.some((path) => path.key === FLOOR) ? chosen : [allPaths.find((path) => path.key === FLOOR)!, ...chosen];
  // The cache's own row, on a process with the caches on (started only when that row is measured).
  const cachedHearsay = paths.some((path) => path.cached) ? await startHearsay(site.url, { CACHES: 'on' }) : undefined;
  if (cachedHearsay) servers.push(cachedHearsay.process);
  const baseOf = (path: Path) => (path.cached ? cachedHearsay!.base : base);
  const pidOf = (path: Path) => (path.cached ? cachedHearsay!.process.pid : hearsay.process.pid);

  // A bare server per path, answering what Hearsay answered to that path's first request.
  const bare = new Map<string, { process: ChildProcess; base: string }>();
  for (const path of paths) {
    if (path.noBare || path.bareOf) continue;
    const sample = await sampleOf(baseOf(path), path.requests(WARM_UP_START, true)());
    const started = await startBare(path.key, sample);
    servers.push(started.process);
    bare.set(path.key, started);
  }
  // Warm the JIT and the database's caches a little, as a running site would be, on inputs the rounds reach late if at all.
  for (const path of paths)
    await measure({
      base: baseOf(path),
      next: path.requests(WARM_UP_START, true),
      connections: path.connections,
      seconds: Math.min(1, SECONDS),
    });

  // One generator per path and server for the whole run: round 2 goes on where round 1 stopped, with new inputs.
  const runs = new Map(
    paths.map((path) => [
      path.key,
      { hearsay: [] as Result[], bare: [] as Result[], nextHearsay: path.requests(0, true), nextBare: path.requests(1, false) },
    ]),
  );
  const loadAtStart = loadavg()[0]!;
  for (let round = 1; round <= ROUNDS; round++) {
    say(`Round ${round} of ${ROUNDS}`);
    for (const path of paths) {
      const server = bare.get(path.bareOf ?? path.key);
      const entry = runs.get(path.key)!;
      if (server && !path.noBare)
        entry.bare.push(
          await measure({
            base: server.base,
            next: entry.nextBare,
            connections: path.connections,
            seconds: SECONDS,
            pid: server.process.pid,
          }),
        );
      entry.hearsay.push(
        await measure({ base: baseOf(path), next: entry.nextHearsay, connections: path.connections, seconds: SECONDS, pid: pidOf(path) }),
      );
      const last = entry.hearsay.at(-1)!;
      say(
        `  ${path.label}: ${thousands(last.rps)} req/s, p50 ${last.p50} ms, p95 ${last.p95} ms${last.cpuUs === null ? '' : `, ${last.cpuUs} µs CPU a request`}${last.errors ? `, ${last.errors} errors ${JSON.stringify(last.statuses)}` : ''}`,
      );
    }
  }

  // Every album a rating was sent for: its stored totals against a recount of its rating rows.
  let mismatched = 0;
  const touchedIds = [...touched];
  for (let start = 0; start < touchedIds.length; start += 2000) {
    mismatched += (await albumsWithWrongRatingTotals(db, touchedIds.slice(start, start + 2000))).length;
  }

  // The paths' table first: the phases after it may fail on their own without losing it.
  const med = (key: string) => {
    const entry = runs.get(key)!;
    return { hearsay: medianResult(entry.hearsay), bare: entry.bare.length ? medianResult(entry.bare) : null };
  };
  /** The median across rounds of each round's requests a second over another's, measured in that same round. */
  const perRound = (over: readonly Result[], under: readonly Result[]) =>
    over.length > 0 && over.length === under.length && under.every((result) => result.rps > 0)
      ? median(over.map((result, index) => result.rps / under[index]!.rps))
      : null;
  const floorPath = paths.find((path) => path.key === FLOOR);
  const overBare = (key: string) => perRound(runs.get(key)!.hearsay, runs.get(key)!.bare);
  // Against the floor only at the floor's concurrency: at one or four connections a path is not bounded by it.
  const overFloor = (path: Path) =>
    floorPath && path.connections === floorPath.connections ? perRound(runs.get(path.key)!.hearsay, runs.get(FLOOR)!.hearsay) : null;
  const floorGoal = (key: string, least: number, exactTotals = false): [string, string] => {
    const ratio = overFloor(paths.find((path) => path.key === key)!);
    const goal = `≥ ${least}× floor${exactTotals ? ', exact totals' : ''}`;
    return [goal, ratio === null ? 'no floor' : pass(ratio >= least && (!exactTotals || mismatched === 0))];
  };
  const sessionMs = runs.has('session') ? Math.round((med('session').hearsay.p50 - med('session-visitor').hearsay.p50) * 100) / 100 : null;
  const simulatedDay: [string, string] = ['in the simulated day (`npm run bench:load`)', '—'];
  const goals: Record<string, () => [string, string]> = {
    album: () => floorGoal('album', 0.5),
    feed: () => floorGoal('feed', 0.25),
    rate: () => floorGoal('rate', 0.1, true),
    search: () => simulatedDay,
    'search-4': () => simulatedDay,
    session: () => ['p50 − visitor < 1 ms', pass((sessionMs ?? Infinity) < 1)],
  };
  const counts = await Promise.all(
    (['album', 'user', 'rating', 'review', 'follow'] as const).map(async (name) =>
      Number(
        (
          await db
            .selectFrom(name)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ),
  );
  const machine = () =>
    `${cpus().length} cores, load average (1 min) ${loadAtStart.toFixed(2)} at the start and ${loadavg()[0]!.toFixed(2)} at the end of the rounds`;
  const report: EngineReport = {
    engine: site.dialect,
    conditions:
      `${thousands(counts[0]!)} albums, ${thousands(counts[1]!)} members, ${thousands(counts[2]!)} ratings, ` +
      `${thousands(counts[3]!)} reviews, ${thousands(counts[4]!)} follows (${site.origin}${site.seconds === null ? '' : `, generated in ${site.seconds.toFixed(0)} s`}); ` +
      `${ROUNDS} round${ROUNDS === 1 ? '' : 's'} × ${SECONDS} s per path, medians; ${pinning.note}; ${machine()}; Node ${process.version}`,
    rows: paths.map((path): ReportRow => {
      const { hearsay, bare: floor } = med(path.key);
      const [goal, met] = goals[path.key]?.() ?? ['—', '—'];
      return {
        key: path.key,
        label: path.label,
        connections: path.connections,
        rps: hearsay.rps,
        bareRps: floor?.rps ?? null,
        overBare: overBare(path.key),
        overFloor: overFloor(path),
        cpuUs: hearsay.cpuUs === null ? null : Math.round(hearsay.cpuUs),
        p50: hearsay.p50,
        p95: hearsay.p95,
        p99: hearsay.p99,
        errors: hearsay.errors,
        goal,
        met,
      };
    }),
    health: [],
    notes: [],
  };
  /** For the run that measures both engines: what this one has measured so far. */
  const saveReport = () => {
    if (REPORT_FILE) writeFileSync(REPORT_FILE, JSON.stringify(report));
  };
  const note = (line: string) => {
    report.notes.push(line);
    say(`${line}\n`);
  };
  say(`\n${ENGINE_NAMES[site.dialect]}, ${report.conditions}\n`);
  say(
    table(
      [
        'path',
        'conn.',
        'req/s',
        '× floor',
        'bare req/s',
        '× bare',
        'CPU µs/req (bare)',
        'p50 ms',
        'p95 ms',
        'p99 ms',
        'errors',
        'goal',
        'met',
      ],
      report.rows.map((row) => {
        const bareCpu = med(row.key).bare?.cpuUs;
        return [
          row.label,
          row.connections,
          thousands(row.rps),
          ratioText(row.overFloor),
          row.bareRps === null ? '—' : thousands(row.bareRps),
          ratioText(row.overBare),
          row.cpuUs === null ? '—' : `${row.cpuUs}${bareCpu == null ? '' : ` (${Math.round(bareCpu)})`}`,
          row.p50,
          row.p95,
          row.p99,
          row.errors,
          row.goal,
          row.met,
        ];
      }),
    ),
  );
  if (sessionMs !== null)
    note(
      `Session cost: GET /healthz p50 with a session cookie ${med('session').hearsay.p50} ms − without ${med('session-visitor').hearsay.p50} ms = **${sessionMs} ms** (goal < 1 ms: ${pass(sessionMs < 1)}).`,
    );
  if (runs.has('rate'))
    note(
      `Rating writes: ${thousands(touchedIds.length)} albums rated during the run; ${
        mismatched === 0
          ? "every one's stored count, sum, average and count per half step equal a recount of its rating rows"
          : `**${mismatched} do not** match a recount of their rating rows`
      }.`,
    );
  saveReport();

  // Live notifications across two processes.
  if (wanted('likes')) {
    let line: string;
    if (!POSTGRES) line = 'needs PostgreSQL: run with BENCH_DATABASE_URL=postgres://… and BENCH_REDIS_URL=redis://…';
    else if (!REDIS) line = 'needs Redis: run with BENCH_REDIS_URL=redis://…';
    else {
      try {
        const likes = await likeScenario(db, site);
        line =
          `two processes sharing Redis, ${likes.sockets} sockets, ${LIKES_PER_SECOND} likes/s for ${SECONDS} s: ` +
          `p50 **${likes.p50} ms**, p95 **${likes.p95} ms**, p99 ${likes.p99} ms; ${likes.delivered} of ${likes.sent} delivered within 5 s, ${likes.failed} likes refused`;
      } catch (error) {
        line = failure(error);
      }
    }
    note(`A like reaching another person's socket: ${line}.`);
    saveReport();
  }

  // /healthz: idle, during a sign-in flood, during an import (last: the import keeps running until the server stops).
  if (wanted('health')) {
    const healthPart = async () => {
      const idle = [await probeHealth(base, 1), await probeHealth(base, CONNECTIONS)];
      const row = (during: string, connections: number, quiet: Result, busy: Result): HealthRow => ({
        during,
        connections,
        idleP99: quiet.p99,
        busyP99: busy.p99,
        met: pass(busy.p99 <= 3 * quiet.p99),
      });
      const rows: { row: HealthRow; idleP50: number; busyP50: number }[] = [];
      const notes: string[] = [];
      try {
        const flood = await floodScenario(base, floodEmails, SITE_PASSWORD);
        rows.push({ row: row('sign-in flood', 1, idle[0]!, flood.busy), idleP50: idle[0]!.p50, busyP50: flood.busy.p50 });
        notes.push(
          `sign-in flood: ${FLOOD_CONNECTIONS} connections signing in with the real password (argon2id), ${thousands(flood.signIns.rps)} sign-ins/s, p50 ${flood.signIns.p50} ms, ${flood.signIns.errors} errors${errorKinds(flood.signIns)}`,
        );
      } catch (error) {
        notes.push(`sign-in flood ${failure(error)}`);
      }
      try {
        const imported = await importScenario(base, db);
        imported.busy.forEach((busy, index) => {
          const connections = [1, CONNECTIONS][index]!;
          rows.push({ row: row('import', connections, idle[index]!, busy), idleP50: idle[index]!.p50, busyP50: busy.p50 });
        });
        notes.push(
          `import: a 5 MB RateYourMusic export of ${thousands(imported.rows)} rows, ${Math.round(imported.applied / imported.seconds)} rows applied/s while measured, jobs in their own thread`,
        );
      } catch (error) {
        notes.push(`import ${failure(error)}`);
      }
      report.health = rows.map(({ row }) => row);
      say('/healthz p99 while idle and while busy:\n');
      say(
        table(
          ['while', 'connections', 'idle p50 ms', 'idle p99 ms', 'busy p50 ms', 'busy p99 ms', 'p99 × idle', 'goal ≤ 3×'],
          rows.map(({ row, idleP50, busyP50 }) => [
            row.during,
            row.connections,
            idleP50,
            row.idleP99,
            busyP50,
            row.busyP99,
            (row.busyP99 / row.idleP99).toFixed(1),
            row.met,
          ]),
        ),
      );
      for (const line of notes) note(line);
    };
    if (site.dialect === 'postgres') {
      // PostgreSQL works for the server: on the servers' core, so that the load generator's core stays its own.
      const { moved } = await withPostgresOnServerCore(db, healthPart);
      note(`PostgreSQL ${moved ? "ran on the servers' core (0) during the /healthz part" : "could not be moved onto the servers' core"}`);
    } else await healthPart();
    saveReport();
  }
} finally {
  for (const child of servers.reverse()) await stopProcess(child);
  await database.destroy();
  await site.cleanup();
}
