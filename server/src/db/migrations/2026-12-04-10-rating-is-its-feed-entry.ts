import { sql, type Kysely } from 'kysely';

/**
 * A rating is its own entry in followers' feeds (decision 042): `feed_at` says when it became news (its first giving,
 * or its last change of value), null when it was imported quietly. The `activity` rows that repeated each rating for
 * the feed move onto their ratings and go, so a rating write adds one row and its indexes, not two rows.
 *
 * `rating_feed_actor_idx` serves the feed of someone following few people (each one's newest ratings), and
 * `rating_feed_time_idx` someone following many (everyone's newest ratings); both hold only ratings that are news.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('rating').addColumn('feed_at', 'text').execute();
  await sql`update rating set feed_at = activity.created_at
    from activity
    where activity.object_type = 'album' and activity.object_id = rating.album_id and activity.actor_id = rating.user_id
      and activity.verb = 'rated'`.execute(db);
  await sql`delete from activity where verb = 'rated'`.execute(db);
  await db.schema
    .createIndex('rating_feed_actor_idx')
    .on('rating')
    .columns(['user_id', 'feed_at', 'id'])
    .where(sql.ref('feed_at'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('rating_feed_time_idx')
    .on('rating')
    .columns(['feed_at', 'id'])
    .where(sql.ref('feed_at'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`insert into activity (id, actor_id, verb, object_type, object_id, album_id, created_at)
    select 'rated-' || id, user_id, 'rated', 'album', album_id, album_id, feed_at from rating where feed_at is not null`.execute(db);
  await db.schema.dropIndex('rating_feed_time_idx').execute();
  await db.schema.dropIndex('rating_feed_actor_idx').execute();
  await db.schema.alterTable('rating').dropColumn('feed_at').execute();
}
