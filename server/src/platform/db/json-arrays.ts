import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { jsonArrayFrom as postgresJsonArray } from 'kysely/helpers/postgres';
import { jsonArrayFrom as sqliteJsonArray } from 'kysely/helpers/sqlite';
import { dialectOf, type DB } from './index.ts';

/**
 * A subquery's rows as one JSON array column of the row that holds it: lists read with their rows in one statement
 * (Kysely's helper for each engine). Read the column back with `jsonRows`.
 */
export function jsonArrayOf(db: Pick<DB, 'getExecutor'>): typeof sqliteJsonArray {
  return dialectOf(db) === 'postgres' ? postgresJsonArray : sqliteJsonArray;
}

/** A JSON array column: text from SQLite, parsed already by PostgreSQL's driver. */
export const jsonRows = <T>(value: unknown): T[] =>
  typeof value === 'string' ? (JSON.parse(value) as T[]) : ((value as T[] | null) ?? []);

/**
 * Ids for `inJsonList`: one JSON array, so a statement's text does not change with how many there are. An id from a
 * request body may hold a lone surrogate (`"\ud800"` is valid JSON), which PostgreSQL's JSON refuses: made well formed,
 * it is simply an id that is not there, as on SQLite.
 */
export const jsonList = (ids: Iterable<string>): string => JSON.stringify([...new Set([...ids].map((id) => id.toWellFormed()))]);

/**
 * `column` is one of the ids of `idList` (a JSON array, `jsonList`): a list as one value, so the statement can be
 * compiled once and kept prepared (`precompiled`), where an `in (…)` list's text changes with its length.
 */
export function inJsonList(db: Pick<DB, 'getExecutor'>, column: string, idList: string): RawBuilder<SqlBool> {
  return dialectOf(db) === 'postgres'
    ? sql<SqlBool>`${sql.ref(column)} in (select json_array_elements_text(${idList}::json))`
    : sql<SqlBool>`${sql.ref(column)} in (select value from json_each(${idList}))`;
}

/**
 * The JSON object stored as text in `column` holds `false` at `path` (`['sharing', 'ratings']`): a setting turned
 * off, read in the statement rather than row by row after it. A missing field is not false.
 */
export function jsonFlagOff(db: Pick<DB, 'getExecutor'>, column: string, path: readonly string[]): RawBuilder<SqlBool> {
  return dialectOf(db) === 'postgres'
    ? sql<SqlBool>`(${sql.ref(column)})::jsonb #>> ${`{${path.join(',')}}`} = 'false'`
    : sql<SqlBool>`json_type(${sql.ref(column)}, ${`$.${path.join('.')}`}) = 'false'`;
}
