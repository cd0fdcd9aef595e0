import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../../platform/db/column-types.ts';

/**
 * "Download my data": an export is built by a background job (platform/jobs) that gathers a person's rows a page at
 * a time into data_export_part, then writes the ZIP into data_export.file, where it waits a week to be downloaded.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const { postgres } = columnTypes(db);
  const bytes = postgres ? sql`bytea` : sql`blob`;
  await db.schema
    .createTable('data_export')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('processed', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('total', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('size', 'integer')
    .addColumn('file', bytes)
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('expires_at', 'text')
    .execute();
  await db.schema.createIndex('data_export_user_idx').on('data_export').columns(['user_id', 'created_at']).execute();
  await db.schema
    .createTable('data_export_part')
    .addColumn('export_id', 'text', (col) => col.notNull().references('data_export.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (col) => col.notNull())
    .addColumn('section', 'text', (col) => col.notNull())
    .addColumn('rows', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('data_export_part_pk', ['export_id', 'seq'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('data_export_part').execute();
  await db.schema.dropTable('data_export').execute();
}
