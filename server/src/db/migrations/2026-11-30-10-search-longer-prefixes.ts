import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../../platform/db/column-types.ts';

/**
 * SQLite's search indexes keep ready-made word beginnings up to 10 letters instead of 4. Every word of a search is
 * matched as a beginning ("midnight" finds "midnights"); past the longest kept length, FTS5 gathers every matching
 * entry of the word before it can return one, so a common word cost about as much as its number of albums (0.9 ms
 * for a word in 30,000 of 1,000,000 albums, 0.15 ms with the prefix kept). The index data grows by about two thirds
 * (55 to 91 MB for 1,000,000 albums). An FTS5 table's options cannot be changed in place: each is built again under
 * a new name, then takes the old one's place.
 * PostgreSQL's tsvector indexes match beginnings their own way and are left as they are.
 */
const TABLES = [
  { name: 'search_document', columns: 'text, kind UNINDEXED, ref_id UNINDEXED', copied: 'text, kind, ref_id' },
  { name: 'search_artist', columns: 'text, ref_id UNINDEXED', copied: 'text, ref_id' },
  { name: 'search_person', columns: 'text, ref_id UNINDEXED', copied: 'text, ref_id' },
  { name: 'search_collection', columns: 'text, ref_id UNINDEXED', copied: 'text, ref_id' },
];

async function rebuild(db: Kysely<any>, prefixes: string): Promise<void> {
  if (columnTypes(db).postgres) return;
  for (const table of TABLES) {
    const next = `${table.name}_next`;
    await sql`
      CREATE VIRTUAL TABLE ${sql.table(next)} USING fts5(
        ${sql.raw(table.columns)}, tokenize = 'unicode61 remove_diacritics 2', prefix = ${sql.lit(prefixes)}
      )`.execute(db);
    await sql`INSERT INTO ${sql.table(next)} (${sql.raw(table.copied)}) SELECT ${sql.raw(table.copied)} FROM ${sql.table(table.name)}`.execute(
      db,
    );
    await sql`DROP TABLE ${sql.table(table.name)}`.execute(db);
    await sql`ALTER TABLE ${sql.table(next)} RENAME TO ${sql.table(table.name)}`.execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await rebuild(db, '2 3 4 5 6 7 8 9 10');
}

export async function down(db: Kysely<any>): Promise<void> {
  await rebuild(db, '2 3 4');
}
