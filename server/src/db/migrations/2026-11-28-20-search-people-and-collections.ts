import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../../platform/db/column-types.ts';
import { searchText } from '../../platform/db/search-index.ts';

/**
 * People (name and username) and collections (name) get search indexes of their own, so the People and Collections
 * tabs match words through an index instead of `LIKE '%…%'` over every row; artists move out of `search_document`
 * into one of their own. A table per kind, not a kind column: a common word (in 40,000 album titles) would otherwise
 * be read past for every search of another kind. Every person and collection is indexed, private ones too: search
 * applies the privacy rules when it reads.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const { postgres } = columnTypes(db);
  for (const table of ['search_artist', 'search_person', 'search_collection']) {
    if (postgres) {
      await sql`
        CREATE TABLE ${sql.table(table)} (
          ref_id text PRIMARY KEY,
          text text NOT NULL,
          tsv tsvector GENERATED ALWAYS AS (to_tsvector('simple', text)) STORED
        )`.execute(db);
      await sql`CREATE INDEX ${sql.id(`${table}_tsv_idx`)} ON ${sql.table(table)} USING gin (tsv)`.execute(db);
    } else {
      await sql`
        CREATE VIRTUAL TABLE ${sql.table(table)} USING fts5(
          text, ref_id UNINDEXED, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4'
        )`.execute(db);
    }
  }
  await sql`INSERT INTO search_artist (ref_id, text) SELECT ref_id, text FROM search_document WHERE kind = 'artist'`.execute(db);
  await sql`DELETE FROM search_document WHERE kind = 'artist'`.execute(db);
  // Backfill, in batches by key.
  let after = '';
  for (;;) {
    const people: { id: string; name: string; username: string | null }[] = await db
      .selectFrom('user')
      .select(['id', 'name', 'username'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(1000)
      .execute();
    if (people.length === 0) break;
    await db
      .insertInto('search_person')
      .values(people.map((person) => ({ ref_id: person.id, text: searchText(`${person.name} ${person.username ?? ''}`) })))
      .execute();
    after = people.at(-1)!.id;
  }
  after = '';
  for (;;) {
    const collections: { id: string; name: string }[] = await db
      .selectFrom('collection')
      .select(['id', 'name'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(1000)
      .execute();
    if (collections.length === 0) break;
    await db
      .insertInto('search_collection')
      .values(collections.map((collection) => ({ ref_id: collection.id, text: searchText(collection.name) })))
      .execute();
    after = collections.at(-1)!.id;
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`INSERT INTO search_document (kind, ref_id, text) SELECT 'artist', ref_id, text FROM search_artist`.execute(db);
  for (const table of ['search_collection', 'search_person', 'search_artist']) await sql`DROP TABLE ${sql.table(table)}`.execute(db);
}
