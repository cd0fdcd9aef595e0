import { sql, type SelectQueryBuilder } from 'kysely';

/** Records whose id is in [from, to) (to null: no end), at most `limit` of them: a share of a table, for sitemaps. */
export interface IdRange {
  from: string;
  to: string | null;
  limit: number;
}

/**
 * The query's rows in the range, the first `limit` by id: one range of the primary key, whatever the table holds.
 * `id` is the queried table's own (a condition's subquery on another table does not change that).
 */
export function inIdRange<D, T extends keyof D, O>(query: SelectQueryBuilder<D, T, O>, range: IdRange): SelectQueryBuilder<D, T, O> {
  const id = sql.ref<string>('id');
  const from = query.where(id, '>=', range.from);
  return (range.to === null ? from : from.where(id, '<', range.to)).orderBy(id).limit(range.limit);
}
