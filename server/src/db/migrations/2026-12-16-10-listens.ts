import type { Kysely } from 'kysely';

/**
 * Listens: one row per track a member played, as a player or an imported history reports it (issue #67). Kept apart
 * from the journal, which holds albums listened to: the listens module rolls tracks up into journal entries.
 *
 * `listened_at` is whole seconds since 1970 (UTC), as ListenBrainz gives it; a person, a moment and a track name make
 * one listen, so a second import of the same history adds nothing. `album_id` is filled once the listen is matched to
 * the catalog; `match_state` says whether that was tried ('new', 'matched', 'unmatched'). `additional_info` is the
 * submitted object kept as JSON so that the read side can give it back.
 *
 * `now_playing`: what a member's player says is playing, until `expires_at`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('listen')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('listened_at', 'bigint', (col) => col.notNull())
    .addColumn('track_name', 'text', (col) => col.notNull())
    .addColumn('artist_name', 'text', (col) => col.notNull())
    .addColumn('release_name', 'text')
    .addColumn('duration_ms', 'integer')
    .addColumn('recording_mbid', 'text')
    .addColumn('release_mbid', 'text')
    .addColumn('release_group_mbid', 'text')
    .addColumn('artist_mbids', 'text')
    .addColumn('additional_info', 'text')
    .addColumn('client', 'text')
    .addColumn('origin', 'text', (col) => col.notNull())
    .addColumn('album_id', 'text', (col) => col.references('album.id').onDelete('set null'))
    .addColumn('match_state', 'text', (col) => col.notNull().defaultTo('new'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('listen_person_moment_track_uq', ['user_id', 'listened_at', 'track_name'])
    .execute();
  await db.schema.createIndex('listen_person_time_idx').on('listen').columns(['user_id', 'listened_at']).execute();
  await db.schema.createIndex('listen_match_state_idx').on('listen').columns(['match_state', 'user_id']).execute();
  await db.schema.createIndex('listen_album_idx').on('listen').columns(['album_id', 'user_id']).execute();

  await db.schema
    .createTable('now_playing')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('track_name', 'text', (col) => col.notNull())
    .addColumn('artist_name', 'text', (col) => col.notNull())
    .addColumn('release_name', 'text')
    .addColumn('duration_ms', 'integer')
    .addColumn('additional_info', 'text')
    .addColumn('client', 'text')
    .addColumn('started_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('now_playing').execute();
  await db.schema.dropTable('listen').execute();
}
