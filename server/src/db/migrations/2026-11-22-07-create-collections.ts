import type { Kysely } from 'kysely';

/**
 * Collections (lists of albums, in order, each with an optional note), and their likes. A private collection is
 * visible to its owner only; album_count and like_count are kept in the row, changed with the rows they count.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('collection')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('is_private', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('ranked', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('album_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('like_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('collection_user_created_idx').on('collection').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('collection_public_created_idx').on('collection').columns(['is_private', 'created_at']).execute();

  await db.schema
    .createTable('collection_album')
    .addColumn('collection_id', 'text', (col) => col.notNull().references('collection.id').onDelete('cascade'))
    .addColumn('album_id', 'text', (col) => col.notNull().references('album.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('note', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('added_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('collection_album_pk', ['collection_id', 'album_id'])
    .execute();
  await db.schema.createIndex('collection_album_order_idx').on('collection_album').columns(['collection_id', 'position']).execute();
  await db.schema.createIndex('collection_album_album_idx').on('collection_album').column('album_id').execute();

  await db.schema
    .createTable('collection_like')
    .addColumn('user_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('collection_id', 'text', (col) => col.notNull().references('collection.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('collection_like_pk', ['user_id', 'collection_id'])
    .execute();
  await db.schema.createIndex('collection_like_recent_idx').on('collection_like').columns(['collection_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['collection_like', 'collection_album', 'collection']) await db.schema.dropTable(table).execute();
}
