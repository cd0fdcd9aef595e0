import { mkdtempSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './index.ts';

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
