import type { Kysely } from 'kysely';

/**
 * Web Push (decision 084): one row per device that asked for a member's pushes, keyed by its push service endpoint
 * (a browser profile has one per site). `p256dh` and `auth` are the keys a push is encrypted for; `session_id` is the
 * session the device subscribed in, so signing that session out (or its expiry, or the account's deletion) removes it.
 *
 * `push_subscription_user_idx`: a member's devices, read for every push.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('push_subscription')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('endpoint', 'text', (col) => col.notNull().unique())
    .addColumn('p256dh', 'text', (col) => col.notNull())
    .addColumn('auth', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('session_id', 'text', (col) => col.notNull().references('session.id').onDelete('cascade'))
    .addColumn('label', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('last_success_at', 'text')
    .execute();
  await db.schema.createIndex('push_subscription_user_idx').on('push_subscription').column('user_id').execute();
  await db.schema.createIndex('push_subscription_session_idx').on('push_subscription').column('session_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('push_subscription').execute();
}
