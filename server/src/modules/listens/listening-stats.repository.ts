import { sql, type Expression, type SqlBool } from 'kysely';
import type { DB } from '../../platform/db/index.ts';

/** Whole seconds since 1970: the first moment in, the first moment out. */
export interface SecondsRange {
  from: number;
  to: number;
}

/** A member's listens in a range: a range of the `(user_id, listened_at)` index. */
const inRange = (db: DB, userId: string, range: SecondsRange) =>
  db.selectFrom('listen').where('user_id', '=', userId).where('listened_at', '>=', range.from).where('listened_at', '<', range.to);

/** How many listens, and the length of those whose player gave one. */
export async function totals(db: DB, userId: string, range: SecondsRange) {
  const row = await inRange(db, userId, range)
    .select((eb) => [eb.fn.countAll().as('listens'), eb.fn.count('duration_ms').as('timed'), eb.fn.sum('duration_ms').as('timed_ms')])
    .executeTakeFirstOrThrow();
  return { listens: Number(row.listens), timed: Number(row.timed), timedMs: Number(row.timed_ms ?? 0) };
}

/** Listens without a length that are matched to an album: how many of each track name of each album. */
export async function untimedMatched(db: DB, userId: string, range: SecondsRange) {
  const rows = await inRange(db, userId, range)
    .select((eb) => ['album_id', 'track_name', eb.fn.countAll().as('listens')])
    .where('duration_ms', 'is', null)
    .where('album_id', 'is not', null)
    .groupBy(['album_id', 'track_name'])
    .execute();
  return rows.map((row) => ({ albumId: row.album_id!, trackName: row.track_name, listens: Number(row.listens) }));
}

/** The albums played most (among those `listed` lets through), most listens first. */
export async function topAlbums(
  db: DB,
  userId: string,
  range: SecondsRange,
  limit: number,
  listed: (column: string) => Expression<SqlBool>,
) {
  const rows = await inRange(db, userId, range)
    .select((eb) => ['album_id', eb.fn.countAll().as('listens')])
    .where('album_id', 'is not', null)
    .where(listed('listen.album_id'))
    .groupBy('album_id')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('album_id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ albumId: row.album_id!, listens: Number(row.listens) }));
}

/**
 * The artists played most, by the name the players gave, letter case aside; each shown as most of its listens spell it
 * (ties: the first in code-point order, the same on both databases).
 */
export async function topArtists(db: DB, userId: string, range: SecondsRange, limit: number) {
  const top = await inRange(db, userId, range)
    .select((eb) => [sql<string>`lower(artist_name)`.as('artist_key'), eb.fn.countAll().as('listens')])
    .groupBy(sql`lower(artist_name)`)
    .orderBy(sql`count(*)`, 'desc')
    .orderBy(sql`lower(artist_name)`)
    .limit(limit)
    .execute();
  if (top.length === 0) return [];
  const spellings = await inRange(db, userId, range)
    .select((eb) => [sql<string>`lower(artist_name)`.as('artist_key'), 'artist_name', eb.fn.countAll().as('listens')])
    .where(
      sql`lower(artist_name)`,
      'in',
      top.map((row) => row.artist_key),
    )
    .groupBy('artist_name')
    .execute();
  const shown = new Map<string, { name: string; listens: number }>();
  for (const row of spellings) {
    const listens = Number(row.listens);
    const best = shown.get(row.artist_key);
    if (!best || listens > best.listens || (listens === best.listens && row.artist_name < best.name)) {
      shown.set(row.artist_key, { name: row.artist_name, listens });
    }
  }
  return top.map((row) => ({ name: shown.get(row.artist_key)?.name ?? row.artist_key, listens: Number(row.listens) }));
}
