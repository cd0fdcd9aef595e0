import { mkdtempSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './index.ts';
import { migrateToLatest } from './migrate.ts';
import { mergeStep } from './search-segments.ts';

describe('SQLite checkpoints while serving', () => {
  it('copies the log into the database file on their own thread, long before a commit would', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'hearsay-checkpoints-')), 'serving.db');
    const handle = openDatabase(`sqlite:${file}`, { serving: true });
    try {
      await sql`create table note (id integer primary key, body text not null)`.execute(handle.db);
      const before = statSync(file).size;
      // About 300 pages: far below the commits' own threshold, so only the thread can have copied them.
      for (let index = 0; index < 300; index++) {
        await sql`insert into note (body) values (${'x'.repeat(3000)})`.execute(handle.db);
      }
      await expect.poll(() => statSync(file).size, { timeout: 5_000, interval: 50 }).toBeGreaterThan(before + 300 * 3000);
      const rows = await sql<{ n: number }>`select count(*) as n from note`.execute(handle.db);
      expect(Number(rows.rows[0]!.n)).toBe(300);
    } finally {
      await handle.destroy();
    }
  });
});

describe('SQLite search segments while serving', () => {
  it('merges, on the upkeep thread, the segments that people signing up one at a time leave in the search index', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'hearsay-segments-')), 'serving.db');
    const setup = openDatabase(`sqlite:${file}`);
    await migrateToLatest(setup.db);
    // Each in a transaction of its own, as sign-ups come: every one writes a segment.
    for (let index = 0; index < 200; index++) {
      await sql`insert into search_person (text, ref_id) values (${`listener ${index}`}, ${`person-${index}`})`.execute(setup.db);
    }
    await setup.destroy();
    expect(mergeWaiting(file)).toBe(true);

    const handle = openDatabase(`sqlite:${file}`, { serving: true });
    try {
      await expect.poll(() => mergeWaiting(file), { timeout: 15_000, interval: 200 }).toBe(false);
      const found = await sql<{ n: number }>`select count(*) as n from search_person where search_person match '"listener"*'`.execute(
        handle.db,
      );
      expect(Number(found.rows[0]!.n)).toBe(200);
    } finally {
      await handle.destroy();
    }
  });
});

/** Whether a merge step would find work in the people index: tried in a transaction that is then rolled back. */
function mergeWaiting(file: string): boolean {
  const database = new SqliteDatabase(file);
  try {
    database.pragma('busy_timeout = 2000');
    database.exec('begin immediate');
    try {
      return mergeStep(database, 'search_person');
    } finally {
      database.exec('rollback');
    }
  } finally {
    database.close();
  }
}
