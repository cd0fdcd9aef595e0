import type { Kysely } from 'kysely';

/**
 * The listening journal: one row per logged listen of an album on a day, with an optional rating of that
 * listen and a short note. A person may log the same album many times; the entry's own id tells them apart.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('journal_entry')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('album_id', 'text', (col) => col.notNull().references('album.id').onDelete('cascade'))
    // A calendar day (YYYY-MM-DD) as the listener saw it, not an instant.
    .addColumn('listened_on', 'text', (col) => col.notNull())
    .addColumn('rating', 'real')
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('journal_entry_user_day_idx').on('journal_entry').columns(['user_id', 'listened_on', 'created_at']).execute();
  await db.schema.createIndex('journal_entry_user_album_idx').on('journal_entry').columns(['user_id', 'album_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('journal_entry').execute();
}
