import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../../platform/db/column-types.ts';

/**
 * Search runs on the database. Each searchable thing (album, artist) has one document of folded
 * text (lower case, no accents). SQLite indexes it with FTS5; PostgreSQL with a tsvector (prefix
 * queries) and pg_trgm. `search_term` is the vocabulary used to correct typos in either engine.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const { postgres } = columnTypes(db);
  if (postgres) {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
    await sql`
      CREATE TABLE search_document (
        kind text NOT NULL,
        ref_id text NOT NULL,
        text text NOT NULL,
        tsv tsvector GENERATED ALWAYS AS (to_tsvector('simple', text)) STORED,
        PRIMARY KEY (kind, ref_id)
      )`.execute(db);
    await sql`CREATE INDEX search_document_tsv_idx ON search_document USING gin (tsv)`.execute(db);
  } else {
    await sql`
      CREATE VIRTUAL TABLE search_document USING fts5(
        text, kind UNINDEXED, ref_id UNINDEXED,
        tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4'
      )`.execute(db);
  }
  await db.schema
    .createTable('search_term')
    .addColumn('term', 'text', (col) => col.primaryKey())
    .addColumn('initial', 'text', (col) => col.notNull())
    .addColumn('length', 'integer', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('search_term_initial_length_idx').on('search_term').columns(['initial', 'length']).execute();
  if (postgres) await sql`CREATE INDEX search_term_trgm_idx ON search_term USING gin (term gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('search_term').execute();
  await sql`DROP TABLE search_document`.execute(db);
}
