import { sql, type Kysely } from 'kysely';

/**
 * Explore's default list, the public albums by popularity (album-lists.repository.ts), read in index order: sorting
 * the whole catalog for each page took 30–60 ms at 100,000 albums, and counting it another 20. The terms are the
 * list's order, exactly. It replaces the index on (rating_count, id), whose one other reader (the best rated, which
 * filters on rating_count) it serves as well, so a rating write updates no more indexes than before.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('album_popular_idx')
    .on('album')
    .expression(sql`status, rating_count desc, review_count desc, (case when mbid is null then 1 else 0 end), release_year desc, id`)
    .execute();
  await db.schema.dropIndex('album_popularity_idx').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('album_popularity_idx').on('album').columns(['rating_count', 'id']).execute();
  await db.schema.dropIndex('album_popular_idx').execute();
}
