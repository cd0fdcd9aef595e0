import { sql, type Kysely } from 'kysely';

/**
 * Forwarding to a member's own ListenBrainz account (decision 076). One row per member who connected one:
 * `token_encrypted` is their user token sealed with a key derived from the site's secret (never stored as given);
 * `forwarded_through_at`/`forwarded_through_id` is the last listen sent, in the order listens were received
 * (`created_at`, `id`), so that forwarding resumes after it. `job_id` names the job forwarding now (at most one per
 * member); `wanted_seq` grows with each new batch of listens, so a job that found nothing to send can tell that more
 * came while it looked.
 *
 * `listen_forwarding_idx`: a member's listens from players, in the order they were received; imports never add to it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('listenbrainz_link')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('api_root', 'text', (col) => col.notNull())
    .addColumn('token_encrypted', 'text', (col) => col.notNull())
    .addColumn('remote_user_name', 'text', (col) => col.notNull())
    .addColumn('forward_enabled', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('forwarded_through_at', 'text', (col) => col.notNull())
    .addColumn('forwarded_through_id', 'text', (col) => col.notNull())
    .addColumn('forwarded_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_forwarded_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('last_error_at', 'text')
    .addColumn('failures', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('job_id', 'text')
    .addColumn('wanted_seq', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('listen_forwarding_idx')
    .on('listen')
    .columns(['user_id', 'created_at', 'id'])
    .where(sql.ref('origin'), '=', 'api')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('listen_forwarding_idx').execute();
  await db.schema.dropTable('listenbrainz_link').execute();
}
