import type { Kysely } from 'kysely';

/**
 * Personal access tokens (decision 024): a member's own tools call the API with one. Only the SHA-256 hash of a
 * token is kept (with a short prefix to tell tokens apart); deleting the account deletes its tokens.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('access_token')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    // "read" or "read write"
    .addColumn('scopes', 'text', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('prefix', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('access_token_user_idx').on('access_token').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('access_token').execute();
}
