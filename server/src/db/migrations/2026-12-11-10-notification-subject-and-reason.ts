import type { Kysely } from 'kysely';

/**
 * A moderator's decision is told to the author of what was hidden or deleted: the notification keeps what it was
 * about (`subject`: the album a review or comment was on, or the collection's name) and the moderator's reason, since
 * deleted content is no longer there to be read.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notification').addColumn('subject', 'text').execute();
  await db.schema.alterTable('notification').addColumn('reason', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notification').dropColumn('reason').execute();
  await db.schema.alterTable('notification').dropColumn('subject').execute();
}
