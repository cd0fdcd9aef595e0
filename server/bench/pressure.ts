/**
 * `npm run bench:pressure`: how fast a real server process answers `/healthz` while it is under pressure, against the
 * goal of every answer within 250 ms (issue #66's inbox flood; the large uploads of decision 059). It runs the two tests that put a process under that
 * pressure, at full size, and reads the answers they recorded (test/operations/healthz-under-pressure.ts):
 *
 * - inbox flood: 10,000 activities signed by another site's server, twelve in flight at once (inbox-flood.test.ts);
 * - large uploads: ten Hearsay exports of 45 MB uploaded at once and checked (hearsay-uploads.test.ts).
 *
 * The tests themselves hold the site to answering every time; the time it takes is a goal, so it lives here.
 *
 *   npm run bench:pressure                                                        SQLite
 *   TEST_DATABASE_URL=postgres://root@127.0.0.1:5432/test npm run bench:pressure     PostgreSQL
 *   INBOX_FLOOD=20000 npm run bench:pressure                                      another flood
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { percentile, type HealthzSamples } from '../test/operations/healthz-under-pressure.ts';
import { serverDir, table } from './harness.ts';

const GOAL_MS = 250;
const scratch = mkdtempSync(join(tmpdir(), 'hearsay-pressure-'));
const record = join(scratch, 'healthz.jsonl');

try {
  const run = spawnSync(
    'npx',
    ['vitest', 'run', '--no-file-parallelism', 'test/operations/inbox-flood.test.ts', 'test/operations/hearsay-uploads.test.ts'],
    {
      cwd: serverDir,
      stdio: 'inherit',
      env: { ...process.env, HEALTHZ_RECORD: record, INBOX_FLOOD: process.env.INBOX_FLOOD ?? '10000' },
    },
  );
  if (run.status !== 0) throw new Error(`the tests under pressure failed (exit ${run.status}): no figures to report`);
  const rows = readFileSync(record, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as HealthzSamples)
    .map(({ scenario, times, database }) => {
      const sorted = [...times].sort((x, y) => x - y);
      const max = sorted.at(-1)!;
      return [
        scenario,
        database,
        times.length,
        percentile(sorted, 50).toFixed(1),
        percentile(sorted, 99).toFixed(1),
        max.toFixed(1),
        max <= GOAL_MS ? 'met' : 'missed',
      ];
    });
  console.log(`\n/healthz under pressure (goal: every answer within ${GOAL_MS} ms), ${cpus().length} cores, ${new Date().toISOString()}\n`);
  console.log(table(['scenario', 'database', 'answers', 'p50 ms', 'p99 ms', 'max ms', 'goal'], rows, 2));
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
