import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/database.ts';
import { buildAlbum, seedRatings } from '../../test/factories.ts';
import { albumsWithWrongRatingTotals } from '../../test/rating-totals.ts';
import { createMigrator, migrateToLatest } from '../platform/db/migrate.ts';
import { RATING_STEP_COLUMNS, ratingStepColumn, stepCounts } from './rating-steps.ts';

describe('rating step columns', () => {
  it('name every half step from 1 to 10 and nothing else', () => {
    expect(ratingStepColumn(1)).toBe('ratings_at_1');
    expect(ratingStepColumn(7.5)).toBe('ratings_at_7_5');
    expect(ratingStepColumn(10)).toBe('ratings_at_10');
    for (const wrong of [0.5, 7.3, 10.5, Number.NaN]) expect(() => ratingStepColumn(wrong)).toThrow(RangeError);
    const row = Object.fromEntries(RATING_STEP_COLUMNS.map((column, index) => [column, index === 13 ? '4' : 0]));
    expect(stepCounts(row as never).get(7.5)).toBe(4);
    expect([...stepCounts(row as never).values()].reduce((sum, n) => sum + n, 0)).toBe(4);
  });
});

describe('migration 2026-12-01-10-album-rating-steps', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database.destroy());

  it('fills every album’s step counts from the ratings it already has', async () => {
    const { db } = database;
    const busy = await buildAlbum(db, { title: 'Counted Before' });
    const quiet = await buildAlbum(db, { title: 'Never Rated' });
    await seedRatings(db, busy, [1, 7.5, 7.5, 10, 3]);
    // Back to the schema before the columns, with the ratings in place, then forward again.
    const { error } = await createMigrator(db).migrateTo('2026-11-30-20-search-indexes-without-pending-lists');
    expect(error).toBeUndefined();
    const columns = (await db.introspection.getTables()).find((table) => table.name === 'album')!.columns.map((column) => column.name);
    expect(columns).not.toContain('ratings_at_7_5');
    await migrateToLatest(db);

    expect(await albumsWithWrongRatingTotals(db)).toEqual([]);
    const row = await db.selectFrom('album').select(RATING_STEP_COLUMNS).where('id', '=', busy).executeTakeFirstOrThrow();
    expect([...stepCounts(row)].filter(([, n]) => n > 0)).toEqual([
      [1, 1],
      [3, 1],
      [7.5, 2],
      [10, 1],
    ]);
    const untouched = await db.selectFrom('album').select(RATING_STEP_COLUMNS).where('id', '=', quiet).executeTakeFirstOrThrow();
    expect([...stepCounts(untouched).values()].every((n) => n === 0)).toBe(true);
    expect(Number((await sql<{ n: number }>`select count(*) as n from rating`.execute(db)).rows[0]!.n)).toBe(5);
  });
});
