import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../../platform/db/column-types.ts';

/**
 * Federation (ActivityPub, decision 067): the framework's key–value store; each actor's signing keys; the people of
 * other sites we know of, who follows whom across sites, the ratings and reviews they sent us, and the operator's
 * policy per remote server. A job may wait until a time (`run_after`): a delivery retried later. A notification's
 * actor may be a person of another site (a like from there), so its actor is no longer bound to a member's row; the
 * notifications a member caused still go with their account (notifications' `forgetPerson`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('job').addColumn('run_after', 'text').execute();
  await unbindNotificationActor(db);

  await db.schema
    .createTable('federation_kv')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text')
    .execute();

  await db.schema
    .createTable('federation_key')
    .addColumn('owner', 'text', (col) => col.notNull())
    .addColumn('algorithm', 'text', (col) => col.notNull())
    .addColumn('public_jwk', 'text', (col) => col.notNull())
    .addColumn('private_jwk', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('federation_key_pk', ['owner', 'algorithm'])
    .execute();

  await db.schema
    .createTable('remote_actor')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('uri', 'text', (col) => col.notNull().unique())
    .addColumn('host', 'text', (col) => col.notNull())
    .addColumn('username', 'text', (col) => col.notNull())
    .addColumn('handle_key', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('summary', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('avatar_url', 'text')
    .addColumn('url', 'text')
    .addColumn('inbox', 'text', (col) => col.notNull())
    .addColumn('shared_inbox', 'text')
    .addColumn('locked', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('remote_actor_handle_idx').on('remote_actor').column('handle_key').execute();
  await db.schema.createIndex('remote_actor_host_idx').on('remote_actor').column('host').execute();

  await db.schema
    .createTable('remote_follow')
    .addColumn('local_user_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('remote_actor_id', 'text', (col) => col.notNull().references('remote_actor.id').onDelete('cascade'))
    .addColumn('direction', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('follow_uri', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('remote_follow_pk', ['local_user_id', 'remote_actor_id', 'direction'])
    .execute();
  await db.schema.createIndex('remote_follow_actor_idx').on('remote_follow').columns(['remote_actor_id', 'direction']).execute();

  await db.schema
    .createTable('remote_post')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('uri', 'text', (col) => col.notNull().unique())
    .addColumn('actor_id', 'text', (col) => col.notNull().references('remote_actor.id').onDelete('cascade'))
    .addColumn('album_id', 'text')
    .addColumn('album_title', 'text', (col) => col.notNull())
    .addColumn('album_artist', 'text', (col) => col.notNull())
    .addColumn('album_mbid', 'text')
    .addColumn('rating', 'integer')
    .addColumn('title', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('content_html', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('url', 'text')
    .addColumn('published_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('received_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('remote_post_actor_idx').on('remote_post').columns(['actor_id', 'published_at']).execute();
  await db.schema.createIndex('remote_post_album_idx').on('remote_post').columns(['album_id', 'published_at']).execute();

  await db.schema
    .createTable('remote_post_like')
    .addColumn('local_user_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('remote_post_id', 'text', (col) => col.notNull().references('remote_post.id').onDelete('cascade'))
    .addColumn('like_uri', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('remote_post_like_pk', ['local_user_id', 'remote_post_id'])
    .execute();

  await db.schema
    .createTable('remote_review_like')
    .addColumn('review_id', 'text', (col) => col.notNull().references('review.id').onDelete('cascade'))
    .addColumn('remote_actor_id', 'text', (col) => col.notNull().references('remote_actor.id').onDelete('cascade'))
    .addColumn('like_uri', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('remote_review_like_pk', ['review_id', 'remote_actor_id'])
    .execute();

  await db.schema
    .createTable('federation_host')
    .addColumn('host', 'text', (col) => col.primaryKey())
    .addColumn('policy', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
}

async function unbindNotificationActor(db: Kysely<any>): Promise<void> {
  if (columnTypes(db).postgres) {
    await sql`ALTER TABLE notification DROP CONSTRAINT IF EXISTS notification_actor_id_fkey`.execute(db);
    return;
  }
  // SQLite cannot drop a constraint: the table is made again without it, its rows and indexes with it.
  await db.schema
    .createTable('notification_unbound')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('recipient_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('actor_id', 'text', (col) => col.notNull())
    .addColumn('object_id', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('read_at', 'text')
    .addColumn('subject', 'text')
    .addColumn('reason', 'text')
    .execute();
  await sql`INSERT INTO notification_unbound (id, recipient_id, kind, actor_id, object_id, created_at, read_at, subject, reason)
    SELECT id, recipient_id, kind, actor_id, object_id, created_at, read_at, subject, reason FROM notification`.execute(db);
  await db.schema.dropTable('notification').execute();
  await db.schema.alterTable('notification_unbound').renameTo('notification').execute();
  await db.schema.createIndex('notification_recipient_idx').on('notification').columns(['recipient_id', 'created_at']).execute();
  await db.schema.createIndex('notification_actor_idx').on('notification').column('actor_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'federation_host',
    'remote_review_like',
    'remote_post_like',
    'remote_post',
    'remote_follow',
    'remote_actor',
    'federation_key',
    'federation_kv',
  ])
    await db.schema.dropTable(table).execute();
  await db.schema.alterTable('job').dropColumn('run_after').execute();
}
