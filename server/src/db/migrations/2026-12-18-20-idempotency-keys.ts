import type { Kysely } from 'kysely';

/**
 * The answers to writes sent with an `Idempotency-Key` header (decision 085): one row per member and key, holding a
 * fingerprint of the request and, once it has run, its status and body, for 24 hours. A repeat of the request is
 * answered from here instead of running again; `status` is null while the first request is still running.
 *
 * `idempotency_key_expiry_idx`: the rows past their day, deleted as new keys are written.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('idempotency_key')
    .addColumn('user_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('fingerprint', 'text', (col) => col.notNull())
    .addColumn('status', 'integer')
    .addColumn('response', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('idempotency_key_pk', ['user_id', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_key_expiry_idx').on('idempotency_key').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('idempotency_key').execute();
}
