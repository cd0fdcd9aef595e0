import type { Kysely } from 'kysely';

/**
 * A comment may answer another (one level: a reply to a reply joins its thread). `parent_id` names the thread's first
 * comment; deleting that comment leaves its replies as comments of their own (set null), so nothing else is lost.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('review_comment')
    .addColumn('parent_id', 'text', (col) => col.references('review_comment.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('review_comment_parent_idx').on('review_comment').column('parent_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('review_comment_parent_idx').execute();
  await db.schema.alterTable('review_comment').dropColumn('parent_id').execute();
}
