import { sql, type Kysely } from 'kysely';

/**
 * The feed of someone following many people reads everyone's newest activity and ratings in time order and keeps the
 * rows whose actor they follow: about 330 rows read for a page of 30 when following 2,000 of 50,000 people. With the
 * actor in the time indexes, the rows are chosen from the indexes alone, and only the 30 kept are read from their
 * tables (feed.repository.ts, `newestAmongFollowed`): 220–250 µs → 165–195 µs for that statement on SQLite, on a
 * seeded site of 100,000 albums.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('activity_time_idx').execute();
  await db.schema.createIndex('activity_time_idx').on('activity').columns(['created_at', 'id', 'actor_id']).execute();
  await db.schema.dropIndex('rating_feed_time_idx').execute();
  await db.schema
    .createIndex('rating_feed_time_idx')
    .on('rating')
    .columns(['feed_at', 'id', 'user_id'])
    .where(sql.ref('feed_at'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('activity_time_idx').execute();
  await db.schema.createIndex('activity_time_idx').on('activity').columns(['created_at', 'id']).execute();
  await db.schema.dropIndex('rating_feed_time_idx').execute();
  await db.schema
    .createIndex('rating_feed_time_idx')
    .on('rating')
    .columns(['feed_at', 'id'])
    .where(sql.ref('feed_at'), 'is not', null)
    .execute();
}
