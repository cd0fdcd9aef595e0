import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../../platform/db/column-types.ts';

/**
 * Background jobs (platform/jobs): one row per job with the cursor its handler saves after each step and a lease
 * (locked_by, locked_until) so that one process at a time runs it; a job whose lease ran out is taken over.
 *
 * Imports become such jobs and keep the uploaded file until they end (import_file), so a restart resumes them.
 * Imports left 'running' by the old in-process loop have no job and would never finish: they are marked failed,
 * which is what that loop did to them on the next upload.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const { postgres } = columnTypes(db);
  await db.schema
    .createTable('job')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('owner', 'text')
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('cursor', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('job_state_idx').on('job').columns(['state', 'locked_until']).execute();

  await db.schema
    .createTable('import_file')
    .addColumn('import_id', 'text', (col) => col.primaryKey().references('import_job.id').onDelete('cascade'))
    .addColumn('bytes', postgres ? sql`bytea` : sql`blob`, (col) => col.notNull())
    .execute();

  await db
    .updateTable('import_job')
    .set({ status: 'failed', error: 'The import was interrupted.', finished_at: sql.ref('updated_at') })
    .where('status', '=', 'running')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('import_file').execute();
  await db.schema.dropTable('job').execute();
}
