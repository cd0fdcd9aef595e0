import type { Kysely } from 'kysely';
import { columnTypes } from '../../platform/db/column-types.ts';

/**
 * Track ratings (decision 078). `track_rating`: one per member and track, on the album ratings' half-step scale; the
 * album is kept beside the track so that an album page reads a member's ratings of its tracks by the primary key's
 * prefix (user, album) and a merge of albums finds them by album. The track's totals (`rating_count`, `rating_sum`)
 * live on the catalog's `track` row, moved in the rating's transaction, so the album page (which reads its tracks in
 * its one statement) shows each track's average and count without counting ratings.
 *
 * `track_rating_track_idx`: a track's ratings (its rows go with it). `track_rating_user_top_idx`: a member's top tracks
 * on their profile, best first, the latest change first among equals.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const { double } = columnTypes(db);
  await db.schema
    .createTable('track_rating')
    .addColumn('user_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('album_id', 'text', (col) => col.notNull().references('album.id').onDelete('cascade'))
    .addColumn('track_id', 'text', (col) => col.notNull().references('track.id').onDelete('cascade'))
    .addColumn('rating', double, (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('track_rating_pk', ['user_id', 'album_id', 'track_id'])
    .execute();
  await db.schema.createIndex('track_rating_track_idx').on('track_rating').columns(['track_id']).execute();
  await db.schema
    .createIndex('track_rating_user_top_idx')
    .on('track_rating')
    .columns(['user_id', 'rating desc', 'updated_at desc'])
    .execute();
  await db.schema
    .alterTable('track')
    .addColumn('rating_count', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('track')
    .addColumn('rating_sum', double, (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('track').dropColumn('rating_sum').execute();
  await db.schema.alterTable('track').dropColumn('rating_count').execute();
  await db.schema.dropTable('track_rating').execute();
}
