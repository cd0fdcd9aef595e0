import type { Kysely } from 'kysely';

/**
 * A journal entry made from a member's listens (decision 073) carries the span of the listening session it stands
 * for, in whole seconds since 1970: the first and last listen of that album in the session. An entry logged by hand
 * has neither. A later roll-up that finds a session overlapping an entry's span knows the entry is there already, so
 * a re-run, or listens arriving late, never add the same listen twice.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('journal_entry').addColumn('listen_session_start', 'bigint').execute();
  await db.schema.alterTable('journal_entry').addColumn('listen_session_end', 'bigint').execute();
  await db.schema
    .createIndex('journal_entry_listen_session_idx')
    .on('journal_entry')
    .columns(['user_id', 'album_id', 'listen_session_start'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('journal_entry_listen_session_idx').execute();
  await db.schema.alterTable('journal_entry').dropColumn('listen_session_end').execute();
  await db.schema.alterTable('journal_entry').dropColumn('listen_session_start').execute();
}
