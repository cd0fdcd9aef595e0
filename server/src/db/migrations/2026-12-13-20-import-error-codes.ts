import type { Kysely } from 'kysely';

/**
 * Why an import failed, as the code and params of an error answer (the web app words them in the reader's language);
 * `error` keeps the English. Imports that failed before this have only the English.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('import_job').addColumn('error_code', 'text').execute();
  await db.schema.alterTable('import_job').addColumn('error_params', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('import_job').dropColumn('error_params').execute();
  await db.schema.alterTable('import_job').dropColumn('error_code').execute();
}
