import type { Kysely } from 'kysely';

/**
 * Reports of content by members, the operators' audit log of what they did about them, and the columns that hide a
 * review or comment from everyone but its author (who sees why).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('report')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('reporter_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    // 'review' | 'comment' | 'collection' | 'message' | 'profile' | 'album'
    .addColumn('subject_type', 'text', (col) => col.notNull())
    .addColumn('subject_id', 'text', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('note', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (col) => col.notNull())
    // Set when a moderator acted on the subject or dismissed its reports.
    .addColumn('resolved_at', 'text')
    .addUniqueConstraint('report_once_per_reporter', ['reporter_id', 'subject_type', 'subject_id'])
    .execute();
  await db.schema.createIndex('report_open_idx').on('report').columns(['resolved_at', 'created_at']).execute();
  await db.schema.createIndex('report_subject_idx').on('report').columns(['subject_type', 'subject_id']).execute();
  await db.schema
    .createTable('moderation_action')
    .addColumn('id', 'text', (col) => col.primaryKey())
    // Kept when the moderator's account goes: the log outlives the people in it.
    .addColumn('moderator_id', 'text')
    .addColumn('moderator_name', 'text', (col) => col.notNull())
    // 'hide' | 'unhide' | 'dismiss'
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('subject_type', 'text', (col) => col.notNull())
    .addColumn('subject_id', 'text', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('moderation_action_time_idx').on('moderation_action').column('created_at').execute();
  for (const table of ['review', 'review_comment']) {
    await db.schema.alterTable(table).addColumn('hidden_reason', 'text').execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['review', 'review_comment']) await db.schema.alterTable(table).dropColumn('hidden_reason').execute();
  await db.schema.dropTable('moderation_action').execute();
  await db.schema.dropTable('report').execute();
}
