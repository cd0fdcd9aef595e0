import { parseArgs } from 'node:util';
import { loadConfig } from '../platform/config.ts';
import { backup, BackupError } from '../platform/db/backup.ts';

/** `npm run db:backup [-- --to <file>]`: a copy of the database and members' uploads, safe while the server runs. */
// npm runs workspace scripts in server/; paths and DATA_DIR are meant from where the command was typed, as for npm start.
process.chdir(process.env.INIT_CWD ?? process.cwd());
const { values } = parseArgs({ options: { to: { type: 'string' } } });
const config = loadConfig();
try {
  const result = await backup({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, to: values.to });
  console.log(result.lines.join('\n'));
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
