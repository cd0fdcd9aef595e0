import type { Expression, SqlBool } from 'kysely';
import type { DB } from '../../platform/db/index.ts';

/** How listens from players are told from imported ones (`listen.origin`). */
const FROM_PLAYER = 'api';

/**
 * A person's latest listen sent by a player. Newest by when it was played, so the (person, moment) index is read from
 * its end and the statement stops at the first player's listen, however long the history.
 */
export function lastPlayerListen(db: DB, userId: string) {
  return db
    .selectFrom('listen')
    .select(['listened_at', 'track_name', 'artist_name', 'release_name', 'client'])
    .where('user_id', '=', userId)
    .where('origin', '=', FROM_PLAYER)
    .orderBy('listened_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** What the person's player says is playing, unless it has run out. */
export function currentlyPlaying(db: DB, userId: string, now: string) {
  return db
    .selectFrom('now_playing')
    .select(['track_name', 'artist_name', 'release_name', 'client', 'started_at'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/**
 * The person's listens in all, and those played since the moment (seconds), each counted up to `cap`: the page asking
 * comes back every few seconds, and a history of a million listens would take a scan of all of them each time.
 */
export async function listenCounts(db: DB, userId: string, since: number, cap: number): Promise<{ total: number; recent: number }> {
  const capped = (query: ReturnType<typeof personListens>) =>
    db
      .selectFrom(query.select('id').limit(cap).as('counted'))
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirstOrThrow();
  const [total, recent] = await Promise.all([
    capped(personListens(db, userId)),
    capped(personListens(db, userId).where('listened_at', '>=', since)),
  ]);
  return { total: Number(total.count), recent: Number(recent.count) };
}

const personListens = (db: DB, userId: string) => db.selectFrom('listen').where('user_id', '=', userId);

/**
 * The albums of the person's listens since the moment (seconds) that pass `albumCondition` (the ratings module's "not
 * rated by", on `listen.album_id`), with the tracks played of each and the latest: the most recently played first.
 */
export async function playedAlbums(
  db: DB,
  userId: string,
  since: number,
  albumCondition: (albumColumn: string) => Expression<SqlBool>,
  limit: number,
): Promise<{ album_id: string; plays: number; last_played: number }[]> {
  const rows = await db
    .selectFrom('listen')
    .select((eb) => [
      eb.ref('album_id').$notNull().as('album_id'),
      eb.fn.countAll().as('plays'),
      eb.fn.max('listened_at').as('last_played'),
    ])
    .where('user_id', '=', userId)
    .where('listened_at', '>=', since)
    .where('album_id', 'is not', null)
    .where(albumCondition('listen.album_id'))
    .groupBy('album_id')
    .orderBy('last_played', 'desc')
    .orderBy('plays', 'desc')
    .orderBy('album_id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ album_id: row.album_id, plays: Number(row.plays), last_played: Number(row.last_played) }));
}
