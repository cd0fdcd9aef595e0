/**
 * The site the bench measures: `seedScale` (seed-scale.ts) at BENCH_SCALE, with BENCH_ALBUMS albums when given. On SQLite it is kept in .bench/ under the
 * name `npm run seed:scale` gives it, so a site seeded by hand is reused, and the bench only ever copies it. On
 * PostgreSQL it is kept as a database named after its sizes, and each run copies it (`CREATE DATABASE … TEMPLATE`).
 */
import { sql } from 'kysely';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { dialectOf, openDatabase, type DB } from '../src/platform/db/index.ts';
import { migrateToLatest } from '../src/platform/db/migrate.ts';
import { cacheDir } from './harness.ts';
import { resolveSizes, SCALE_PASSWORD, seedScale, sizesTag, type ScaleSizes, type SeedOptions } from './seed-scale.ts';

export const SITE_PASSWORD = SCALE_PASSWORD;

/** Which site: every size times `scale`, and any size given one by one. */
export type SiteSize = Pick<SeedOptions, 'scale' | 'sizes'>;

/** Where `npm run seed:scale -- --scale <scale> [--albums <n> …]` puts its SQLite file (seed 1). */
function keptSitePath(size: SiteSize): string {
  return join(cacheDir, `scale-${sizesTag(resolveSizes(size), 1)}.db`);
}

/** Whether a seeded database is whole: the seed's work tables are gone (dropped last) and the big tables have their rows. */
async function complete(db: DB, sizes: ScaleSizes): Promise<boolean> {
  const work = await (
    dialectOf(db) === 'postgres'
      ? sql<{ n: number }>`select count(*) as n from information_schema.tables where table_name like 'seed_scale_%'`
      : sql<{ n: number }>`select count(*) as n from sqlite_master where type = 'table' and name like 'seed_scale_%'`
  ).execute(db);
  if (Number(work.rows[0]!.n) > 0) return false;
  const count = async (table: 'user' | 'rating' | 'review') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return (await count('user')) === sizes.members && (await count('rating')) === sizes.ratings && (await count('review')) === sizes.reviews;
}

/** Migrates and seeds an empty database (the seed ends with fresh statistics); its steps are printed as they finish. */
async function seedSite(url: string, size: SiteSize): Promise<void> {
  const database = openDatabase(url);
  try {
    await migrateToLatest(database.db);
    const sizes = resolveSizes(size);
    process.stdout.write(
      `Seeding ${database.description}: ${sizes.albums.toLocaleString('en-US')} albums, ${sizes.members.toLocaleString('en-US')} members (seed-scale.ts):\n`,
    );
    await seedScale(database.db, {
      ...size,
      onProgress: (progress) => {
        if (progress.kind === 'step')
          process.stdout.write(
            `  ${progress.step.padEnd(24)} ${progress.rows.toLocaleString('en-US').padStart(11)} rows ${progress.seconds.toFixed(1).padStart(7)} s\n`,
          );
      },
    });
  } finally {
    await database.destroy();
  }
}

/**
 * The kept SQLite site for `scale`, generated under another name and renamed when whole, so an interrupted run never
 * leaves half a site to be reused. Returns its path and how long generating took (null: it was there).
 */
export async function keptSqliteSite(size: SiteSize): Promise<{ file: string; seconds: number | null }> {
  const file = keptSitePath(size);
  if (existsSync(file)) {
    const database = openDatabase(`sqlite:${file}`);
    const whole = await complete(database.db, resolveSizes(size)).finally(() => database.destroy());
    // Perhaps another process is seeding it right now: never copy or replace it then.
    if (!whole) throw new Error(`${file} is not a whole seeded site (still being seeded, or interrupted): wait, or delete it`);
    return { file, seconds: null };
  }
  const partial = `${file}.partial`;
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${partial}${suffix}`, { force: true });
  const started = Date.now();
  await seedSite(`sqlite:${partial}`, size);
  renameSync(partial, file);
  return { file, seconds: (Date.now() - started) / 1000 };
}

/** Runs one statement on the PostgreSQL server of `url` (database statements cannot run inside a pool's transaction). */
export async function postgresAdmin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** `url` with another database name. */
export function postgresDatabaseUrl(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/**
 * The kept PostgreSQL site for `size` on the server of `url`: a database named after its sizes, seeded under another
 * name and renamed when whole, like the SQLite file. Returns its name and how long seeding took (null: it was there).
 */
export async function keptPostgresSite(url: string, size: SiteSize): Promise<{ name: string; seconds: number | null }> {
  const sizes = resolveSizes(size);
  const name = `hearsay_bench_site_a${sizes.albums}_m${sizes.members}_r${sizes.ratings}_v${sizes.reviews}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const exists = await client
    .query<{ datname: string }>('select datname from pg_database where datname = $1', [name])
    .then((result) => result.rows.length > 0)
    .finally(() => client.end());
  if (exists) {
    const database = openDatabase(postgresDatabaseUrl(url, name));
    const whole = await complete(database.db, sizes).finally(() => database.destroy());
    if (!whole) throw new Error(`database ${name} is not a whole seeded site (still being seeded, or interrupted): wait, or drop it`);
    return { name, seconds: null };
  }
  const partial = `${name}_partial`;
  await postgresAdmin(url, `DROP DATABASE IF EXISTS ${partial}`);
  await postgresAdmin(url, `CREATE DATABASE ${partial}`);
  const started = Date.now();
  await seedSite(postgresDatabaseUrl(url, partial), size);
  await postgresAdmin(url, `ALTER DATABASE ${partial} RENAME TO ${name}`);
  return { name, seconds: (Date.now() - started) / 1000 };
}
