/**
 * Chart slices (decision 081) on the bench's generated site (`seed-scale.ts`: 100,000 albums, 50,000 members,
 * 1,000,000 ratings at BENCH_SCALE=1). The working copy gets what the seed does not make: a country for every artist
 * and descriptors on a fifth of the albums. The server starts with CACHES=off, as `npm run bench` measures; its chart
 * job counts everyone's ratings (the time it took is reported), then each slice is asked at the bench's concurrency
 * (BENCH_CONNECTIONS, 20), pages 1–4 in turn, for BENCH_SECONDS each. "Following" is asked by the 300 members who
 * follow the most people, each with their own session, counted for each request (no precomputation).
 *
 *   npm run bench:charts                                      SQLite, the kept site in .bench/ (generated once)
 *   BENCH_SCALE=0.05 BENCH_SECONDS=3 npm run bench:charts     a quick look
 *   BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/test npm run bench:charts     PostgreSQL (a copy of the kept database)
 */
import { randomBytes } from 'node:crypto';
import { copyFileSync, rmSync } from 'node:fs';
import { sql } from 'kysely';
import { openDatabase, type DB } from '../src/platform/db/index.ts';
import { migrateToLatest } from '../src/platform/db/migrate.ts';
import {
  cacheDir,
  freePort,
  measure,
  mintSessions,
  pinLoadGenerator,
  startServerProcess,
  stopProcess,
  table,
  type Result,
} from './harness.ts';
import { keptPostgresSite, keptSqliteSite, postgresAdmin, postgresDatabaseUrl } from './site.ts';

pinLoadGenerator();

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const POSTGRES = process.env.BENCH_DATABASE_URL;
const AUTH_SECRET = randomBytes(32).toString('base64url');
const COUNTRIES = ['US', 'GB', 'JP', 'DE', 'FR', 'SE', 'CA', 'AU', 'BR', 'IS', 'KR', 'NL'];
const DESCRIPTORS = ['melancholic', 'atmospheric', 'lo-fi', 'energetic', 'dense', 'warm', 'cold', 'playful', 'dark', 'epic'];

/** What the seed does not make: artists' countries (spread unevenly, as real catalogs are) and albums' descriptors. */
async function complete(db: DB): Promise<void> {
  await migrateToLatest(db);
  // The first countries get most artists (a third from the US), Iceland one in a hundred.
  const shares = [30, 15, 12, 10, 8, 6, 5, 4, 4, 1, 3, 2];
  const slots = COUNTRIES.flatMap((country, index) => Array.from({ length: shares[index]! }, () => country));
  const artists = await db.selectFrom('artist').select('id').orderBy('id').execute();
  const byCountry = new Map<string, string[]>();
  for (const [index, artist] of artists.entries()) {
    const country = slots[(index * 37) % slots.length]!;
    byCountry.set(country, [...(byCountry.get(country) ?? []), artist.id]);
  }
  for (const [country, ids] of byCountry)
    for (let start = 0; start < ids.length; start += 500)
      await db
        .updateTable('artist')
        .set({ country })
        .where('id', 'in', ids.slice(start, start + 500))
        .execute();
  await db.deleteFrom('album_descriptor').execute();
  // The site's own vocabulary (decision 077), a fifth of the albums carrying one of these as if voted.
  const vocabulary = await db
    .selectFrom('descriptor')
    .select(['id', 'slug'])
    .where('slug', 'in', [...DESCRIPTORS])
    .execute();
  const idOf = new Map(vocabulary.map((row) => [row.slug, row.id]));
  const albums = await db.selectFrom('album').select('id').orderBy('id').execute();
  const rows = albums.flatMap((album, index) => {
    const id = idOf.get(DESCRIPTORS[index % DESCRIPTORS.length]!);
    return index % 5 === 0 && id ? [{ album_id: album.id, descriptor_id: id, weight: 1 }] : [];
  });
  for (let start = 0; start < rows.length; start += 500)
    await db
      .insertInto('album_descriptor')
      .values(rows.slice(start, start + 500))
      .execute();
}

async function workingSite(): Promise<{ url: string; drop: () => Promise<void>; origin: string }> {
  if (POSTGRES) {
    const { name, seconds } = await keptPostgresSite(POSTGRES, { scale: SCALE, sizes: {} });
    const copy = `${name}_charts`;
    await postgresAdmin(POSTGRES, `drop database if exists ${copy}`);
    await postgresAdmin(POSTGRES, `create database ${copy} template ${name}`);
    return {
      url: postgresDatabaseUrl(POSTGRES, copy),
      drop: () => postgresAdmin(POSTGRES, `drop database if exists ${copy}`),
      origin: seconds === null ? `kept database ${name}` : `generated in ${seconds.toFixed(0)} s`,
    };
  }
  const { file, seconds } = await keptSqliteSite({ scale: SCALE, sizes: {} });
  const copy = `${cacheDir}/charts-working.db`;
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${copy}${suffix}`, { force: true });
  copyFileSync(file, copy);
  return {
    url: `sqlite:${copy}`,
    drop: async () => {
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${copy}${suffix}`, { force: true });
    },
    origin: seconds === null ? `kept file ${file}` : `generated in ${seconds.toFixed(0)} s`,
  };
}

async function main() {
  const site = await workingSite();
  const database = openDatabase(site.url);
  const { db } = database;
  await complete(db);
  const ratings = Number(
    (
      await db
        .selectFrom('rating')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const followers = await db
    .selectFrom('follow')
    .select(['follower_id', (eb) => eb.fn.countAll().as('n')])
    .groupBy('follower_id')
    .orderBy(sql`count(*)`, 'desc')
    .limit(300)
    .execute();
  const cookies = await mintSessions(
    db,
    database.dialect,
    followers.map((row) => row.follower_id),
    AUTH_SECRET,
  );
  const topGenre = await db
    .selectFrom('album_genre')
    .innerJoin('genre', 'genre.id', 'album_genre.genre_id')
    .select(['genre.slug', (eb) => eb.fn.countAll().as('n')])
    .where('genre.parent_id', 'is', null)
    .groupBy('genre.slug')
    .orderBy(sql`count(*)`, 'desc')
    .limit(3)
    .execute();
  const [broad, , narrow] = topGenre.map((row) => row.slug);

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  const child = await startServerProcess(
    ['src/main.ts'],
    {
      DATABASE_URL: site.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      AUTH_SECRET,
      LOG_LEVEL: 'warn',
      COVER_ART: 'off',
      CATALOG_AUTOLOAD: 'false',
      CATALOG_ENRICH: 'false',
      MUSICBRAINZ: 'off',
      CACHES: 'off',
      RATE_LIMIT_MULTIPLIER: '1000',
    },
    `${base}/healthz`,
  );
  let job: { created_at: string; finished_at: string | null } | undefined;
  try {
    // The server counts the charts as a job a moment after it starts.
    for (const deadline = Date.now() + 30 * 60_000; Date.now() < deadline;) {
      job = await db.selectFrom('job').select(['created_at', 'finished_at', 'state']).where('id', '=', 'chart-counting').executeTakeFirst();
      if (job?.finished_at) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    if (!job?.finished_at) throw new Error('the chart job did not finish');
    const jobSeconds = (Date.parse(job.finished_at) - Date.parse(job.created_at)) / 1000;
    const entries = Number(
      (
        await db
          .selectFrom('chart_entry')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

    const slices: { label: string; query: string; signedIn?: boolean; path?: string }[] = [
      // What the machine gives at all, in the same run: the lightest request the server answers.
      { label: 'baseline: the health probe', query: '', path: '/healthz' },
      { label: 'all time', query: 'period=all' },
      { label: 'this week', query: 'period=week' },
      { label: `this year, ${broad} (with its children)`, query: `period=year&genre=${broad}` },
      { label: `all time, ${narrow} (with its children)`, query: `period=all&genre=${narrow}` },
      { label: 'all time, released in the 1990s', query: 'period=all&decade=1990' },
      { label: 'all time, released in 1997', query: 'period=all&year=1997' },
      { label: 'all time, from Iceland (the rarest country)', query: 'period=all&country=IS' },
      { label: 'this decade, EPs', query: 'period=decade&type=ep' },
      { label: 'all time, descriptor "lo-fi"', query: 'period=all&descriptor=lo-fi' },
      { label: `all time, ${broad}, 1990s, from GB, albums`, query: `period=all&genre=${broad}&decade=1990&country=GB&type=album` },
      { label: 'among people I follow, all time', query: 'period=all&scope=following', signedIn: true },
      { label: 'among people I follow, this year', query: 'period=year&scope=following', signedIn: true },
    ];
    const rows: (string | number)[][] = [];
    for (const slice of slices) {
      let page = 0;
      let member = 0;
      const result: Result = await measure({
        base,
        connections: CONNECTIONS,
        seconds: SECONDS,
        pid: child.pid,
        next: () => ({
          path: slice.path ?? `/api/charts?${slice.query}&page=${(page++ % 4) + 1}`,
          headers: slice.signedIn ? { cookie: cookies[member++ % cookies.length]! } : ({} as Record<string, string>),
        }),
      });
      rows.push([
        slice.path ? `GET ${slice.path}` : `GET /api/charts?${slice.query}`,
        slice.label,
        result.rps.toFixed(0),
        result.p50,
        result.p95,
        result.p99,
        result.errors,
      ]);
    }
    console.log(
      `\nChart slices — ${database.dialect}, ${ratings.toLocaleString('en')} ratings (${site.origin}); chart job: ${jobSeconds.toFixed(1)} s for ${entries.toLocaleString('en')} rows (server up after ${((Date.now() - started) / 1000).toFixed(0)} s); ${CONNECTIONS} connections, ${SECONDS} s per slice, CACHES=off\n`,
    );
    console.log(table(['request', 'slice', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors'], rows, 2));
  } finally {
    await stopProcess(child);
    await database.destroy();
    await site.drop();
  }
}

await main();
