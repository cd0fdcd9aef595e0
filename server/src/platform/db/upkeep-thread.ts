/**
 * SQLite's upkeep, on a thread of its own with a connection of its own (see openSqlite), so no request pays for it:
 *
 * - it copies the write-ahead log back into the database file: left to SQLite, every thousandth page written makes
 *   one request's commit do it, fsync included, on the event loop;
 * - it merges the search indexes' segments (search-segments.ts), a few pages at a time, pausing between steps so the
 *   server's own writes get the write lock in between.
 */
import SqliteDatabase from 'better-sqlite3';
import { setTimeout as delay } from 'node:timers/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { mergeStep, SQLITE_SEARCH_TABLES } from './search-segments.ts';

export interface UpkeepSettings {
  path: string;
  checkpointIntervalMs: number;
  /** When the search indexes are first looked at (after the server's migrations, usually), then how often. */
  firstMergeMs: number;
  mergeIntervalMs: number;
  /** The pause between two merge steps, which holds the write lock from nobody. */
  mergePauseMs: number;
}

const settings = workerData as UpkeepSettings;
const database = new SqliteDatabase(settings.path, { fileMustExist: true });
database.pragma('busy_timeout = 1000');
let stopping = false;

const checkpoints = setInterval(() => {
  try {
    // PASSIVE: copies what no reader still needs, never waits for or blocks readers and writers.
    database.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Busy or briefly unavailable: the next tick tries again, and the server's own fallback threshold still holds.
  }
}, settings.checkpointIntervalMs);

async function mergeSegments(): Promise<void> {
  for (const table of SQLITE_SEARCH_TABLES) {
    while (!stopping) {
      let merged: boolean;
      try {
        merged = mergeStep(database, table);
      } catch {
        // Busy, or the table is not there yet (migrations still running): the next look tries again.
        break;
      }
      if (!merged) break;
      await delay(settings.mergePauseMs);
    }
  }
}

let merging: Promise<void> = Promise.resolve();
const look = () => {
  merging = merging.then(mergeSegments);
};
const firstLook = setTimeout(look, settings.firstMergeMs);
const merges = setInterval(look, settings.mergeIntervalMs);

parentPort?.on('message', (message) => {
  if (message !== 'stop') return;
  stopping = true;
  clearInterval(checkpoints);
  clearTimeout(firstLook);
  clearInterval(merges);
  void merging.finally(() => {
    database.close();
    parentPort?.close();
  });
});
