import type { Kysely } from 'kysely';
import type { DB } from './index.ts';
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

export async function migrateDown(db: DB | Kysely<never>): Promise<string[]> {
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
