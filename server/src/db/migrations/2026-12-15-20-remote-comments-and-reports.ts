import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../../platform/db/column-types.ts';

/**
 * Replies from other sites become comments, and other sites' `Flag`s become reports: a comment's author and a report's
 * reporter may then be a person (or site) of another server, named by their `remote_actor` id, so neither column is
 * bound to a member's row any more. A remote comment keeps its note's id (`remote_uri`, what an `Update` or `Delete`
 * names) and the address it is shown at (`remote_url`); a remote report keeps the server it came from
 * (`reporter_host`). A member's own comments and reports still go with their account (reviews' and moderation's
 * `forgetPerson`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = columnTypes(db).postgres;
  if (postgres) {
    await sql`ALTER TABLE review_comment DROP CONSTRAINT IF EXISTS review_comment_user_id_fkey`.execute(db);
    await sql`ALTER TABLE report DROP CONSTRAINT IF EXISTS report_reporter_id_fkey`.execute(db);
  } else {
    await rebuildCommentsUnbound(db);
    await rebuildReportsUnbound(db);
  }
  await db.schema.alterTable('review_comment').addColumn('remote_uri', 'text').execute();
  await db.schema.alterTable('review_comment').addColumn('remote_url', 'text').execute();
  await db.schema.createIndex('review_comment_remote_uri_idx').on('review_comment').column('remote_uri').unique().execute();
  await db.schema.alterTable('report').addColumn('reporter_host', 'text').execute();
}

/** SQLite cannot drop a constraint: the table is made again without it, its rows and indexes with it. */
async function rebuildCommentsUnbound(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('review_comment_unbound')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('review_id', 'text', (col) => col.notNull().references('review.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('edited_at', 'text')
    .addColumn('hidden_reason', 'text')
    // Named after the new table, which the rename below carries over to its final name.
    .addColumn('parent_id', 'text', (col) => col.references('review_comment_unbound.id').onDelete('set null'))
    .execute();
  await sql`INSERT INTO review_comment_unbound (id, review_id, user_id, body, created_at, updated_at, edited_at, hidden_reason, parent_id)
    SELECT id, review_id, user_id, body, created_at, updated_at, edited_at, hidden_reason, parent_id FROM review_comment`.execute(db);
  await db.schema.dropTable('review_comment').execute();
  await db.schema.alterTable('review_comment_unbound').renameTo('review_comment').execute();
  await db.schema.createIndex('review_comment_review_idx').on('review_comment').columns(['review_id', 'created_at']).execute();
  await db.schema.createIndex('review_comment_user_idx').on('review_comment').column('user_id').execute();
  await db.schema.createIndex('review_comment_parent_idx').on('review_comment').column('parent_id').execute();
}

async function rebuildReportsUnbound(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('report_unbound')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('reporter_id', 'text', (col) => col.notNull())
    .addColumn('subject_type', 'text', (col) => col.notNull())
    .addColumn('subject_id', 'text', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('note', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('resolved_at', 'text')
    .addUniqueConstraint('report_once_per_reporter', ['reporter_id', 'subject_type', 'subject_id'])
    .execute();
  await sql`INSERT INTO report_unbound (id, reporter_id, subject_type, subject_id, reason, note, created_at, resolved_at)
    SELECT id, reporter_id, subject_type, subject_id, reason, note, created_at, resolved_at FROM report`.execute(db);
  await db.schema.dropTable('report').execute();
  await db.schema.alterTable('report_unbound').renameTo('report').execute();
  await db.schema.createIndex('report_open_idx').on('report').columns(['resolved_at', 'created_at']).execute();
  await db.schema.createIndex('report_subject_idx').on('report').columns(['subject_type', 'subject_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('report').dropColumn('reporter_host').execute();
  await db.schema.dropIndex('review_comment_remote_uri_idx').execute();
  await db.schema.alterTable('review_comment').dropColumn('remote_url').execute();
  await db.schema.alterTable('review_comment').dropColumn('remote_uri').execute();
}
