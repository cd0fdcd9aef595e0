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
