import { loadConfig } from '../platform/config.ts';
import { openDatabase } from '../platform/db/index.ts';
import { migrateToLatest } from '../platform/db/migrate.ts';
import { loadStarterCatalog } from '../modules/catalog/starter-catalog.ts';

/** `npm run catalog:load` adds the starter catalog's albums that are not in the database yet. */
const config = loadConfig();
const database = openDatabase(config.databaseUrl);
try {
  await migrateToLatest(database.db);
  const result = await loadStarterCatalog(database.db, new Date().toISOString());
  console.log(`${database.description}: added ${result.added} albums, ${result.existing} already present`);
} finally {
  await database.destroy();
}
