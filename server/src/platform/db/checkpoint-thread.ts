/**
 * Copies the SQLite write-ahead log back into the database file, on a thread of its own (see openSqlite): left to
 * SQLite, every thousandth page written makes one request's commit do it, fsync included, on the event loop.
 */
import SqliteDatabase from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';

const { path, intervalMs } = workerData as { path: string; intervalMs: number };
const database = new SqliteDatabase(path, { fileMustExist: true });
database.pragma('busy_timeout = 1000');

const timer = setInterval(() => {
  try {
    // PASSIVE: copies what no reader still needs, never waits for or blocks readers and writers.
    database.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Busy or briefly unavailable: the next tick tries again, and the server's own fallback threshold still holds.
  }
}, intervalMs);

parentPort?.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  database.close();
  parentPort?.close();
});
