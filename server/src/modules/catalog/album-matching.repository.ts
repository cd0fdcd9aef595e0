import type { DB } from '../../platform/db/index.ts';

/** Where an import looks for its albums and artists in the catalog: by match keys, ids and MusicBrainz ids. */

/** Albums whose "artist|title" key is one of `keys`, with their year and whether they wait for confirmation. */
export async function albumsByMatchKey(db: DB, keys: readonly string[]) {
  if (!keys.length) return [];
  return db
    .selectFrom('album')
    .select(['id', 'match_key', 'release_year', 'status', 'created_by'])
    .where('match_key', 'in', [...keys])
    .execute();
}

/**
 * Albums whose title, without parenthesised or bracketed parts, has one of these keys: where an album is looked for
 * when its artist is credited differently ("Bowie", "David Bowie") or its title has a subtitle on one side only.
 */
export async function albumsByTitleKey(db: DB, keys: readonly string[]) {
  if (!keys.length) return [];
  return db
    .selectFrom('album')
    .select(['id', 'title_key', 'artist_credit', 'release_year', 'status', 'created_by'])
    .where('title_key', 'in', [...keys])
    .execute();
}

/** Artists already in the catalog under one of these match keys, by name or alias: key -> name as the catalog writes it. */
export async function artistNamesByKey(db: DB, keys: readonly string[]): Promise<Map<string, string>> {
  if (!keys.length) return new Map();
  const aliases = await db
    .selectFrom('artist_alias')
    .innerJoin('artist', 'artist.id', 'artist_alias.artist_id')
    .select(['artist_alias.match_key', 'artist.name'])
    .where('artist_alias.match_key', 'in', [...keys])
    .execute();
  const rows = await db
    .selectFrom('artist')
    .select(['match_key', 'name'])
    .where('match_key', 'in', [...keys])
    .execute();
  return new Map([...aliases, ...rows].map((row) => [row.match_key, row.name]));
}

/** Albums of these ids, with their title's key: an export from another site may name an id that is another album here. */
export async function albumsByIds(db: DB, ids: readonly string[]) {
  if (!ids.length) return [];
  return db
    .selectFrom('album')
    .select(['id', 'title_key'])
    .where('id', 'in', [...ids])
    .execute();
}

/** Albums of these MusicBrainz release-group ids. */
export async function albumsByMbid(db: DB, mbids: readonly string[]) {
  if (!mbids.length) return [];
  return db
    .selectFrom('album')
    .select(['id', 'mbid'])
    .where('mbid', 'in', [...mbids])
    .orderBy('created_at')
    .execute();
}

/** How many tracks the catalog lists for each of these albums (albums without a tracklist are left out). */
export async function trackCounts(db: DB, albumIds: readonly string[]): Promise<Map<string, number>> {
  if (!albumIds.length) return new Map();
  const rows = await db
    .selectFrom('track')
    .select(['album_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('album_id', 'in', [...albumIds])
    .groupBy('album_id')
    .execute();
  return new Map(rows.map((row) => [row.album_id, Number(row.count)]));
}
