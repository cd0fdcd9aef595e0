import type { Kysely } from 'kysely';

/**
 * Moderators named by admins (admins themselves come from ADMIN_EMAILS), a person's standing (suspended until a
 * time, or banned), warnings a moderator sent them, which they see until they acknowledge them, and the mark a
 * moderator leaves on an imported album they rejected (it stays out of the public catalog and off the queue).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('moderator')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('appointed_by', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('sanction')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('user.id').onDelete('cascade'))
    // 'suspended' (until `until`) | 'banned' (no end)
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('until', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('warning')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('acknowledged_at', 'text')
    .execute();
  await db.schema.alterTable('album').addColumn('rejected_at', 'text').execute();
  await db.schema.createIndex('warning_user_idx').on('warning').columns(['user_id', 'acknowledged_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('album').dropColumn('rejected_at').execute();
  await db.schema.dropTable('warning').execute();
  await db.schema.dropTable('sanction').execute();
  await db.schema.dropTable('moderator').execute();
}
