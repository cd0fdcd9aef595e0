import type { Kysely } from 'kysely';

/**
 * Direct messages. One conversation per pair of people: `pair_key` is the two user ids in sorted order and unique, so
 * two people opening a conversation with each other at the same moment end up in the same one. Each participant has
 * a member row holding how far they have read (the newest message seen: its time and id). Messages are paged newest
 * first by (created_at, id). Everything goes with either participant's account (see the conversations service).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('conversation')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('pair_key', 'text', (col) => col.notNull().unique())
    .addColumn('started_by', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('last_message_id', 'text')
    .addColumn('last_message_at', 'text')
    .execute();

  await db.schema
    .createTable('conversation_member')
    .addColumn('conversation_id', 'text', (col) => col.notNull().references('conversation.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('last_read_at', 'text')
    .addColumn('last_read_message_id', 'text')
    .addPrimaryKeyConstraint('conversation_member_pk', ['conversation_id', 'user_id'])
    .execute();
  await db.schema.createIndex('conversation_member_user_idx').on('conversation_member').columns(['user_id', 'conversation_id']).execute();

  await db.schema
    .createTable('direct_message')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('conversation_id', 'text', (col) => col.notNull().references('conversation.id').onDelete('cascade'))
    .addColumn('sender_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('direct_message_history_idx').on('direct_message').columns(['conversation_id', 'created_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('direct_message').execute();
  await db.schema.dropTable('conversation_member').execute();
  await db.schema.dropTable('conversation').execute();
}
