import type { Insertable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { DB } from '../../platform/db/index.ts';

/** What a listen says of its track and moment: the columns every reader that gives listens back in full selects. */
export const LISTEN_TRACK_COLUMNS = [
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
] as const;

export type NewListen = Insertable<Database['listen']>;

/**
 * Rows per statement: 17 columns each keeps a statement under SQLite's limit of bound values, and a batch is one
 * round trip on PostgreSQL.
 */
const ROWS_PER_STATEMENT = 500;

/**
 * Adds listens, leaving out any the person has already (the same moment and track): the number added. Safe to repeat,
 * which is what makes a second import of the same history add nothing.
 */
export async function insertListens(db: DB, rows: readonly NewListen[]): Promise<number> {
  let added = 0;
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const result = await db
      .insertInto('listen')
      .values(rows.slice(start, start + ROWS_PER_STATEMENT))
      .onConflict((oc) => oc.columns(['user_id', 'listened_at', 'track_name']).doNothing())
      .executeTakeFirst();
    added += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return added;
}

/** What matching needs of a listen not matched yet. */
export type NewListenRow = Awaited<ReturnType<typeof newListens>>[number];

/** Up to `limit` of the person's listens not tried yet against the catalog. */
export async function newListens(db: DB, userId: string, limit: number) {
  return db
    .selectFrom('listen')
    .select(['id', 'listened_at', 'artist_name', 'release_name', 'release_mbid', 'release_group_mbid'])
    .where('match_state', '=', 'new')
    .where('user_id', '=', userId)
    .limit(limit)
    .execute();
}

export async function hasNewListens(db: DB, userId: string): Promise<boolean> {
  const row = await db.selectFrom('listen').select('id').where('match_state', '=', 'new').where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

/** Ids per statement: within SQLite's limit of bound values. */
const IDS_PER_STATEMENT = 900;

/** Marks listens matched to the album (`albumId`), or unmatched (null), by id (the primary key finds each at once). */
export async function setMatch(db: DB, albumId: string | null, ids: readonly string[]): Promise<void> {
  for (let start = 0; start < ids.length; start += IDS_PER_STATEMENT) {
    await db
      .updateTable('listen')
      .set({ album_id: albumId, match_state: albumId === null ? 'unmatched' : 'matched' })
      .where('id', 'in', ids.slice(start, start + IDS_PER_STATEMENT))
      .execute();
  }
}

/** The moment of the person's matched listen nearest `edge` within `from`..`to` (inclusive), towards `edge`: null if none. */
export async function matchedListenNear(db: DB, userId: string, from: number, to: number, edge: 'earliest' | 'latest') {
  const row = await db
    .selectFrom('listen')
    .select('listened_at')
    .where('user_id', '=', userId)
    .where('listened_at', '>=', from)
    .where('listened_at', '<=', to)
    .where('album_id', 'is not', null)
    .orderBy('listened_at', edge === 'earliest' ? 'asc' : 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.listened_at) : null;
}

/** The person's matched listens up to `to`, after (`at`, `id`), in order of time: a page of the roll-up's walk. */
export async function matchedListensAfter(db: DB, userId: string, after: { at: number; id: string }, to: number, limit: number) {
  const rows = await db
    .selectFrom('listen')
    .select(['id', 'listened_at', 'album_id', 'track_name', 'duration_ms'])
    .where('user_id', '=', userId)
    .where('album_id', 'is not', null)
    // The range on its own as well, so that the person-and-time index starts there rather than at the beginning.
    .where('listened_at', '>=', after.at)
    .where('listened_at', '<=', to)
    .where((eb) => eb.or([eb('listened_at', '>', after.at), eb('id', '>', after.id)]))
    .orderBy('listened_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, listened_at: Number(row.listened_at), album_id: row.album_id! }));
}

/** A page of the person's listens, newest first, before the listen (`at`, `id`) when given. */
export async function listensBefore(db: DB, userId: string, before: { at: number; id: string } | null, limit: number) {
  let query = db
    .selectFrom('listen')
    .select([
      'id',
      'listened_at',
      'track_name',
      'artist_name',
      'release_name',
      'duration_ms',
      'client',
      'origin',
      'album_id',
      'match_state',
    ])
    .where('user_id', '=', userId);
  if (before) {
    query = query.where('listened_at', '<=', before.at).where((eb) => eb.or([eb('listened_at', '<', before.at), eb('id', '<', before.id)]));
  }
  const rows = await query.orderBy('listened_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map((row) => ({ ...row, listened_at: Number(row.listened_at) }));
}

export async function deleteOwnListen(db: DB, userId: string, listenId: string): Promise<boolean> {
  const result = await db.deleteFrom('listen').where('id', '=', listenId).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
