import type { Kysely } from 'kysely';

/**
 * Blocks and mutes between people. A block hides each from the other everywhere and ends their follows; a mute
 * hides the muted person's activity from the muter's feed only, and they are never told.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('block')
    .addColumn('blocker_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('blocked_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('block_pk', ['blocker_id', 'blocked_id'])
    .execute();
  // "Who blocked me" is read on every request that shows other people's content.
  await db.schema.createIndex('block_blocked_idx').on('block').column('blocked_id').execute();
  await db.schema
    .createTable('mute')
    .addColumn('muter_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('muted_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('mute_pk', ['muter_id', 'muted_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mute').execute();
  await db.schema.dropTable('block').execute();
}
