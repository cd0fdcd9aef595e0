import type { Kysely } from 'kysely';

/**
 * A member's four favourite albums, shown at the top of their profile (decision 082): one row per place, 1 to 4, and an
 * album at most once per member. Replaced as a whole when the member saves their choice, so a reorder is one write.
 *
 * `favourite_album_album_idx`: the members who chose an album, for a merge of two albums and for an album removed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('favourite_album')
    .addColumn('user_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('album_id', 'text', (col) => col.notNull().references('album.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('favourite_album_pk', ['user_id', 'position'])
    .addUniqueConstraint('favourite_album_once', ['user_id', 'album_id'])
    .execute();
  await db.schema.createIndex('favourite_album_album_idx').on('favourite_album').column('album_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('favourite_album').execute();
}
