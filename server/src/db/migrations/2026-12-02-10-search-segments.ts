import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../../platform/db/column-types.ts';

/**
 * SQLite's search indexes merge their segments as soon as two share a level (FTS5's `usermerge`, 4 by default), which
 * the server's upkeep thread does in small steps (platform/db/search-segments.ts), and the segments already there are
 * merged now: a search looks each word up in every segment, about 100 µs per index with the segments a seeded site of
 * 100,000 albums had, 17 µs merged. Merging writes the indexes out again once (about 0.3 s for 100,000 albums).
 * PostgreSQL's indexes (GIN, without pending lists since 2026-11-30-20) need nothing of the kind.
 */
const TABLES = ['search_document', 'search_artist', 'search_person', 'search_collection'];

async function setUsermerge(db: Kysely<any>, segments: number): Promise<void> {
  for (const table of TABLES)
    await sql`INSERT INTO ${sql.table(table)} (${sql.id(table)}, rank) VALUES ('usermerge', ${sql.lit(segments)})`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  if (columnTypes(db).postgres) return;
  await setUsermerge(db, 2);
  for (const table of TABLES) await sql`INSERT INTO ${sql.table(table)} (${sql.id(table)}) VALUES ('optimize')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (columnTypes(db).postgres) return;
  await setUsermerge(db, 4);
}
