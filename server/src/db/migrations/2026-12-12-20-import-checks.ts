import { sql, type Kysely } from 'kysely';

/**
 * A Hearsay export is read and checked by its import's job, after the upload has been answered. `accepted_at` says
 * when the file was found to be an export (the hourly limit counts only those); `issues` keeps, as JSON, what is
 * wrong with a file that was not. Imports of Hearsay exports before this were checked at upload: accepted then.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('import_job').addColumn('accepted_at', 'text').execute();
  await db.schema.alterTable('import_job').addColumn('issues', 'text').execute();
  await sql`update import_job set accepted_at = created_at where source = 'hearsay'`.execute(db);
  await db.schema.createIndex('import_job_accepted_idx').on('import_job').columns(['user_id', 'accepted_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('import_job_accepted_idx').execute();
  await db.schema.alterTable('import_job').dropColumn('issues').execute();
  await db.schema.alterTable('import_job').dropColumn('accepted_at').execute();
}
