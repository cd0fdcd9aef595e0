import { sql, type Expression, type QueryCreator, type RawBuilder, type Selectable, type SqlBool } from 'kysely';
import type { AlbumTable, Database } from '../../db/schema.ts';
import type { DB } from '../../platform/db/index.ts';
import { RATING_STEP_COLUMNS, ratingStepColumn, stepCounts, type RatingStepColumn } from '../../db/rating-steps.ts';

/**
 * An album's counters (decision 015): written here only, each in the transaction of the rows it counts, which the
 * module owning those rows passes in (decision 065): ratings move the rating totals, reviews the review count,
 * library the like count.
 */

/** The album's totals a rating write answers with. */
const TOTALS = ['rating_count', 'rating_average', ...RATING_STEP_COLUMNS] as const;

export interface AlbumTotals {
  count: number;
  average: number | null;
  /** How many ratings fall on each half step. */
  distribution: Map<number, number>;
}

/** The album's columns the totals are read from. */
export type AlbumTotalsRow = Pick<Selectable<AlbumTable>, (typeof TOTALS)[number]>;

export function totalsOf(row: AlbumTotalsRow | undefined): AlbumTotals | undefined {
  if (!row) return undefined;
  return { count: Number(row.rating_count), average: row.rating_average, distribution: stepCounts(row) };
}

/** A change of one person's rating of an album: from a value or none (null) to a value or none. */
export interface RatingChange {
  from: number | null;
  to: number | null;
}

/**
 * Moves an album's aggregates from one rating of a person to another (null: none) in one statement: the count, the
 * sum and the two half steps' counts. The database applies concurrent changes one after another, so they stay exact.
 */
export async function moveRatingTotals(db: DB, albumId: string, change: RatingChange, now: string): Promise<AlbumTotals | undefined> {
  const row = await db
    .updateTable('album')
    .set(totalsShift(shiftOf(change), now))
    .where('id', '=', albumId)
    .returning(TOTALS)
    .executeTakeFirst();
  return totalsOf(row);
}

/**
 * A first rating's move of the totals as a clause of the statement that inserts the rating (decision 037), acting only
 * if `onlyIf` holds (the rating was new). Its text varies with the half step's column alone (`step`, the value's), so
 * the statement is compiled once for each.
 */
export function firstRatingTotalsQuery(
  db: QueryCreator<Database>,
  step: RatingStepColumn,
  albumId: string,
  value: number,
  now: string,
  onlyIf: Expression<SqlBool>,
) {
  return db
    .updateTable('album')
    .set(totalsShift({ count: 1, sum: value, fromStep: null, toStep: step }, now))
    .where('id', '=', albumId)
    .where(onlyIf)
    .returning(TOTALS);
}

/** What a change of one rating moves: the count and sum by these, one half step's count down and one up. */
interface TotalsShift {
  count: number;
  sum: number;
  fromStep: RatingStepColumn | null;
  toStep: RatingStepColumn | null;
}

function shiftOf(change: RatingChange): TotalsShift {
  return {
    count: (change.to === null ? 0 : 1) - (change.from === null ? 0 : 1),
    sum: (change.to ?? 0) - (change.from ?? 0),
    fromStep: change.from === null ? null : ratingStepColumn(change.from),
    toStep: change.to === null ? null : ratingStepColumn(change.to),
  };
}

/** The album's columns a change of one rating moves. */
function totalsShift({ count, sum, fromStep, toStep }: TotalsShift, now: string) {
  const steps: Partial<Record<RatingStepColumn, RawBuilder<number>>> = {};
  if (fromStep !== toStep) {
    if (fromStep !== null) steps[fromStep] = sql`${sql.ref(fromStep)} - 1`;
    if (toStep !== null) steps[toStep] = sql`${sql.ref(toStep)} + 1`;
  }
  return {
    rating_count: sql<number>`rating_count + ${count}`,
    rating_sum: sql<number>`rating_sum + ${sum}`,
    rating_average: sql<
      number | null
    >`case when rating_count + ${count} > 0 then (rating_sum + ${sum}) / (rating_count + ${count}) else null end`,
    ...steps,
    updated_at: now,
  };
}

export async function ratingTotals(db: DB, albumId: string): Promise<AlbumTotals | undefined> {
  return totalsOf(await db.selectFrom('album').select(TOTALS).where('id', '=', albumId).executeTakeFirst());
}

/** The album's counters other than its rating totals. */
export type AlbumCounter = 'review_count' | 'like_count';

/** Moves the album's counters by these amounts, in one statement. */
export async function shiftAlbumCounters(db: DB, albumId: string, deltas: Partial<Record<AlbumCounter, number>>): Promise<void> {
  const changes = Object.entries(deltas) as [AlbumCounter, number][];
  if (changes.length === 0) return;
  await db
    .updateTable('album')
    .set(Object.fromEntries(changes.map(([column, delta]) => [column, sql<number>`${sql.ref(column)} + ${delta}`])))
    .where('id', '=', albumId)
    .execute();
}

export async function likeCount(db: DB, albumId: string): Promise<number> {
  const row = await db.selectFrom('album').select('like_count').where('id', '=', albumId).executeTakeFirst();
  return Number(row?.like_count ?? 0);
}

/**
 * Writes an album's rating totals from all its ratings' values, counted again (a merge moved ratings in or out, decision
 * 080): the count, the sum, the average and every half step's count.
 */
export async function writeRatingTotals(db: DB, albumId: string, values: readonly number[], now: string): Promise<void> {
  const steps = Object.fromEntries(RATING_STEP_COLUMNS.map((column) => [column, 0])) as Record<RatingStepColumn, number>;
  for (const value of values) steps[ratingStepColumn(value)] += 1;
  const sum = values.reduce((total, value) => total + value, 0);
  await db
    .updateTable('album')
    .set({
      ...steps,
      rating_count: values.length,
      rating_sum: sum,
      rating_average: values.length ? sum / values.length : null,
      updated_at: now,
    })
    .where('id', '=', albumId)
    .execute();
}

/** Sets one of the album's other counters to its count made again (a merge moved the rows it counts). */
export async function writeAlbumCounter(db: DB, albumId: string, column: AlbumCounter, value: number): Promise<void> {
  await db
    .updateTable('album')
    .set({ [column]: value })
    .where('id', '=', albumId)
    .execute();
}
