import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { copyDatabase, CopyRefused, formatChecks, type CopyProgress } from '../platform/db/copy.ts';
import { openDatabase } from '../platform/db/index.ts';

/**
 * `npm run db:copy -- --from sqlite:<path> --to postgres://… [--replace]` (or the other way round): copies a whole site
 * to another database, then compares every table on both sides. Stop the server first so nothing changes meanwhile.
 */
// npm runs workspace scripts in server/; paths and DATA_DIR are meant from where the command was typed, as for npm start.
process.chdir(process.env.INIT_CWD ?? process.cwd());
const { values } = parseArgs({
  options: { from: { type: 'string' }, to: { type: 'string' }, replace: { type: 'boolean', default: false } },
});
const valid = (url: string | undefined) => url && /^(sqlite:|postgres:\/\/|postgresql:\/\/)/.test(url);
if (!valid(values.from) || !valid(values.to)) {
  console.error('Usage: npm run db:copy -- --from <sqlite:path | postgres://…> --to <sqlite:path | postgres://…> [--replace]');
  process.exit(2);
}
const absolute = (url: string) => (url.startsWith('sqlite:') ? `sqlite:${resolve(url.slice('sqlite:'.length))}` : url);
const from = absolute(values.from!);
if (from.startsWith('sqlite:') && !existsSync(from.slice('sqlite:'.length))) {
  console.error(`${from.slice('sqlite:'.length)} does not exist`);
  process.exit(1);
}
const source = openDatabase(from);
const target = openDatabase(absolute(values.to!));
try {
  console.error(`copying ${source.description} → ${target.description}`);
  const checks = await copyDatabase(source, target, { replace: values.replace, onProgress: progressBar() });
  console.log(formatChecks(checks));
  if (checks.some((check) => !check.ok)) process.exitCode = 1;
} catch (error) {
  if (!(error instanceof CopyRefused)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await source.destroy();
  await target.destroy();
}

/** A one-line bar redrawn on a terminal; one line per finished table otherwise (logs, CI). */
function progressBar(): (progress: CopyProgress) => void {
  const terminal = process.stderr.isTTY;
  let current = '';
  return ({ table, copied, total, tableIndex, tableCount }) => {
    const done = copied >= total;
    if (terminal) {
      const width = 30;
      const filled = total ? Math.round((copied / total) * width) : width;
      const line = `[${tableIndex + 1}/${tableCount}] ${table.padEnd(24)} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${copied}/${total}`;
      process.stderr.write(`\r${line}\x1b[K${done ? '\n' : ''}`);
    } else if (done && current !== table) {
      process.stderr.write(`[${tableIndex + 1}/${tableCount}] ${table}: ${copied} rows\n`);
    }
    if (done) current = table;
  };
}
