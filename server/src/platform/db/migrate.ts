import SqliteDatabase from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { dialectOf, type DB } from './index.ts';
import { Migrator, type Migration, type MigrationResultSet } from 'kysely/migration';
import { migrations } from '../../db/migrations/index.ts';

/** Migrations are registered explicitly (never discovered from the file system) and run in name order. */
export function createMigrator(db: DB | Kysely<never>, registry: Record<string, Migration> = migrations) {
  return new Migrator({
    db,
    provider: { getMigrations: async () => registry },
  });
}

export async function migrateToLatest(db: DB | Kysely<never>): Promise<string[]> {
  return unwrap(await createMigrator(db).migrateToLatest());
}

/** Migrations only move forward in production: reverting one there would drop what people wrote since. */
export async function migrateDown(db: DB | Kysely<never>, env: string): Promise<string[]> {
  if (env === 'production') throw new Error('Migrations are not reverted in production (NODE_ENV=production); restore a backup instead.');
  return unwrap(await createMigrator(db).migrateDown());
}

function unwrap({ error, results }: MigrationResultSet): string[] {
  if (error) {
    const failed = results?.find((result) => result.status === 'Error');
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`, { cause: error });
  }
  return (results ?? []).map((result) => `${result.direction === 'Up' ? 'applied' : 'reverted'} ${result.migrationName}`);
}

/** How long a starting process waits for another one to finish migrating and loading the catalog. */
const BOOT_LOCK_WAIT_MS = 10 * 60_000;

/**
 * Runs `work` (migrations, the starter catalog) in one process at a time, however many start together on one
 * database: Kysely's migrator locks nothing across processes on SQLite, and two empty catalogs would both be loaded.
 * PostgreSQL: a session advisory lock held on a connection of its own (released if the process dies). SQLite: an
 * exclusive transaction on a lock file next to the database (the operating system releases it if the process dies).
 */
export async function exclusively<T>(db: DB, databaseUrl: string, work: () => Promise<T>): Promise<T> {
  if (dialectOf(db) === 'postgres') {
    return db.connection().execute(async (connection) => {
      await sql`select pg_advisory_lock(hashtext('hearsay:boot'))`.execute(connection);
      try {
        return await work();
      } finally {
        await sql`select pg_advisory_unlock(hashtext('hearsay:boot'))`.execute(connection);
      }
    });
  }
  const path = databaseUrl.slice('sqlite:'.length);
  if (path === ':memory:') return work();
  const lock = new SqliteDatabase(`${path}-boot-lock`, { timeout: BOOT_LOCK_WAIT_MS });
  try {
    lock.exec('begin exclusive');
    try {
      return await work();
    } finally {
      lock.exec('rollback');
    }
  } finally {
    lock.close();
  }
}
