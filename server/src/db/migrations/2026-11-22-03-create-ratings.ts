import type { Kysely } from 'kysely';
import { columnTypes } from '../../platform/db/column-types.ts';

export async function up(db: Kysely<any>): Promise<void> {
  const { double } = columnTypes(db);
  await db.schema
    .createTable('rating')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('album_id', 'text', (col) => col.notNull().references('album.id').onDelete('cascade'))
    .addColumn('rating', double, (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('rating_user_album_uq', ['user_id', 'album_id'])
    .execute();
  await db.schema.createIndex('rating_album_idx').on('rating').columns(['album_id', 'rating']).execute();
  await db.schema.createIndex('rating_user_created_idx').on('rating').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('rating_created_idx').on('rating').columns(['created_at', 'album_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rating').execute();
}
