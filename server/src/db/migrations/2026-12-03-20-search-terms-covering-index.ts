import type { Kysely } from 'kysely';

/**
 * The words a typed word could be a typo of are read by first letter and length (search.repository.ts,
 * `correctionCandidates`), about 600 of them for a word on a seeded site of 100,000 albums. With the word itself in
 * the index, the index alone answers; before, each of the 600 was then looked up in the table: 350 µs a typed word
 * before, 180 µs after, on SQLite. PostgreSQL answers it from the index alone too (an index-only scan).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('search_term_initial_length_idx').execute();
  await db.schema.createIndex('search_term_initial_length_idx').on('search_term').columns(['initial', 'length', 'term']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('search_term_initial_length_idx').execute();
  await db.schema.createIndex('search_term_initial_length_idx').on('search_term').columns(['initial', 'length']).execute();
}
