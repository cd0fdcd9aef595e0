import type { Kysely } from 'kysely';

/**
 * Imports of other sites' exports (RateYourMusic CSV): one job per upload with its progress and summary, and one
 * item per imported album line, keyed by the other site's id, so importing the same file again changes nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('import_job')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('file_name', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('total', 'integer', (col) => col.notNull())
    .addColumn('processed', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('summary', 'text', (col) => col.notNull())
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('import_job_user_created_idx').on('import_job').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('import_item')
    .addColumn('user_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('external_id', 'text', (col) => col.notNull())
    .addColumn('album_id', 'text', (col) => col.notNull().references('album.id').onDelete('cascade'))
    .addColumn('rating', 'real')
    .addColumn('wishlist', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('review_title', 'text')
    .addColumn('review_text', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('import_item_pk', ['user_id', 'source', 'external_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('import_item').execute();
  await db.schema.dropTable('import_job').execute();
}
