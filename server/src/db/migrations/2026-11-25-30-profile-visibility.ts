import type { Kysely } from 'kysely';

/**
 * Profile visibility (Settings → Privacy): public, followers only or private. A follow of a profile that is not
 * public waits as a request until its owner approves it; approved follows are ordinary rows of `follow`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('profile')
    .addColumn('visibility', 'text', (col) => col.notNull().defaultTo('public'))
    .execute();
  // "Whose content may this viewer not see" reads the profiles that are not public.
  await db.schema.createIndex('profile_visibility_idx').on('profile').columns(['visibility', 'user_id']).execute();
  await db.schema
    .createTable('follow_request')
    .addColumn('requester_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('target_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('follow_request_pk', ['requester_id', 'target_id'])
    .execute();
  await db.schema.createIndex('follow_request_target_idx').on('follow_request').columns(['target_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('follow_request').execute();
  await db.schema.dropIndex('profile_visibility_idx').execute();
  await db.schema.alterTable('profile').dropColumn('visibility').execute();
}
