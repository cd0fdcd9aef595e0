/**
 * The cost of writing one rating into its rater's followers' home timelines (decision 087): a person followed by
 * BENCH_FOLLOWERS (20,000) members who all read their feed lately, on a fresh database of its own. The rating's fan-out
 * job runs in the real job runner (its steps, the cursor saved with each), with TIMELINE_FAN_OUT_BATCH followers a step
 * (1,000). Reported: the whole fan-out's time, its steps, the longest step, and rows written.
 *
 * Then the trim: BENCH_TRIM_READERS (200) timelines filled to just under the trim's threshold (800 + a tenth), and one
 * more rating by someone they all follow takes each past it, so that fan-out trims every one of them back to 800.
 *
 *   npm run bench:fan-out                                                      SQLite (a file under .bench/)
 *   BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/test npm run bench:fan-out    PostgreSQL (a database of its own)
 *   BENCH_RUNS=3 BENCH_FOLLOWERS=20000 npm run bench:fan-out
 */
import { sql } from 'kysely';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createHydrator } from '../src/hydration/hydrator.ts';
import { createHomeTimelines, TIMELINE_FAN_OUT_JOB } from '../src/modules/feed/home-timelines.ts';
import { createProfileReads } from '../src/modules/profiles/profiles.service.ts';
import { openDatabase, type DB, type DatabaseHandle } from '../src/platform/db/index.ts';
import { migrateToLatest } from '../src/platform/db/migrate.ts';
import { newId } from '../src/platform/ids.ts';
import { createJobRunner, type JobHandler } from '../src/platform/jobs/runner.ts';
import { buildAlbum } from '../test/factories.ts';
import { cacheDir, table, thousands } from './harness.ts';
import { postgresAdmin, postgresDatabaseUrl } from './site.ts';

const FOLLOWERS = Number(process.env.BENCH_FOLLOWERS ?? 20_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const BATCH = Number(process.env.TIMELINE_FAN_OUT_BATCH ?? 1000);
const TRIM_READERS = Number(process.env.BENCH_TRIM_READERS ?? 200);
const SIZE = 800;
const POSTGRES = process.env.BENCH_DATABASE_URL;
const quiet = { error() {}, warn() {}, info() {} };

async function freshDatabase(): Promise<{ handle: DatabaseHandle; drop: () => Promise<void>; label: string }> {
  if (POSTGRES) {
    const name = `fan_out_bench_${randomBytes(4).toString('hex')}`;
    await postgresAdmin(POSTGRES, `create database ${name}`);
    const handle = openDatabase(postgresDatabaseUrl(POSTGRES, name), { poolSize: 5 });
    return {
      handle,
      label: 'PostgreSQL',
      drop: async () => {
        await handle.destroy();
        await postgresAdmin(POSTGRES, `drop database ${name}`);
      },
    };
  }
  mkdirSync(cacheDir, { recursive: true });
  const file = join(cacheDir, `fan-out-${randomBytes(4).toString('hex')}.db`);
  const handle = openDatabase(`sqlite:${file}`);
  return {
    handle,
    label: 'SQLite',
    drop: async () => {
      await handle.destroy();
      for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
    },
  };
}

/** Statistics of the rows just loaded, as a live database has them (PostgreSQL plans from them). */
async function analyze(db: DB): Promise<void> {
  if (POSTGRES) await sql`analyze`.execute(db);
}

async function insertMany<T>(rows: readonly T[], write: (chunk: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += 500) await write(rows.slice(start, start + 500));
}

/** People with profiles, as sign-up makes them (only the columns the fan-out reads matter). */
async function people(db: DB, count: number, prefix: string): Promise<string[]> {
  const now = new Date().toISOString();
  const ids = Array.from({ length: count }, (_, index) => `${prefix}${String(index).padStart(6, '0')}`);
  await insertMany(ids, (chunk) =>
    db
      .insertInto('user')
      .values(
        chunk.map((id) => ({
          id,
          name: id,
          email: `${id}@bench.example`,
          username: id,
          display_username: id,
          created_at: now as never,
          updated_at: now as never,
        })),
      )
      .execute(),
  );
  await insertMany(ids, (chunk) =>
    db
      .insertInto('profile')
      .values(chunk.map((id) => ({ user_id: id, created_at: now, updated_at: now })))
      .execute(),
  );
  return ids;
}

async function follows(db: DB, followers: readonly string[], followeeId: string) {
  const now = new Date().toISOString();
  await insertMany(followers, (chunk) =>
    db
      .insertInto('follow')
      .values(chunk.map((id) => ({ follower_id: id, followee_id: followeeId, created_at: now })))
      .execute(),
  );
}

/** Readers who read their feed today, with built timelines of `entries` entries. */
async function readers(db: DB, ids: readonly string[], entries = 0) {
  const now = new Date().toISOString();
  await insertMany(ids, (chunk) =>
    db
      .insertInto('home_timeline_reader')
      .values(chunk.map((id) => ({ viewer_id: id, active_at: now, built_at: now, entries, horizon_at: null, horizon_id: null })))
      .execute(),
  );
}

const albumId = (db: DB, index: number) => buildAlbum(db, { title: `Fan-out Album ${index}` });

async function rating(db: DB, userId: string, album: string): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto('rating')
    .values({ id: newId(), user_id: userId, album_id: album, rating: 8, created_at: now, updated_at: now, feed_at: now })
    .execute();
}

/** Runs one rating's fan-out through the job runner; its time, steps and longest step. */
async function fanOut(db: DB, handler: JobHandler<unknown>, userId: string, album: string) {
  const steps: number[] = [];
  const timed: JobHandler<unknown> = {
    async step(job, budget) {
      const started = performance.now();
      try {
        return await handler.step(job, budget);
      } finally {
        steps.push(performance.now() - started);
      }
    },
    failed: handler.failed,
  };
  const runner = createJobRunner({ db, clock: () => new Date(), log: quiet, pollMs: 60_000 });
  runner.register(TIMELINE_FAN_OUT_JOB, timed);
  runner.start();
  await rating(db, userId, album);
  const started = performance.now();
  await runner.enqueue({ kind: TIMELINE_FAN_OUT_JOB, owner: null, cursor: { entry: null, rated: { userId, albumId: album }, after: '' } });
  await runner.idle();
  const ms = performance.now() - started;
  await runner.close();
  return { ms, steps: steps.length, longest: Math.max(...steps) };
}

async function main() {
  const { handle, drop, label } = await freshDatabase();
  const { db } = handle;
  try {
    await migrateToLatest(db);
    const hydrator = createHydrator({ db, caches: 'off' });
    const profileReads = createProfileReads(db);
    const timelines = createHomeTimelines({
      db,
      clock: () => new Date(),
      jobs: { enqueue: async () => 'unused' },
      options: { size: SIZE, activeDays: 30, fanOutBatch: BATCH },
      hydrator,
      followers: { local: profileReads.followersOf, remote: async () => [] },
      followees: profileReads,
      remoteEntries: async () => [],
      remotePostsOf: async () => [],
    });
    const handler = timelines.jobs[TIMELINE_FAN_OUT_JOB] as JobHandler<unknown>;

    const [star] = await people(db, 1, 'star');
    const fans = await people(db, FOLLOWERS, 'fan');
    await follows(db, fans, star!);
    await readers(db, fans);
    await analyze(db);
    const rows: (string | number)[][] = [];
    for (let run = 0; run < RUNS; run++) {
      const result = await fanOut(db, handler, star!, await albumId(db, run));
      rows.push([`${thousands(FOLLOWERS)} followers, run ${run + 1}`, result.ms.toFixed(0), result.steps, result.longest.toFixed(1)]);
    }
    const written = await db
      .selectFrom('home_timeline')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();

    // Timelines one entry short of the trim's threshold: the next entry takes each past it.
    const threshold = SIZE + Math.floor(SIZE / 10);
    const full = await people(db, TRIM_READERS, 'full');
    const [busy] = await people(db, 1, 'busy');
    await follows(db, full, busy!);
    await readers(db, full, threshold);
    const old = Date.now() - 86_400_000;
    for (const viewer of full) {
      const entries = Array.from({ length: threshold }, (_, index) => ({
        viewer_id: viewer,
        created_at: new Date(old + index * 1000).toISOString(),
        entry_id: `old-${index}`,
        source: 'activity' as const,
        actor_id: busy!,
      }));
      await insertMany(entries, (chunk) => db.insertInto('home_timeline').values(chunk).execute());
    }
    await analyze(db);
    const trimmed = await fanOut(db, handler, busy!, await albumId(db, RUNS));
    rows.push([
      `${TRIM_READERS} followers, each trimmed ${threshold + 1} → ${SIZE}`,
      trimmed.ms.toFixed(0),
      trimmed.steps,
      trimmed.longest.toFixed(1),
    ]);
    const left = await db
      .selectFrom('home_timeline')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('viewer_id', '=', full[0]!)
      .executeTakeFirstOrThrow();

    console.log(`\nFan-out of one rating (${label}, batch ${BATCH}, cap ${SIZE})\n`);
    console.log(table(['case', 'total ms', 'steps', 'longest step ms'], rows));
    console.log(`\nEntries written: ${thousands(Number(written.count))}; a trimmed timeline keeps ${Number(left.count)}.`);
  } finally {
    await drop();
  }
}

await main();
