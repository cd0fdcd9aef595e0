import type { Insertable, Selectable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { DB } from '../../platform/db/index.ts';
import { LISTEN_TRACK_COLUMNS } from './listens.repository.ts';

/* What the ListenBrainz-compatible API reads of the listens module's tables (decision 072). */

export type ListenRow = Pick<
  Selectable<Database['listen']>,
  | 'listened_at'
  | 'track_name'
  | 'artist_name'
  | 'release_name'
  | 'duration_ms'
  | 'recording_mbid'
  | 'release_mbid'
  | 'release_group_mbid'
  | 'artist_mbids'
  | 'additional_info'
  | 'created_at'
>;
export type NowPlayingRow = Selectable<Database['now_playing']>;

/**
 * A page of a person's listens, newest first. `after` alone gives the listens just after it (the oldest of them last),
 * as a client walking forward through the history expects; both bounds are exclusive.
 */
export async function listensOf(db: DB, userId: string, range: { after: number | null; before: number | null; count: number }) {
  let query = db
    .selectFrom('listen')
    .select([...LISTEN_TRACK_COLUMNS, 'created_at'])
    .where('user_id', '=', userId);
  if (range.after !== null) query = query.where('listened_at', '>', range.after);
  if (range.before !== null) query = query.where('listened_at', '<', range.before);
  const forward = range.after !== null && range.before === null;
  const rows = await query
    .orderBy('listened_at', forward ? 'asc' : 'desc')
    .orderBy('track_name', forward ? 'asc' : 'desc')
    .limit(range.count)
    .execute();
  return forward ? rows.reverse() : rows;
}

/** The person's newest and oldest listen moments (0s when none): two ends of the (user, moment) index. */
export async function listenSpan(db: DB, userId: string): Promise<{ latest: number; oldest: number }> {
  const row = await db
    .selectFrom('listen')
    .select((eb) => [eb.fn.max('listened_at').as('latest'), eb.fn.min('listened_at').as('oldest')])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { latest: Number(row?.latest ?? 0), oldest: Number(row?.oldest ?? 0) };
}

/** How many listens the person has. */
export async function listenCount(db: DB, userId: string): Promise<number> {
  const row = await db
    .selectFrom('listen')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** What plays now for the person replaces what played before. */
export async function putNowPlaying(db: DB, row: Insertable<Database['now_playing']>): Promise<void> {
  const { user_id: _userId, ...changes } = row;
  await db
    .insertInto('now_playing')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doUpdateSet(changes))
    .execute();
}

/** What plays now for the person, unless it has run out by `now` (an ISO time). */
export async function nowPlayingOf(db: DB, userId: string, now: string): Promise<NowPlayingRow | undefined> {
  return db.selectFrom('now_playing').selectAll().where('user_id', '=', userId).where('expires_at', '>', now).executeTakeFirst();
}
