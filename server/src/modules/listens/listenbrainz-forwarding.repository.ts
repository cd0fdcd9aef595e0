import { sql, type Insertable, type Selectable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { DB } from '../../platform/db/index.ts';

export type LinkRow = Selectable<Database['listenbrainz_link']>;
/** A place in a member's listens from players, in the order they were received. */
export interface ForwardMark {
  at: string;
  id: string;
}

export async function findLink(db: DB, userId: string): Promise<LinkRow | undefined> {
  return db.selectFrom('listenbrainz_link').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** A new link, or a changed token of one already there (its place in the listens is kept: what waited is sent). */
export async function saveLink(db: DB, row: Insertable<Database['listenbrainz_link']>): Promise<void> {
  await db
    .insertInto('listenbrainz_link')
    .values(row)
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        api_root: row.api_root,
        token_encrypted: row.token_encrypted,
        remote_user_name: row.remote_user_name,
        forward_enabled: 1,
        last_error: null,
        last_error_at: null,
        failures: 0,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

export async function deleteLink(db: DB, userId: string): Promise<boolean> {
  const result = await db.deleteFrom('listenbrainz_link').where('user_id', '=', userId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** New listens are waiting: false when the member forwards nothing. */
export async function markWanted(db: DB, userId: string): Promise<boolean> {
  const result = await db
    .updateTable('listenbrainz_link')
    .set((eb) => ({ wanted_seq: eb('wanted_seq', '+', 1) }))
    .where('user_id', '=', userId)
    .where('forward_enabled', '=', 1)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Makes `jobId` the member's forwarding job, unless one is at it already. */
export async function claimJob(db: DB, userId: string, jobId: string): Promise<boolean> {
  const result = await db
    .updateTable('listenbrainz_link')
    .set({ job_id: jobId })
    .where('user_id', '=', userId)
    .where('forward_enabled', '=', 1)
    .where('job_id', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The job lets go, unless more listens came since it read `wantedSeq` (then it looks again). */
export async function releaseJob(db: DB, userId: string, jobId: string, wantedSeq: number): Promise<boolean> {
  const result = await db
    .updateTable('listenbrainz_link')
    .set({ job_id: null })
    .where('user_id', '=', userId)
    .where('job_id', '=', jobId)
    .where('wanted_seq', '=', wantedSeq)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Forwarding handed from one job to the one that tries again later, with why. */
export async function handOver(db: DB, userId: string, fromJob: string, toJob: string, error: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('listenbrainz_link')
    .set((eb) => ({ job_id: toJob, last_error: error, last_error_at: now, failures: eb('failures', '+', 1), updated_at: now }))
    .where('user_id', '=', userId)
    .where('job_id', '=', fromJob)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Forwarding stops until the member acts (a refused token): the job lets go and the reason is shown. */
export async function stopForwarding(db: DB, userId: string, jobId: string, error: string, now: string): Promise<void> {
  await db
    .updateTable('listenbrainz_link')
    .set({ forward_enabled: 0, job_id: null, last_error: error, last_error_at: now, updated_at: now })
    .where('user_id', '=', userId)
    .where('job_id', '=', jobId)
    .execute();
}

/** The job lets go whatever happened (it failed for good); the next listens start another. */
export async function abandonJob(db: DB, userId: string, jobId: string, error: string, now: string): Promise<void> {
  await db
    .updateTable('listenbrainz_link')
    .set({ job_id: null, last_error: error, last_error_at: now, updated_at: now })
    .where('user_id', '=', userId)
    .where('job_id', '=', jobId)
    .execute();
}

/** Listens up to `through` were sent (`sent` of them accepted; `error` when some were refused). */
export async function advance(
  db: DB,
  userId: string,
  jobId: string,
  through: ForwardMark,
  sent: number,
  error: string | null,
  now: string,
): Promise<void> {
  await db
    .updateTable('listenbrainz_link')
    .set((eb) => ({
      forwarded_through_at: through.at,
      forwarded_through_id: through.id,
      forwarded_count: eb('forwarded_count', '+', sent),
      ...(sent > 0 ? { last_forwarded_at: now } : {}),
      ...(error ? { last_error: error, last_error_at: now } : sent > 0 ? { last_error: null, last_error_at: null } : {}),
      failures: 0,
      updated_at: now,
    }))
    .where('user_id', '=', userId)
    .where('job_id', '=', jobId)
    .execute();
}

/** The member's listens from players received after `after`, oldest first (the partial index `listen_forwarding_idx`). */
export async function listensAfter(db: DB, userId: string, after: ForwardMark, limit: number) {
  return db
    .selectFrom('listen')
    .select([
      'id',
      'created_at',
      'listened_at',
      'track_name',
      'artist_name',
      'release_name',
      'duration_ms',
      'recording_mbid',
      'release_mbid',
      'release_group_mbid',
      'artist_mbids',
      'additional_info',
    ])
    .where('user_id', '=', userId)
    .where('origin', '=', sql.lit('api'))
    .where((eb) => eb.or([eb('created_at', '>', after.at), eb.and([eb('created_at', '=', after.at), eb('id', '>', after.id)])]))
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export type ForwardedListenRow = Awaited<ReturnType<typeof listensAfter>>[number];
