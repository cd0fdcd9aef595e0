import { loadConfig } from '../platform/config.ts';
import { openDatabase } from '../platform/db/index.ts';
import { migrateDown, migrateToLatest } from '../platform/db/migrate.ts';

/** `npm run db:migrate` brings the schema up to date; `npm run db:migrate -- down` reverts the last migration. */
const config = loadConfig();
const database = openDatabase(config.databaseUrl);
try {
  const lines = process.argv.includes('down') ? await migrateDown(database.db) : await migrateToLatest(database.db);
  console.log(lines.length ? lines.join('\n') : `${database.description}: already up to date`);
} finally {
  await database.destroy();
}
