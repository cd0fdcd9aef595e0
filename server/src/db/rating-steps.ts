import { RATING_STEPS } from '@hearsay/contracts/catalog';
import { sql } from 'kysely';

/**
 * Each album keeps how many of its ratings fall on each half step, one column per step, beside its count and sum
 * (decision 034): its page shows the distribution without counting its ratings, and a rating moves two of them.
 */
export const RATING_STEP_COLUMNS = [
  'ratings_at_1',
  'ratings_at_1_5',
  'ratings_at_2',
  'ratings_at_2_5',
  'ratings_at_3',
  'ratings_at_3_5',
  'ratings_at_4',
  'ratings_at_4_5',
  'ratings_at_5',
  'ratings_at_5_5',
  'ratings_at_6',
  'ratings_at_6_5',
  'ratings_at_7',
  'ratings_at_7_5',
  'ratings_at_8',
  'ratings_at_8_5',
  'ratings_at_9',
  'ratings_at_9_5',
  'ratings_at_10',
] as const;

export type RatingStepColumn = (typeof RATING_STEP_COLUMNS)[number];

/** The column counting an album's ratings of this value: 7.5 -> ratings_at_7_5. */
export function ratingStepColumn(rating: number): RatingStepColumn {
  const column = RATING_STEP_COLUMNS[RATING_STEPS.indexOf(rating)];
  if (!column) throw new RangeError(`${rating} is not a rating`);
  return column;
}

/** An album row's step columns as rating -> count, the shape distribution charts are drawn from. */
export function stepCounts(row: Readonly<Record<RatingStepColumn, number | string>>): Map<number, number> {
  return new Map(RATING_STEPS.map((rating, index) => [rating, Number(row[RATING_STEP_COLUMNS[index]!])]));
}

/** `count(*) filter (where rating = 1) as ratings_at_1, …`: every step's count over a group of rating rows (recounts). */
export const stepRecounts = () =>
  sql.join(
    RATING_STEP_COLUMNS.map((column, index) => sql`count(*) filter (where rating = ${sql.lit(RATING_STEPS[index])}) as ${sql.ref(column)}`),
  );
