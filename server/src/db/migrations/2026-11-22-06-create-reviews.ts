import type { Kysely } from 'kysely';

/**
 * Reviews (one per person per album), their earlier versions, likes and comments. Counters (likes, comments, an
 * album's review count, a profile's reviews count) are kept in the rows they describe and changed in the same
 * transaction as the row that changes them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('review')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('album_id', 'text', (col) => col.notNull().references('album.id').onDelete('cascade'))
    .addColumn('rating', 'real', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('content_html', 'text', (col) => col.notNull())
    .addColumn('content_text', 'text', (col) => col.notNull())
    .addColumn('like_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('comment_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('edited_at', 'text')
    .addUniqueConstraint('review_user_album_unique', ['user_id', 'album_id'])
    .execute();
  await db.schema.createIndex('review_album_created_idx').on('review').columns(['album_id', 'created_at']).execute();
  await db.schema.createIndex('review_album_likes_idx').on('review').columns(['album_id', 'like_count']).execute();
  await db.schema.createIndex('review_user_created_idx').on('review').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('review_created_idx').on('review').column('created_at').execute();

  await db.schema
    .createTable('review_revision')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('review_id', 'text', (col) => col.notNull().references('review.id').onDelete('cascade'))
    .addColumn('rating', 'real', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('content_html', 'text', (col) => col.notNull())
    .addColumn('written_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('review_revision_review_idx').on('review_revision').columns(['review_id', 'written_at']).execute();

  await db.schema
    .createTable('review_like')
    .addColumn('user_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('review_id', 'text', (col) => col.notNull().references('review.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('review_like_pk', ['user_id', 'review_id'])
    .execute();
  await db.schema.createIndex('review_like_user_idx').on('review_like').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('review_comment')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('review_id', 'text', (col) => col.notNull().references('review.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('edited_at', 'text')
    .execute();
  await db.schema.createIndex('review_comment_review_idx').on('review_comment').columns(['review_id', 'created_at']).execute();
  await db.schema.createIndex('review_comment_user_idx').on('review_comment').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['review_comment', 'review_like', 'review_revision', 'review']) await db.schema.dropTable(table).execute();
}
