import type { CatalogStatus } from '../../db/schema.ts';
import type { AlbumRows } from '../../platform/db/album-merge.ts';
import type { DB } from '../../platform/db/index.ts';
import { indexDocuments, removeDocuments } from '../../platform/db/search-index.ts';

/** The catalog's own album-keyed rows that follow a merged album: members' finds of it (decision 058). */
export const CATALOG_MERGED_ROWS: readonly AlbumRows[] = [
  { table: 'album_vouch', album: 'album_id', key: ['user_id'], onePer: ['user_id'], newer: 'created_at' },
];

/** What a merge and a duplicate pair show of an album. */
export async function albumsForCuration(db: DB, ids: readonly string[]) {
  if (!ids.length) return [];
  return db
    .selectFrom('album')
    .select([
      'id',
      'slug',
      'title',
      'artist_credit',
      'release_year',
      'release_type',
      'mbid',
      'status',
      'merged_into',
      'rating_count',
      'cover_status',
    ])
    .where('id', 'in', ids)
    .execute();
}

/** The album merged away: out of every list and search (they read `confirmed` albums), its address pointing at the survivor. */
export async function retireAlbum(db: DB, retiredId: string, survivorId: string, now: string): Promise<void> {
  await db.updateTable('album').set({ status: 'merged', merged_into: survivorId, updated_at: now }).where('id', '=', retiredId).execute();
  await removeDocuments(db, 'album', [retiredId]);
}

/** An undone merge: the album as it was, back in search when it was confirmed. */
export async function reinstateAlbum(db: DB, albumId: string, status: CatalogStatus, now: string): Promise<void> {
  const album = await db
    .updateTable('album')
    .set({ status, merged_into: null, updated_at: now })
    .where('id', '=', albumId)
    .returning(['id', 'title', 'artist_credit'])
    .executeTakeFirst();
  if (album && status === 'confirmed') {
    await indexDocuments(db, [{ kind: 'album', refId: album.id, text: `${album.title} ${album.artist_credit}` }]);
  }
}

/** The album an address of a merged album now names (following merges of merges), or null when it names none merged. */
export async function mergedTarget(db: DB, ref: string): Promise<{ id: string; slug: string } | null> {
  let row = await db
    .selectFrom('album')
    .select(['id', 'slug', 'merged_into'])
    .where((eb) => eb.or([eb('id', '=', ref), eb('slug', '=', ref)]))
    .where('status', '=', 'merged')
    .executeTakeFirst();
  if (!row) return null;
  for (let hops = 0; row?.merged_into && hops < 10; hops++) {
    row = await db.selectFrom('album').select(['id', 'slug', 'merged_into']).where('id', '=', row.merged_into).executeTakeFirst();
  }
  return row ? { id: row.id, slug: row.slug } : null;
}

/** What enrichment records of an album whose MusicBrainz release group another album holds (the duplicates job reads it). */
export const heldByAnother = (albumId: string) => `The catalog has this release group as album ${albumId}.`;
const HELD_BY = /^The catalog has this release group as album (\S+)\.$/;

/** Pairs of albums of one MusicBrainz release group: one holds its id, enrichment found the other to be it too. */
export async function sameReleaseGroup(db: DB): Promise<[string, string][]> {
  const rows = await db
    .selectFrom('album_enrichment')
    .innerJoin('album', 'album.id', 'album_enrichment.album_id')
    .select(['album_enrichment.album_id', 'album_enrichment.detail'])
    .where('album_enrichment.outcome', '=', 'ambiguous')
    .where('album_enrichment.detail', 'like', 'The catalog has this release group as album %')
    .where('album.status', 'in', ['confirmed', 'pending'])
    .execute();
  return rows.flatMap((row) => {
    const other = HELD_BY.exec(row.detail ?? '')?.[1];
    return other ? [[row.album_id, other] as [string, string]] : [];
  });
}

/**
 * Albums that may be the same as another (the duplicates job): those whose titles key alike (platform/text.ts `titleMatchKey`), each with the keys its artists are known by (names and aliases).
 */
export async function duplicateCandidates(db: DB) {
  const live = ['confirmed', 'pending'] as const;
  const sharedTitles = db
    .selectFrom('album')
    .select('title_key')
    .where('status', 'in', live)
    .where('rejected_at', 'is', null)
    .groupBy('title_key')
    .having((eb) => eb.fn.countAll(), '>', 1);
  const albums = await db
    .selectFrom('album')
    .select(['id', 'mbid', 'title_key', 'release_year', 'artist_credit'])
    .where('status', 'in', live)
    .where('rejected_at', 'is', null)
    .where('title_key', 'in', sharedTitles)
    .execute();
  const ids = albums.map((album) => album.id);
  const artistKeys = new Map<string, Set<string>>();
  for (let at = 0; at < ids.length; at += 500) {
    const chunk = ids.slice(at, at + 500);
    const names = await db
      .selectFrom('album_artist')
      .innerJoin('artist', 'artist.id', 'album_artist.artist_id')
      .leftJoin('artist_alias', 'artist_alias.artist_id', 'artist.id')
      .select(['album_artist.album_id', 'artist.match_key', 'artist_alias.match_key as alias_key'])
      .where('album_artist.album_id', 'in', chunk)
      .execute();
    for (const name of names) {
      const keys = artistKeys.get(name.album_id) ?? new Set<string>();
      keys.add(name.match_key);
      if (name.alias_key) keys.add(name.alias_key);
      artistKeys.set(name.album_id, keys);
    }
  }
  return albums.map((album) => ({ ...album, artistKeys: artistKeys.get(album.id) ?? new Set<string>() }));
}

/** A member's accepted correction, written to the album: the keys it is matched and found by follow its title and credit. */
export async function correctAlbum(
  db: DB,
  albumId: string,
  changes: {
    title?: string;
    title_key?: string;
    match_key?: string;
    artist_credit?: string;
    release_year?: number | null;
    release_date?: string | null;
    release_type?: string;
  },
  now: string,
): Promise<void> {
  const album = await db
    .updateTable('album')
    .set({ ...changes, updated_at: now })
    .where('id', '=', albumId)
    .returning(['id', 'title', 'artist_credit', 'status'])
    .executeTakeFirst();
  if (album && album.status === 'confirmed' && (changes.title !== undefined || changes.artist_credit !== undefined)) {
    await removeDocuments(db, 'album', [album.id]);
    await indexDocuments(db, [{ kind: 'album', refId: album.id, text: `${album.title} ${album.artist_credit}` }]);
  }
}
