import type SqliteDatabase from 'better-sqlite3';

/**
 * SQLite's search indexes (FTS5) are made of segments: every transaction that adds documents writes a new one, and a
 * search looks its words up in each. FTS5 merges them only once four pile up on a level, so a site that gains members,
 * albums and collections a few at a time keeps dozens, and a search then looks each word up in every one of them
 * (decision 038). The upkeep thread merges them in small steps
 * (`mergeStep`), as soon as two share a level (`usermerge`, set by the migration 2026-12-02-10-search-segments).
 */
export const SQLITE_SEARCH_TABLES = ['search_document', 'search_artist', 'search_person', 'search_collection'] as const;

/** Pages one merge step writes: a few milliseconds holding the write lock, which the server's writes wait for. */
const MERGE_STEP_PAGES = 16;

/**
 * Merges up to `pages` pages of one index's segments; false when there was nothing to merge. FTS5 reports no count:
 * a step that did work changes at least two rows of its tables (the SQLite FTS5 documentation's own test).
 */
export function mergeStep(
  database: SqliteDatabase.Database,
  table: (typeof SQLITE_SEARCH_TABLES)[number],
  pages = MERGE_STEP_PAGES,
): boolean {
  const before = totalChanges(database);
  database.prepare(`INSERT INTO ${table} (${table}, rank) VALUES ('merge', ?)`).run(pages);
  return totalChanges(database) - before >= 2;
}

function totalChanges(database: SqliteDatabase.Database): number {
  return (database.prepare('SELECT total_changes() AS n').get() as { n: number }).n;
}
