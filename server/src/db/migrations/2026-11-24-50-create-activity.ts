import type { Kysely } from 'kysely';

/**
 * What people do, appended by the module that owns each action in the action's transaction (decision 015): the home
 * feed, and later notifications and digests, read it. Rows are few per action (a re-rate moves the one row of that
 * rating), and rows whose object is gone are deleted with it or dropped by the feed's rules step.
 *
 * `activity_time_idx` serves the feed of someone following many people (newest rows of everyone, filtered by a
 * semi-join on follow); `activity_actor_time_idx` serves someone following few (newest rows of each); and
 * `activity_object_idx` finds an object's rows to delete them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('activity')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('actor_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('verb', 'text', (col) => col.notNull())
    .addColumn('object_type', 'text', (col) => col.notNull())
    .addColumn('object_id', 'text', (col) => col.notNull())
    .addColumn('album_id', 'text', (col) => col.references('album.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('activity_actor_time_idx').on('activity').columns(['actor_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('activity_time_idx').on('activity').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('activity_object_idx').on('activity').columns(['object_type', 'object_id']).execute();
  await db.schema.createIndex('activity_album_idx').on('activity').column('album_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('activity').execute();
}
