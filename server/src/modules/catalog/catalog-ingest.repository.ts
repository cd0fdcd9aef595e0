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
  albumSlugs: Set<string>;
  /** Pending album id -> the member whose import added it. */
  pendingAlbums: Map<string, string | null>;
  artistByMbid: Map<string, string>;
  /** Artists by the key of their name or of an alias (names first). */
  artistByKey: Map<string, string>;
  artistSlugs: Set<string>;
}

/** Everything needed to tell whether an album or artist is already in the catalog, in one pass. */
export async function loadCatalogIndex(db: DB): Promise<CatalogIndex> {
  const albums = await db
    .selectFrom('album')
    .select(['id', 'slug', 'mbid', 'discogs_master_id', 'match_key', 'release_year', 'status', 'created_by'])
    .execute();
  const artists = await db.selectFrom('artist').select(['id', 'slug', 'mbid', 'match_key']).execute();
  const index: CatalogIndex = {
    albumByMbid: new Map(),
    albumByDiscogs: new Map(),
    albumByKeyYear: new Map(),
    albumSourceIds: new Map(),
    albumSlugs: new Set(),
    pendingAlbums: new Map(),
    artistByMbid: new Map(),
    artistByKey: new Map(),
    artistSlugs: new Set(),
  };
  for (const album of albums) {
    index.albumSlugs.add(album.slug);
    if (album.mbid) index.albumByMbid.set(album.mbid, album.id);
    if (album.discogs_master_id !== null) index.albumByDiscogs.set(album.discogs_master_id, album.id);
    index.albumByKeyYear.set(`${album.match_key}|${album.release_year ?? ''}`, album.id);
    if (album.mbid || album.discogs_master_id !== null)
      index.albumSourceIds.set(album.id, { mbid: album.mbid, discogs: album.discogs_master_id });
    if (album.status === 'pending') index.pendingAlbums.set(album.id, album.created_by);
  }
  for (const artist of artists) {
    index.artistSlugs.add(artist.slug);
    if (artist.mbid) index.artistByMbid.set(artist.mbid, artist.id);
    if (!index.artistByKey.has(artist.match_key)) index.artistByKey.set(artist.match_key, artist.id);
  }
  const aliases = await db.selectFrom('artist_alias').select(['artist_id', 'match_key']).execute();
  for (const alias of aliases) if (!index.artistByKey.has(alias.match_key)) index.artistByKey.set(alias.match_key, alias.artist_id);
  return index;
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
  /** Leaves out albums this member's own import added: they confirm nothing by finding them again. */
  exceptAddedBy?: string;
}

/** Marks the pending albums among `ids` confirmed; returns those it changed. */
export async function confirmAlbums(db: DB, ids: readonly string[], confirmation: Confirmation) {
  const confirmed: { id: string; title: string; artist_credit: string }[] = [];
  for (let start = 0; start < ids.length; start += BATCH) {
    let query = db
      .updateTable('album')
      .set({ status: 'confirmed', confirmed_at: confirmation.now, confirmed_by: confirmation.by, updated_at: confirmation.now })
      .where('id', 'in', ids.slice(start, start + BATCH))
      .where('status', '=', 'pending');
    const member = confirmation.exceptAddedBy;
    if (member !== undefined) query = query.where((eb) => eb.or([eb('created_by', 'is', null), eb('created_by', '<>', member)]));
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
