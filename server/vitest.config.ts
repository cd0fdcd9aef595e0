import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Tests that need several server processes on one database (behind nginx, with Redis) run when the run is on
// PostgreSQL (TEST_DATABASE_URL): several processes sharing one SQLite file is not a setup Hearsay offers.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const severalServers = ['test/operations/proxy.test.ts'];
// The two tests that put a server process under pressure (an inbox flood, big uploads) and check /healthz answers
// throughout: `npm test` runs them after the rest, one at a time, so another file's burst on a two-core machine is not
// what they see, and `npm run bench:pressure` times them (see package.json).

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...(onPostgres ? [] : severalServers)],
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    // One test file per core. Left to itself, Vitest keeps a core free, which on a two-core machine runs the files one
    // at a time: 326 s for this suite against 200 s with both cores.
    maxWorkers: availableParallelism(),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
