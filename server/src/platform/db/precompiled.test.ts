import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/database.ts';
import { sql } from 'kysely';
import { dialectOf, type DatabaseHandle, type DB } from './index.ts';
import { precompiled } from './precompiled.ts';
import { preparedName, runKeptPrepared } from './prepared-statements.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await freshDatabase();
  await database.db
    .insertInto('genre')
    .values([
      { id: 'g1', slug: 'test-ambient', name: 'Ambient', kind: 'genre', created_at: '2026-11-27T00:00:00Z' },
      { id: 'g2', slug: 'test-dub', name: 'Dub', kind: 'genre', created_at: '2026-11-27T00:00:00Z' },
    ])
    .execute();
});
afterAll(() => database.destroy());

/** The statements PostgreSQL keeps prepared on this handle's connection (a transaction holds one); none on SQLite. */
async function preparedOn(trx: DB): Promise<{ name: string; statement: string }[]> {
  if (dialectOf(trx) === 'sqlite') return [];
  const { rows } = await sql<{ name: string; statement: string }>`SELECT name, statement FROM pg_prepared_statements`.execute(trx);
  return rows;
}

describe('precompiled', () => {
  it('runs the query compiled once with each call’s own values, wherever an argument is used, in any transaction', async () => {
    let builds = 0;
    const genre = precompiled((db, ref: string) => {
      builds++;
      return db
        .selectFrom('genre')
        .select(['id', 'name'])
        .where((eb) => eb.or([eb('id', '=', ref), eb('slug', '=', ref)]))
        .where('kind', '=', 'genre');
    });
    expect(await genre(database.db, 'test-ambient')).toEqual([{ id: 'g1', name: 'Ambient' }]);
    expect(await genre(database.db, 'g2')).toEqual([{ id: 'g2', name: 'Dub' }]);
    expect(await genre(database.db, 'nothing')).toEqual([]);
    // A value containing SQL is a value.
    expect(await genre(database.db, "x' or '1'='1")).toEqual([]);
    // Each transaction is a handle of its own; the query compiled once serves them all.
    for (const ref of ['g1', 'test-dub']) expect(await database.db.transaction().execute((trx) => genre(trx, ref))).toHaveLength(1);
    expect(builds).toBe(1);
  });

  it('takes numbers and nulls as they are, as a write needs them', async () => {
    const addGenre = precompiled((db, id: string, name: string, createdAt: string | null, rank: number) =>
      db
        .insertInto('genre')
        .values({ id, slug: id, name, kind: 'genre', created_at: sql<string>`coalesce(${createdAt}, '2026-11-27T00:00:00Z')` })
        .returning(['name', sql<number>`${rank} + 1`.as('next')]),
    );
    expect(await addGenre(database.db, 'g3', 'Drone', null, 2)).toEqual([{ name: 'Drone', next: 3 }]);
    expect(await addGenre(database.db, 'g4', 'Kosmische', '2026-11-28T00:00:00Z', 40)).toEqual([{ name: 'Kosmische', next: 41 }]);
    const rows = await database.db.selectFrom('genre').select(['id', 'created_at']).where('id', 'in', ['g3', 'g4']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'g3', created_at: '2026-11-27T00:00:00Z' },
      { id: 'g4', created_at: '2026-11-28T00:00:00Z' },
    ]);
  });

  it('refuses a query that changes an argument or leaves one out, when it is first run', async () => {
    const changed = precompiled((db, slug: string) => db.selectFrom('genre').select('id').where('slug', '=', slug.toUpperCase()));
    await expect(changed(database.db, 'dub')).rejects.toThrow(/an argument was changed/);
    const unused = precompiled((db, _slug: string) => db.selectFrom('genre').select('id'));
    await expect(unused(database.db, 'dub')).rejects.toThrow(/argument 0 is not a value/);
  });

  it('keeps its SQL prepared: on PostgreSQL, under a name, on each connection that ran it', async () => {
    const genre = precompiled((db, slug: string) =>
      db.selectFrom('genre').select('name').where('slug', '=', slug).where('kind', '=', 'genre'),
    );
    const compiled = database.db.selectFrom('genre').select('name').where('slug', '=', 'x').where('kind', '=', 'genre').compile().sql;
    expect(preparedName(compiled)).toBeUndefined();
    // A transaction holds one connection, so what it prepared can be read back on it.
    const prepared = await database.db.transaction().execute(async (trx) => {
      expect(await genre(trx, 'test-dub')).toEqual([{ name: 'Dub' }]);
      expect(await genre(trx, 'test-ambient')).toEqual([{ name: 'Ambient' }]);
      return preparedOn(trx);
    });
    const name = preparedName(compiled);
    expect(name).toMatch(/^hearsay_\d+$/);
    if (dialectOf(database.db) === 'postgres') expect(prepared).toContainEqual({ name, statement: compiled });
  });
});

describe('runKeptPrepared', () => {
  it('runs a raw statement with its values and keeps its text prepared, one name whatever the values', async () => {
    const bySlug = (slug: string) => sql<{ name: string }>`SELECT name FROM genre WHERE slug = ${slug} AND kind = 'genre'`;
    const text = bySlug('x').compile(database.db).sql;
    expect(preparedName(text)).toBeUndefined();
    const prepared = await database.db.transaction().execute(async (trx) => {
      expect(await runKeptPrepared(trx, bySlug('test-dub'))).toEqual([{ name: 'Dub' }]);
      expect(await runKeptPrepared(trx, bySlug('test-ambient'))).toEqual([{ name: 'Ambient' }]);
      expect(await runKeptPrepared(trx, bySlug('missing'))).toEqual([]);
      return preparedOn(trx);
    });
    const name = preparedName(text);
    expect(name).toMatch(/^hearsay_\d+$/);
    if (dialectOf(database.db) === 'postgres') expect(prepared).toContainEqual({ name, statement: text });
  });
});
