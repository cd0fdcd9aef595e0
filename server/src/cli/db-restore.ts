import { parseArgs } from 'node:util';
import { loadConfig } from '../platform/config.ts';
import { BackupError, restore } from '../platform/db/backup.ts';

/** `npm run db:restore -- --from <file> [--force]`: puts a backup made by db:backup back in place (server stopped). */
// npm runs workspace scripts in server/; paths and DATA_DIR are meant from where the command was typed, as for npm start.
process.chdir(process.env.INIT_CWD ?? process.cwd());
const { values } = parseArgs({ options: { from: { type: 'string' }, force: { type: 'boolean', default: false } } });
if (!values.from) {
  console.error('Usage: npm run db:restore -- --from <backup file> [--force]');
  process.exit(2);
}
const config = loadConfig();
try {
  const lines = await restore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, from: values.from, force: values.force });
  console.log(lines.join('\n'));
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
