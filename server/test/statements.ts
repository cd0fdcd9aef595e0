import type { TestApp } from './app.ts';

/**
 * How many statements `work` sends to the test app's database, and what it returned. Statements on the `job` table
 * are left out: the server thread looks for jobs due every second (platform/jobs/thread.ts) and queues the Weekly
 * Digest ten seconds after it starts, on clocks of their own, so they land in the window at random.
 */
export async function countStatements<T>(t: TestApp, work: () => Promise<T>): Promise<{ result: T; statements: number }> {
  let statements = 0;
  const stop = t.database.observeQueries((_kind, _durationMs, sql) => {
    if (!sql.includes('"job"')) statements++;
  });
  try {
    const result = await work();
    return { result, statements };
  } finally {
    stop();
  }
}
