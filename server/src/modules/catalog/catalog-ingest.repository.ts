import type { Insertable } from 'kysely';
import type { AlbumConfirmation, Database } from '../../db/schema.ts';
import type { DB } from '../../platform/db/index.ts';

/**
 * What the catalog writer reads and writes as albums come in (the starter catalog, MusicBrainz, imports): the index
 * that tells a known album or artist from a new one, the inserts in batches, and the confirmation of pending albums.
 */

export type NewArtist = Insertable<Database['artist']>;
export type NewGenre = Insertable<Database['genre']>;

export interface NewAlbumBundle {
  album: Insertable<Database['album']>;
  credits: { artistId: string; position: number; creditedName: string; joinPhrase: string }[];
  genreIds: string[];
  tracks: { disc: number; position: number; title: string; durationMs: number | null }[];
}

const BATCH = 400;

async function insertInBatches<T>(rows: readonly T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) await insert(rows.slice(start, start + BATCH));
}

export interface CatalogIndex {
  albumByMbid: Map<string, string>;
  albumByDiscogs: Map<number, string>;
  albumByKeyYear: Map<string, string>;
  /** Album id -> its MusicBrainz id and Discogs master, where known: two different ones are two albums. */
  albumSourceIds: Map<string, { mbid: string | null; discogs: number | null }>;
  /** Pending album id -> the member whose import added it. */
  pendingAlbums: Map<string, string | null>;
  artistByMbid: Map<string, string>;
  /** Artists by the key of their name or of an alias (names first). */
  artistByKey: Map<string, string>;
}

/** What a batch of entries may find in the catalog: the keys the catalog writer looks albums and artists up by. */
export interface CatalogLookup {
  albumMbids: string[];
  discogsMasterIds: number[];
  albumMatchKeys: string[];
  artistMbids: string[];
  /** The keys of the credited names and of their aliases. */
  artistKeys: string[];
}

/** Keys per statement: well under every engine's limit on bound values. */
const KEYS = 500;
/** Numbered slugs (`-2`, `-3` …) looked up at a time, for a slug already taken. */
const SLUG_WINDOW = 8;

async function inChunks<K, R>(keys: readonly K[], read: (chunk: K[]) => Promise<R[]>): Promise<R[]> {
  const unique = [...new Set(keys)];
  const rows: R[] = [];
  for (let start = 0; start < unique.length; start += KEYS) rows.push(...(await read(unique.slice(start, start + KEYS))));
  return rows;
}

/**
 * The part of the catalog a batch of entries can meet: the albums and artists sharing one of their keys, read by index
 * (decision 051). Reading the whole catalog instead made adding one album cost as much as reading every album, for
 * every album added from MusicBrainz and every import step that adds one.
 */
export async function loadCatalogIndex(db: DB, lookup: CatalogLookup): Promise<CatalogIndex> {
  const albumColumns = ['id', 'mbid', 'discogs_master_id', 'match_key', 'release_year', 'status', 'created_by', 'created_at'] as const;
  const found = [
    ...(await inChunks(lookup.albumMbids, (chunk) => db.selectFrom('album').select(albumColumns).where('mbid', 'in', chunk).execute())),
    ...(await inChunks(lookup.discogsMasterIds, (chunk) =>
      db.selectFrom('album').select(albumColumns).where('discogs_master_id', 'in', chunk).execute(),
    )),
    ...(await inChunks(lookup.albumMatchKeys, (chunk) =>
      db.selectFrom('album').select(albumColumns).where('match_key', 'in', chunk).execute(),
    )),
  ];
  const albums = new Map(found.map((album) => [album.id, album]));
  const artistColumns = ['id', 'mbid', 'match_key', 'created_at'] as const;
  const artists = [
    ...(await inChunks(lookup.artistMbids, (chunk) => db.selectFrom('artist').select(artistColumns).where('mbid', 'in', chunk).execute())),
    ...(await inChunks(lookup.artistKeys, (chunk) =>
      db.selectFrom('artist').select(artistColumns).where('match_key', 'in', chunk).execute(),
    )),
  ];
  const aliases = await inChunks(lookup.artistKeys, (chunk) =>
    db.selectFrom('artist_alias').select(['artist_id', 'match_key']).where('match_key', 'in', chunk).orderBy('artist_id').execute(),
  );
  const index: CatalogIndex = {
    albumByMbid: new Map(),
    albumByDiscogs: new Map(),
    albumByKeyYear: new Map(),
    albumSourceIds: new Map(),
    pendingAlbums: new Map(),
    artistByMbid: new Map(),
    artistByKey: new Map(),
  };
  // Oldest first, so that of two albums (or artists) sharing a key the first added is the one found.
  const oldestFirst = <T extends { id: string; created_at: string }>(rows: Iterable<T>) =>
    [...rows].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
  for (const album of oldestFirst(albums.values())) {
    if (album.mbid) index.albumByMbid.set(album.mbid, album.id);
    if (album.discogs_master_id !== null) index.albumByDiscogs.set(album.discogs_master_id, album.id);
    const keyYear = `${album.match_key}|${album.release_year ?? ''}`;
    if (!index.albumByKeyYear.has(keyYear)) index.albumByKeyYear.set(keyYear, album.id);
    if (album.mbid || album.discogs_master_id !== null)
      index.albumSourceIds.set(album.id, { mbid: album.mbid, discogs: album.discogs_master_id });
    if (album.status === 'pending') index.pendingAlbums.set(album.id, album.created_by);
  }
  for (const artist of oldestFirst(new Map(artists.map((artist) => [artist.id, artist])).values())) {
    if (artist.mbid) index.artistByMbid.set(artist.mbid, artist.id);
    if (!index.artistByKey.has(artist.match_key)) index.artistByKey.set(artist.match_key, artist.id);
  }
  for (const alias of aliases) if (!index.artistByKey.has(alias.match_key)) index.artistByKey.set(alias.match_key, alias.artist_id);
  return index;
}

async function existingSlugs(db: DB, table: 'album' | 'artist', slugs: readonly string[]): Promise<string[]> {
  const rows = await inChunks(slugs, (chunk) =>
    table === 'album'
      ? db.selectFrom('album').select('slug').where('slug', 'in', chunk).execute()
      : db.selectFrom('artist').select('slug').where('slug', 'in', chunk).execute(),
  );
  return rows.map((row) => row.slug);
}

/**
 * The slugs taken among those new rows could take (the writer's `uniqueSlug`: the base, then `base-year`, then
 * `base-2`, `base-3` …). Where those two are taken, or a base is wanted more than once, numbered slugs are looked up
 * until there are as many free ones as it is wanted, so every slug the writer can pick has been checked.
 */
export async function takenSlugs(
  db: DB,
  table: 'album' | 'artist',
  wanted: readonly { base: string; year: number | null }[],
): Promise<Set<string>> {
  const byBase = new Map<string, (number | null)[]>();
  for (const { base, year } of wanted) byBase.set(base, [...(byBase.get(base) ?? []), year]);
  const first = wanted.flatMap(({ base, year }) => (year ? [base, `${base}-${year}`] : [base]));
  const taken = new Set(await existingSlugs(db, table, first));
  for (const [base, years] of byBase) {
    const [year] = years;
    if (years.length === 1 && (!taken.has(base) || (year && !taken.has(`${base}-${year}`)))) continue;
    for (let from = 2, free = 0; free < years.length; from += SLUG_WINDOW) {
      const numbered = Array.from({ length: SLUG_WINDOW }, (_, offset) => `${base}-${from + offset}`);
      const existing = await existingSlugs(db, table, numbered);
      for (const slug of existing) taken.add(slug);
      free += SLUG_WINDOW - existing.length;
    }
  }
  return taken;
}

export async function listGenreIds(db: DB): Promise<Map<string, string>> {
  const rows = await db.selectFrom('genre').select(['id', 'slug']).execute();
  return new Map(rows.map((row) => [row.slug, row.id]));
}

export async function insertGenres(db: DB, genres: readonly NewGenre[]): Promise<void> {
  await insertInBatches(genres, (batch) => db.insertInto('genre').values(batch).execute());
}

export async function insertArtists(db: DB, artists: readonly NewArtist[]): Promise<void> {
  await insertInBatches(artists, (batch) => db.insertInto('artist').values(batch).execute());
}

export async function insertAlbumBundles(db: DB, bundles: readonly NewAlbumBundle[], newTrackId: () => string): Promise<void> {
  await insertInBatches(bundles, async (batch) => {
    await db
      .insertInto('album')
      .values(batch.map((bundle) => bundle.album))
      .execute();
    const credits = batch.flatMap((bundle) =>
      bundle.credits.map((credit) => ({
        album_id: bundle.album.id,
        artist_id: credit.artistId,
        position: credit.position,
        credited_name: credit.creditedName,
        join_phrase: credit.joinPhrase,
      })),
    );
    await insertInBatches(credits, (rows) => db.insertInto('album_artist').values(rows).execute());
    const genres = batch.flatMap((bundle) =>
      bundle.genreIds.map((genreId, position) => ({ album_id: bundle.album.id, genre_id: genreId, position })),
    );
    await insertInBatches(genres, (rows) => db.insertInto('album_genre').values(rows).execute());
    const tracks = batch.flatMap((bundle) =>
      bundle.tracks.map((track) => ({
        id: newTrackId(),
        album_id: bundle.album.id,
        disc: track.disc,
        position: track.position,
        title: track.title,
        duration_ms: track.durationMs,
      })),
    );
    await insertInBatches(tracks, (rows) => db.insertInto('track').values(rows).execute());
  });
}

export interface Confirmation {
  by: AlbumConfirmation;
  now: string;
}

/** The pending albums among these ids. */
export async function pendingAmong(db: DB, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  const found: string[] = [];
  for (let start = 0; start < unique.length; start += KEYS) {
    const rows = await db
      .selectFrom('album')
      .select('id')
      .where('id', 'in', unique.slice(start, start + KEYS))
      .where('status', '=', 'pending')
      .execute();
    found.push(...rows.map((row) => row.id));
  }
  return found;
}

/** Marks the pending albums among `ids` confirmed; returns those it changed. */
export async function confirmAlbums(db: DB, ids: readonly string[], confirmation: Confirmation) {
  const confirmed: { id: string; title: string; artist_credit: string }[] = [];
  for (let start = 0; start < ids.length; start += BATCH) {
    const query = db
      .updateTable('album')
      .set({ status: 'confirmed', confirmed_at: confirmation.now, confirmed_by: confirmation.by, updated_at: confirmation.now })
      .where('id', 'in', ids.slice(start, start + BATCH))
      .where('status', '=', 'pending');
    confirmed.push(...(await query.returning(['id', 'title', 'artist_credit']).execute()));
  }
  return confirmed;
}

/** Marks the pending artists credited on these albums confirmed; returns those it changed. */
export async function confirmArtistsOf(db: DB, albumIds: readonly string[], now: string) {
  const confirmed: { id: string; name: string }[] = [];
  for (let start = 0; start < albumIds.length; start += BATCH) {
    const credited = db
      .selectFrom('album_artist')
      .select('artist_id')
      .where('album_id', 'in', albumIds.slice(start, start + BATCH));
    confirmed.push(
      ...(await db
        .updateTable('artist')
        .set({ status: 'confirmed', updated_at: now })
        .where('status', '=', 'pending')
        .where('id', 'in', credited)
        .returning(['id', 'name'])
        .execute()),
    );
  }
  return confirmed;
}

export type NewArtistAlias = Insertable<Database['artist_alias']>;

/** The credited artists of these albums, in credit order. */
export async function creditsOfAlbums(db: DB, albumIds: readonly string[]) {
  if (!albumIds.length) return [];
  return db
    .selectFrom('album_artist')
    .select(['album_id', 'artist_id', 'position'])
    .where('album_id', 'in', [...albumIds])
    .orderBy('album_id')
    .orderBy('position')
    .execute();
}

/** These artists with their status and every key they are known by (their name's and their aliases'). */
export async function artistsWithKeys(db: DB, artistIds: readonly string[]) {
  if (!artistIds.length) return new Map<string, { status: string; keys: Set<string> }>();
  const artists = await db
    .selectFrom('artist')
    .select(['id', 'status', 'match_key'])
    .where('id', 'in', [...artistIds])
    .execute();
  const aliases = await db
    .selectFrom('artist_alias')
    .select(['artist_id', 'match_key'])
    .where('artist_id', 'in', [...artistIds])
    .execute();
  const found = new Map(artists.map((artist) => [artist.id, { status: artist.status as string, keys: new Set([artist.match_key]) }]));
  for (const alias of aliases) found.get(alias.artist_id)?.keys.add(alias.match_key);
  return found;
}

export async function insertArtistAliases(db: DB, aliases: readonly NewArtistAlias[]): Promise<void> {
  await insertInBatches(aliases, (batch) =>
    db
      .insertInto('artist_alias')
      .values(batch)
      .onConflict((oc) => oc.columns(['artist_id', 'match_key']).doNothing())
      .execute(),
  );
}

/** Artist id -> its aliases' names, for the search index. */
export async function aliasNamesOf(db: DB, artistIds: readonly string[]): Promise<Map<string, string[]>> {
  const names = new Map<string, string[]>();
  for (let start = 0; start < artistIds.length; start += BATCH) {
    const rows = await db
      .selectFrom('artist_alias')
      .select(['artist_id', 'name'])
      .where('artist_id', 'in', artistIds.slice(start, start + BATCH))
      .orderBy('name')
      .execute();
    for (const row of rows) names.set(row.artist_id, [...(names.get(row.artist_id) ?? []), row.name]);
  }
  return names;
}

/** The confirmed artists among these ids, with their names. */
export async function confirmedArtists(db: DB, artistIds: readonly string[]) {
  if (!artistIds.length) return [];
  return db
    .selectFrom('artist')
    .select(['id', 'name'])
    .where('id', 'in', [...artistIds])
    .where('status', '=', 'confirmed')
    .execute();
}
