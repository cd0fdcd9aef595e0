import type { Kysely } from 'kysely';

/**
 * A member's draft of their review of an album: a RateYourMusic review too short to publish (or without a rating)
 * is kept here by the import, and the review form opens with it. One per person and album; publishing the review
 * deletes it, and so does deleting the account or the album.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('review_draft')
    .addColumn('user_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('album_id', 'text', (col) => col.notNull().references('album.id').onDelete('cascade'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('content_html', 'text', (col) => col.notNull())
    .addColumn('content_text', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('review_draft_pk', ['user_id', 'album_id'])
    .execute();
  await db.schema.createIndex('review_draft_album_idx').on('review_draft').column('album_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('review_draft').execute();
}
