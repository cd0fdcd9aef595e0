import { sql, type Kysely } from 'kysely';

/**
 * A person's collection count is shown to strangers (search cards), so it counts public collections only: a
 * private one must not be noticed anywhere but by its owner.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('profile').renameColumn('collections_count', 'public_collections_count').execute();
  await sql`update profile set public_collections_count = (
    select count(*) from collection where collection.user_id = profile.user_id and collection.is_private = ${sql.lit(0)}
  )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('profile').renameColumn('public_collections_count', 'collections_count').execute();
  await sql`update profile set collections_count = (select count(*) from collection where collection.user_id = profile.user_id)`.execute(
    db,
  );
}
