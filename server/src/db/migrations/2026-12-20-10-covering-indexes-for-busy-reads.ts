import { sql, type Kysely } from 'kysely';

/**
 * Three indexes grow by the column their busiest reader fetched from the table row by row, found by the simulated day
 * (`npm run bench:load`) on the generated site of 1,000,000 ratings; each replaces the index it extends, so a write
 * updates no more indexes than before.
 *
 * - `rating_album_idx` (album, rating) gains the rater: the feed's "people with your taste" and the starter section's
 *   reviewers read every high rating of an album and group by rater, and the most-rated album has 16,000 ratings.
 * - `collection_album_album_idx` (album) gains the list: an album page's lists go from the album to its lists.
 * - `album_popular_idx` gains `rating_sum`: the catalog-wide mean (the charts' and the best rated's prior) is summed
 *   over every confirmed album, which read each album's whole row.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('rating_album_idx').execute();
  await db.schema.createIndex('rating_album_idx').on('rating').columns(['album_id', 'rating', 'user_id']).execute();
  await db.schema.dropIndex('collection_album_album_idx').execute();
  await db.schema.createIndex('collection_album_album_idx').on('collection_album').columns(['album_id', 'collection_id']).execute();
  await db.schema.dropIndex('album_popular_idx').execute();
  await db.schema
    .createIndex('album_popular_idx')
    .on('album')
    .expression(
      sql`status, rating_count desc, review_count desc, (case when mbid is null then 1 else 0 end), release_year desc, id, rating_sum`,
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('rating_album_idx').execute();
  await db.schema.createIndex('rating_album_idx').on('rating').columns(['album_id', 'rating']).execute();
  await db.schema.dropIndex('collection_album_album_idx').execute();
  await db.schema.createIndex('collection_album_album_idx').on('collection_album').column('album_id').execute();
  await db.schema.dropIndex('album_popular_idx').execute();
  await db.schema
    .createIndex('album_popular_idx')
    .on('album')
    .expression(sql`status, rating_count desc, review_count desc, (case when mbid is null then 1 else 0 end), release_year desc, id`)
    .execute();
}
