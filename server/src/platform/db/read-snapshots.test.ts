import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { freshReads, openDatabase, type DatabaseHandle } from './index.ts';

/** A database file with one counter row, opened through Hearsay's driver, and a plain connection standing for another process. */
function counterDatabase(): { file: string; handle: DatabaseHandle; outsider: SqliteDatabase.Database } {
  const file = join(mkdtempSync(join(tmpdir(), 'hearsay-snapshots-')), 'site.db');
  // No busy timeout: where it would wait on this thread's own reader, it says so at once.
  const outsider = new SqliteDatabase(file, { timeout: 0 });
  outsider.pragma('journal_mode = WAL');
  outsider.exec('create table counter (id integer primary key, value integer not null); insert into counter values (1, 0)');
  return { file, handle: openDatabase(`sqlite:${file}`), outsider };
}

const closers: (() => unknown)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

function opened(site: ReturnType<typeof counterDatabase>) {
  closers.push(
    () => site.handle.destroy(),
    () => site.outsider.close(),
  );
  return site;
}

async function counter(handle: DatabaseHandle): Promise<number> {
  const rows = await sql<{ value: number }>`select value from counter where id = 1`.execute(handle.db);
  return rows.rows[0]!.value;
}

describe('SQLite reads share one snapshot per turn of the event loop', () => {
  it('see every write this thread made before them, through any connection', async () => {
    const site = opened(counterDatabase());
    const other = openDatabase(`sqlite:${site.file}`);
    closers.push(() => other.destroy());
    expect(await counter(site.handle)).toBe(0);
    await sql`update counter set value = 1 where id = 1`.execute(site.handle.db);
    expect(await counter(site.handle)).toBe(1);
    // All in the same turn: the second connection's write ends the first one's snapshot.
    await sql`update counter set value = 2 where id = 1`.execute(other.db);
    expect(await counter(site.handle)).toBe(2);
  });

  it("see another process's write from the next turn on, or at once after freshReads()", async () => {
    const site = opened(counterDatabase());
    expect(await counter(site.handle)).toBe(0);
    site.outsider.prepare('update counter set value = 5 where id = 1').run();
    // Still this turn's snapshot: the request being answered reads one consistent state.
    expect(await counter(site.handle)).toBe(0);
    freshReads();
    expect(await counter(site.handle)).toBe(5);

    site.outsider.prepare('update counter set value = 6 where id = 1').run();
    await nextTurn();
    expect(await counter(site.handle)).toBe(6);
  });

  it('hold no read transaction between turns, so a checkpoint can empty the log', async () => {
    const site = opened(counterDatabase());
    for (let value = 1; value <= 50; value++) site.outsider.prepare('update counter set value = ? where id = 1').run(value);
    freshReads();
    expect(await counter(site.handle)).toBe(50);
    // A reader would keep TRUNCATE from resetting the log: it reports itself busy (1) instead of 0.
    expect(site.outsider.pragma('wal_checkpoint(TRUNCATE)', { simple: true })).toBe(1);
    await nextTurn();
    expect(site.outsider.pragma('wal_checkpoint(TRUNCATE)', { simple: true })).toBe(0);
  });

  it('leave transactions as they were: a transaction reads its own writes and takes the write lock at once', async () => {
    const site = opened(counterDatabase());
    expect(await counter(site.handle)).toBe(0);
    await site.handle.db.transaction().execute(async (trx) => {
      // The outsider cannot write while the transaction holds the write lock.
      expect(() => site.outsider.prepare('update counter set value = 9 where id = 1').run()).toThrow(/locked|busy/i);
      await sql`update counter set value = 3 where id = 1`.execute(trx);
      const rows = await sql<{ value: number }>`select value from counter where id = 1`.execute(trx);
      expect(rows.rows[0]!.value).toBe(3);
    });
    expect(await counter(site.handle)).toBe(3);
  });
});
