import type { Kysely } from 'kysely';

/** Who follows whom. The profile counters (followers_count, following_count) change with these rows. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('follow')
    .addColumn('follower_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('followee_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('follow_pk', ['follower_id', 'followee_id'])
    .execute();
  await db.schema.createIndex('follow_followee_idx').on('follow').columns(['followee_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('follow').execute();
}
