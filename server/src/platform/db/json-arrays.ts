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
