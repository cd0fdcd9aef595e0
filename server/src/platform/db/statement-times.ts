import { writeFileSync } from 'node:fs';
import type { DatabaseHandle } from './index.ts';

/** How often the file is written while the process runs; it is written once more when recording stops. */
const WRITE_EVERY_MS = 10_000;
/** The statements kept in the file, the costliest first. */
const KEPT = 200;

export interface StatementTime {
  /** The SQL, with each list of placeholders (`?, ?, ?` or `$4, $5, $6`) written as one: one line per statement shape. */
  sql: string;
  calls: number;
  totalMs: number;
  maxMs: number;
}

/** One statement shape for IN lists and multi-row inserts of every length. */
export function statementShape(sql: string): string {
  return sql.replace(/(\?|\$\d+)(\s*,\s*(\?|\$\d+))+/g, '$1, …').replace(/(\((\?|\$\d+), …\))(\s*,\s*\((\?|\$\d+), …\))+/g, '$1, …');
}

/**
 * Sums every statement this database handle runs by its shape — calls, total and longest time — and writes them to
 * `file` as JSON, the costliest first (`STATEMENT_TIMES`, docs/OPERATIONS.md): what a site's database time goes to,
 * on SQLite as on PostgreSQL. Returns what stops it (and writes the file a last time).
 */
export function recordStatementTimes(database: Pick<DatabaseHandle, 'observeQueries'>, file: string, thread: string): () => void {
  const since = new Date().toISOString();
  const times = new Map<string, StatementTime>();
  const stopObserving = database.observeQueries((_kind, durationMs, sql) => {
    const shape = statementShape(sql);
    let entry = times.get(shape);
    if (!entry) times.set(shape, (entry = { sql: shape, calls: 0, totalMs: 0, maxMs: 0 }));
    entry.calls++;
    entry.totalMs += durationMs;
    if (durationMs > entry.maxMs) entry.maxMs = durationMs;
  });
  const write = () => {
    const statements = [...times.values()].sort((a, b) => b.totalMs - a.totalMs).slice(0, KEPT);
    writeFileSync(file, JSON.stringify({ pid: process.pid, thread, since, until: new Date().toISOString(), statements }, null, 1));
  };
  const timer = setInterval(write, WRITE_EVERY_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
    stopObserving();
    write();
  };
}
