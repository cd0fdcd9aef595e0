/**
 * Genres decided by a rule instead of by assignment (schema.ts, `genre.rule`). `recent:<years>` takes the albums
 * released in the last <years> calendar years, this one included: the earliest release year it takes, or null for a
 * genre that albums are assigned to.
 */
export function earliestYearOfRule(rule: string | null | undefined, currentYear: number): number | null {
  const recent = /^recent:(\d+)$/.exec(rule ?? '');
  return recent ? currentYear - Number(recent[1]) + 1 : null;
}
