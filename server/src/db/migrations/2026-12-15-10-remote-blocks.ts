import type { Kysely } from 'kysely';

/**
 * A member's blocks of people of other sites (decision 068): kept by the federation module beside the people it knows
 * of, since a remote person has no row in `user` for the blocks module's table to point at.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('remote_block')
    .addColumn('local_user_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('remote_actor_id', 'text', (col) => col.notNull().references('remote_actor.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('remote_block_pk', ['local_user_id', 'remote_actor_id'])
    .execute();
  await db.schema.createIndex('remote_block_actor_idx').on('remote_block').column('remote_actor_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('remote_block').execute();
}
