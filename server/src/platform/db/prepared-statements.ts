import type { RawBuilder } from 'kysely';
import type { DB } from './index.ts';

/**
 * The SQL texts PostgreSQL keeps prepared, by name, on each connection that runs them: those of `precompiled` queries,
 * whose SQL never changes (a few dozen, the statements of every signed-in request among them). Each run then skips
 * PostgreSQL's parsing and planning. Other statements stay unnamed: texts that vary (lists of every length) would pile
 * up on every connection, which PostgreSQL keeps until the connection closes.
 */
const names = new Map<string, string>();

export function keepPrepared(sql: string): void {
  if (!names.has(sql)) names.set(sql, `hearsay_${names.size + 1}`);
}

export function preparedName(sql: string): string | undefined {
  return names.get(sql);
}

/**
 * Runs a statement written in raw SQL whose text is one of a few (every value in it a parameter, or a constant
 * of the code), kept prepared on PostgreSQL: what `precompiled`, which needs a query builder, cannot take.
 */
export async function runKeptPrepared<R>(db: DB, query: RawBuilder<R>): Promise<R[]> {
  const compiled = query.compile(db);
  keepPrepared(compiled.sql);
  return (await db.executeQuery(compiled)).rows;
}
