/**
 * `npm test`: the whole suite, one workspace after another, stopping at the first that fails.
 *
 * With `TEST_DATABASE_URL` (a PostgreSQL run), what depends on the database runs again on it: the server tests
 * (including the several-servers test behind nginx) and the browser smoke pass. The contract and web unit tests
 * never touch a database, so they run in the SQLite pass only.
 */
import { spawnSync } from 'node:child_process';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const workspaces = onPostgres ? ['server', 'e2e'] : ['contracts', 'server', 'web', 'e2e'];
if (onPostgres) console.log('TEST_DATABASE_URL is set: server tests and the browser smoke pass, on PostgreSQL');

for (const workspace of workspaces) {
  const result = spawnSync('npm', ['run', 'test', '--workspace', workspace], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
