import type { Kysely } from 'kysely';

/**
 * Changing a username or an e-mail address (Settings → Account). A username given up points at its person for 90
 * days (old profile links keep working, and nobody else may take it meanwhile). An e-mail change waits for its link
 * to be opened: one pending change per person, its token stored only as a SHA-256 hash.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('username_redirect')
    .addColumn('old_username', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('username_redirect_user_idx').on('username_redirect').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('email_change')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('new_email', 'text', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('email_change').execute();
  await db.schema.dropTable('username_redirect').execute();
}
