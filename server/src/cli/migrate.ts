import { loadConfig } from '../platform/config.ts';
import { openDatabase } from '../platform/db/index.ts';
import { exclusively, migrateDown, migrateToLatest } from '../platform/db/migrate.ts';

/** `npm run db:migrate` brings the schema up to date; `npm run db:migrate -- down` reverts the last migration
 * outside production (NODE_ENV=development or test). */
const config = loadConfig();
const database = openDatabase(config.databaseUrl);
try {
  // Under the lock the servers take at start, so running this while they start is safe.
  const lines = await exclusively(database.db, config.databaseUrl, () =>
    process.argv.includes('down') ? migrateDown(database.db, config.env) : migrateToLatest(database.db),
  );
  console.log(lines.length ? lines.join('\n') : `${database.description}: already up to date`);
} finally {
  await database.destroy();
}
