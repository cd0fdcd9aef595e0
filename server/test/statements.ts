import type { TestApp } from './app.ts';

const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback)\b/i;

/**
 * How many statements `work` sends to the test app's database, and what it returned. Statements on the `job` table
 * are left out: the server thread looks for jobs due every second (platform/jobs/thread.ts) and queues the Weekly
 * Digest ten seconds after it starts, on clocks of their own, so they land in the window at random. So are a
 * transaction's `begin`, `commit` and `rollback`, which carry no table: on PostgreSQL that look for jobs opens a
 * transaction, and its `begin` landed in the window too.
 */
export async function countStatements<T>(t: TestApp, work: () => Promise<T>): Promise<{ result: T; statements: number }> {
  let statements = 0;
  const stop = t.database.observeQueries((_kind, _durationMs, sql) => {
    if (!sql.includes('"job"') && !TRANSACTION_CONTROL.test(sql)) statements++;
  });
  try {
    const result = await work();
    return { result, statements };
  } finally {
    stop();
  }
}
