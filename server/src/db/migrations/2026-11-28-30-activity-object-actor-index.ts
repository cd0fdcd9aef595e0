import type { Kysely } from 'kysely';

/**
 * A rating's feed row is found by (album, person) on every rating write: with the actor in the object index that is
 * one probe, where the actor index read every row of a busy person. Same number of indexes, so no dearer writes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('activity_object_actor_idx').on('activity').columns(['object_type', 'object_id', 'actor_id']).execute();
  await db.schema.dropIndex('activity_object_idx').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('activity_object_idx').on('activity').columns(['object_type', 'object_id']).execute();
  await db.schema.dropIndex('activity_object_actor_idx').execute();
}
