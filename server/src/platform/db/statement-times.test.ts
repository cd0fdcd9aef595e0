import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/database.ts';
import { recordStatementTimes, statementShape, type StatementTime } from './statement-times.ts';

const closers: (() => unknown)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

describe('statement times (STATEMENT_TIMES)', () => {
  it('sums the statements a site runs by their shape, the costliest first, in a file an operator can read', async () => {
    const database = await freshDatabase();
    closers.push(() => database.destroy());
    const file = join(mkdtempSync(join(tmpdir(), 'hearsay-statements-')), 'statements.json');
    const stop = recordStatementTimes(database, file, 'server');
    // IN lists of three lengths are one statement to an operator.
    for (const ids of [
      ['a', 'b'],
      ['a', 'b', 'c'],
      ['a', 'b', 'c', 'd', 'e'],
    ]) {
      await database.db.selectFrom('album').select('id').where('id', 'in', ids).execute();
    }
    await database.db.selectFrom('user').select('id').where('username', '=', 'nobody').execute();
    stop();

    const written = JSON.parse(readFileSync(file, 'utf8')) as { thread: string; statements: StatementTime[] };
    expect(written.thread).toBe('server');
    const albums = written.statements.filter((entry) => entry.sql.includes('from "album"'));
    expect(albums).toHaveLength(1);
    expect(albums[0]!.calls).toBe(3);
    expect(albums[0]!.sql).toMatch(/in \((\?|\$1), …\)/);
    expect(albums[0]!.totalMs).toBeGreaterThanOrEqual(albums[0]!.maxMs);
    expect(written.statements.find((entry) => entry.sql.includes('from "user"'))?.calls).toBe(1);
    const totals = written.statements.map((entry) => entry.totalMs);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
  });

  it('writes the rows of a multi-row insert as one, on either engine', () => {
    expect(statementShape('insert into "t" ("a", "b") values (?, ?), (?, ?), (?, ?)')).toBe('insert into "t" ("a", "b") values (?, …), …');
    expect(statementShape('insert into "t" ("a", "b") values ($1, $2), ($3, $4)')).toBe('insert into "t" ("a", "b") values ($1, …), …');
    expect(statementShape('select 1 where a = ? and b in (?, ?)')).toBe('select 1 where a = ? and b in (?, …)');
  });
});
