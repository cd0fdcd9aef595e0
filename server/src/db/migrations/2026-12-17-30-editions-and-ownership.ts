import type { Kysely } from 'kysely';

/**
 * An album's editions and who owns which (decision 079).
 *
 * `album_edition`: the MusicBrainz releases of the album's release group, as the editions job last fetched them, in
 * the order shown (`position`); `labels` is a JSON array of { name, catalogueNumber }. `album_edition_fetch`: when the
 * job last asked MusicBrainz about the album and what came of it (`found`, or `unreachable` when it gave up), so that
 * an album with no editions is not asked about on every visit.
 *
 * `album_ownership`: one row per member and album they own, want to own or used to own (RateYourMusic's o, w, u),
 * the medium as they named it, and the edition (a release of the album's group) when they said which.
 * `album_ownership_user_idx`: a member's owned albums, newest first.
 *
 * `import_item.ownership`/`media_type`: what a RateYourMusic row said of the copy, so that importing the same file
 * again changes only what changed in it (as for its rating and wishlist mark).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('album_edition')
    .addColumn('album_id', 'text', (col) => col.notNull().references('album.id').onDelete('cascade'))
    .addColumn('release_mbid', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('status', 'text')
    .addColumn('country', 'text')
    .addColumn('date', 'text')
    .addColumn('format', 'text')
    .addColumn('track_count', 'integer', (col) => col.notNull())
    .addColumn('labels', 'text', (col) => col.notNull().defaultTo('[]'))
    .addPrimaryKeyConstraint('album_edition_pk', ['album_id', 'release_mbid'])
    .execute();
  await db.schema
    .createTable('album_edition_fetch')
    .addColumn('album_id', 'text', (col) => col.primaryKey().references('album.id').onDelete('cascade'))
    .addColumn('release_group_mbid', 'text', (col) => col.notNull())
    .addColumn('outcome', 'text', (col) => col.notNull())
    .addColumn('fetched_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('album_ownership')
    .addColumn('user_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('album_id', 'text', (col) => col.notNull().references('album.id').onDelete('cascade'))
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('media_type', 'text')
    .addColumn('release_mbid', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('album_ownership_pk', ['user_id', 'album_id'])
    .execute();
  await db.schema.alterTable('import_item').addColumn('ownership', 'text').execute();
  await db.schema.alterTable('import_item').addColumn('media_type', 'text').execute();
  await db.schema.createIndex('album_ownership_user_idx').on('album_ownership').columns(['user_id', 'status', 'updated_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('import_item').dropColumn('media_type').execute();
  await db.schema.alterTable('import_item').dropColumn('ownership').execute();
  await db.schema.dropTable('album_ownership').execute();
  await db.schema.dropTable('album_edition_fetch').execute();
  await db.schema.dropTable('album_edition').execute();
}
