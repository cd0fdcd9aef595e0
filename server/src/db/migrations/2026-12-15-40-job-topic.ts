import type { Kysely } from 'kysely';

/**
 * What a job is about, for counting jobs by it: federation's inbox and delivery jobs carry the remote server's host,
 * so one server's share of the queue is bounded (its activities are refused while it has too many waiting) and its
 * failed deliveries are listed for the operators.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('job').addColumn('topic', 'text').execute();
  await db.schema.createIndex('job_kind_topic_idx').on('job').columns(['kind', 'topic', 'state']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('job_kind_topic_idx').execute();
  await db.schema.alterTable('job').dropColumn('topic').execute();
}
