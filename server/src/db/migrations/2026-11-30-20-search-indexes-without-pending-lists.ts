import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../../platform/db/column-types.ts';

/**
 * PostgreSQL only: the search indexes (GIN) take new entries straight into the index instead of a pending list.
 * By default GIN appends new entries to an unsorted list that every search reads from end to end until VACUUM or a
 * 4 MB limit merges it. On a catalog of 100,000 albums and 50,000 members, just seeded, looking up people for one word
 * read 426 pages of that list: 13 ms, against 0.08 ms once it was merged; spelling candidates 15 ms against 0.2 ms.
 * Searches are far more frequent than the writes that feed these indexes (a new album, member or collection), and an
 * entry added directly costs those writes a fraction of a millisecond. The lists already there are merged now.
 */
const INDEXES = [
  'search_document_tsv_idx',
  'search_artist_tsv_idx',
  'search_person_tsv_idx',
  'search_collection_tsv_idx',
  'search_term_trgm_idx',
];

export async function up(db: Kysely<any>): Promise<void> {
  if (!columnTypes(db).postgres) return;
  for (const index of INDEXES) {
    await sql`ALTER INDEX ${sql.id(index)} SET (fastupdate = off)`.execute(db);
    await sql`SELECT gin_clean_pending_list(${index}::regclass)`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!columnTypes(db).postgres) return;
  for (const index of INDEXES) await sql`ALTER INDEX ${sql.id(index)} RESET (fastupdate)`.execute(db);
}
