import type { Config } from './platform/config.ts';
import { openDatabase, type DatabaseHandle } from './platform/db/index.ts';
import { exclusively, migrateToLatest } from './platform/db/migrate.ts';
import { countAlbums } from './modules/catalog/albums.repository.ts';
import { loadStarterCatalog } from './modules/catalog/starter-catalog.ts';

export interface BootLog {
  info(message: string): void;
}

/**
 * Opens the database, brings its schema up to date and, on an empty catalog, loads the starter
 * catalog, so the first page a newcomer sees has albums in it.
 */
export async function prepareDatabase(config: Config, log: BootLog): Promise<DatabaseHandle> {
  const database = openDatabase(config.databaseUrl, { poolSize: config.databasePoolSize, serving: true });
  // On PostgreSQL, migrations and the catalog load run on a pool without the serving timeouts (an index on a large
  // table takes minutes). One process at a time does this, however many start together.
  const maintenance = database.dialect === 'postgres' ? openDatabase(config.databaseUrl, { poolSize: 2 }) : database;
  try {
    await exclusively(maintenance.db, config.databaseUrl, async () => {
      const applied = await migrateToLatest(maintenance.db);
      for (const line of applied) log.info(`database: ${line}`);
      if (config.catalogAutoload && (await countAlbums(maintenance.db)) === 0) {
        const started = Date.now();
        const result = await loadStarterCatalog(maintenance.db, new Date().toISOString());
        log.info(`catalog: loaded ${result.added} starter albums in ${Date.now() - started} ms`);
      }
    });
    return database;
  } catch (error) {
    await database.destroy();
    throw error;
  } finally {
    if (maintenance !== database) await maintenance.destroy();
  }
}
