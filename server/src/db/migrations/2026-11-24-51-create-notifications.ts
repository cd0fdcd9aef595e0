import type { Kysely } from 'kysely';

/**
 * Notifications (the bell): one row per recipient per thing that happened to them, with who did it and to what.
 * `digest_delivery` remembers which person got which week's Weekly Digest; its key is what makes the digest go out
 * once per person per week however many processes try, and across restarts.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('notification')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('recipient_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('actor_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('object_id', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('read_at', 'text')
    .execute();
  await db.schema.createIndex('notification_recipient_idx').on('notification').columns(['recipient_id', 'created_at']).execute();
  await db.schema.createIndex('notification_actor_idx').on('notification').column('actor_id').execute();

  await db.schema
    .createTable('digest_delivery')
    .addColumn('recipient_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('week', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('digest_delivery_pk', ['recipient_id', 'week'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('digest_delivery').execute();
  await db.schema.dropTable('notification').execute();
}
