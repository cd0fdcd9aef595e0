/**
 * What the tests that put a real server process under pressure (an inbox flood, large uploads) saw of `/healthz`. The
 * tests hold it to answering every time; how fast it answered is a goal of `npm run bench:pressure`
 * (bench/pressure.ts), which runs the same tests at full size with HEALTHZ_RECORD set and reads what they recorded here.
 */
import { appendFileSync } from 'node:fs';

export interface HealthzSamples {
  scenario: string;
  /** How long each answer took, ms. */
  times: number[];
  /** The database the test ran on. */
  database: 'SQLite' | 'PostgreSQL';
}

/** The n-th percentile of ascending times. */
export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

/** Prints a line about the answers and, for the bench, records them (HEALTHZ_RECORD: a file, one JSON line a scenario). */
export function reportHealthz(scenario: string, times: number[], detail = ''): void {
  const sorted = [...times].sort((x, y) => x - y);
  console.info(
    `${scenario}: /healthz asked ${times.length} times: p50 ${percentile(sorted, 50).toFixed(1)} ms, ` +
      `p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(1)} ms${detail ? `; ${detail}` : ''}`,
  );
  const record = process.env.HEALTHZ_RECORD;
  if (!record) return;
  const samples: HealthzSamples = {
    scenario,
    times,
    database: process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite',
  };
  appendFileSync(record, `${JSON.stringify(samples)}\n`);
}
