import type { Kysely } from 'kysely';

/**
 * Home timelines written when things happen (decision 087). `home_timeline` holds each member's feed entries, newest
 * first by its key (viewer, time, entry): an `activity` row, a `rating` that is news (decision 042) or a post of
 * another site, written by the fan-out job. `home_timeline_reader` says whose timelines are kept: when the member last
 * read their feed (fan-outs skip those away longer than TIMELINE_ACTIVE_DAYS), whether the timeline is whole (null
 * while it is rebuilt), about how many entries it holds (trimmed oldest first past the cap) and its horizon: the
 * oldest entry it is sure to hold everything after, null when it reaches back to the first (pages past it are read
 * from the activity).
 *
 * `follow_followee_follower_idx` pages a person's followers in id order, the fan-out's batches.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('home_timeline')
    .addColumn('viewer_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('entry_id', 'text', (col) => col.notNull())
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('actor_id', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('home_timeline_pk', ['viewer_id', 'created_at', 'entry_id'])
    .execute();
  await db.schema
    .createTable('home_timeline_reader')
    .addColumn('viewer_id', 'text', (col) => col.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('active_at', 'text', (col) => col.notNull())
    .addColumn('built_at', 'text')
    .addColumn('entries', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('horizon_at', 'text')
    .addColumn('horizon_id', 'text')
    .execute();
  await db.schema.createIndex('home_timeline_reader_active_idx').on('home_timeline_reader').columns(['active_at']).execute();
  await db.schema.createIndex('follow_followee_follower_idx').on('follow').columns(['followee_id', 'follower_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('follow_followee_follower_idx').execute();
  await db.schema.dropTable('home_timeline_reader').execute();
  await db.schema.dropTable('home_timeline').execute();
}
