import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../../platform/db/column-types.ts';

/**
 * PostgreSQL only: albums and artists whose text begins with the words typed, read in order from a B-tree instead of
 * found through the full-text index. A search that matches more than it ranks also looks up those beginning with its
 * words (`documentsStartingWith`); through the full-text index that meant building the bitmap of every document with
 * those words before reading the first: at 1,000,000 albums 26 ms on average for such a search and 107 ms for `the
 * prism`, against about 1 ms as a range of this index. In the C collation, so that `LIKE 'words%'` is a range of it
 * whatever the database's own collation. SQLite asks FTS5 for the beginning of the text itself (`^"words"*`).
 */
const INDEXES = [
  { name: 'search_document_text_prefix_idx', table: 'search_document' },
  { name: 'search_artist_text_prefix_idx', table: 'search_artist' },
];

export async function up(db: Kysely<any>): Promise<void> {
  if (!columnTypes(db).postgres) return;
  for (const { name, table } of INDEXES) await sql`CREATE INDEX ${sql.id(name)} ON ${sql.table(table)} (text COLLATE "C")`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!columnTypes(db).postgres) return;
  for (const { name } of INDEXES) await sql`DROP INDEX ${sql.id(name)}`.execute(db);
}
