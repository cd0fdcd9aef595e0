import type { ReleaseType } from '@hearsay/contracts/catalog';
import type { DB } from '../../platform/db/index.ts';
import { newId } from '../../platform/ids.ts';
import { matchKey, slugify } from '../../platform/text.ts';
import { indexDocuments } from '../search/search.repository.ts';
import * as repository from './catalog.repository.ts';
import { classifyGenres, GENRE_DEFINITIONS } from './genre-taxonomy.ts';
import { creditText, sortName, yearOf, type Credit } from './normalise.ts';

/** An album ready to enter the catalog, already normalised by whoever read it. */
export interface CatalogEntry {
  title: string;
  credits: Credit[];
  releaseDate: string | null;
  releaseType: ReleaseType;
  /** Source genre and style labels (Discogs vocabulary); classified into our genres on the way in. */
  rawGenres: string[];
  label: string | null;
  description: string | null;
  mbid: string | null;
  /** MusicBrainz ids of the credited artists, in credit order, where known. */
  artistMbids: (string | null)[];
  discogsMasterId: number | null;
  tracks: { disc: number; position: number; title: string; durationMs: number | null }[];
  source: 'catalog' | 'musicbrainz' | 'import';
}

export interface AddResult {
  added: number;
  existing: number;
  /** Album ids in the order of the entries given (existing albums keep their id). */
  albumIds: string[];
}

export function albumMatchKey(artistCredit: string, title: string): string {
  return `${matchKey(artistCredit)}|${matchKey(title)}`;
}

/**
 * Adds albums that are not in the catalog yet; an album already there (same MusicBrainz id, same
 * Discogs master, or same artist, title and year) is left untouched, so loading twice changes nothing.
 * Everything is written in one transaction, in batches.
 */
export async function addCatalogEntries(db: DB, entries: readonly CatalogEntry[], now: string): Promise<AddResult> {
  return db.transaction().execute(async (trx) => {
    const genreIds = await ensureGenres(trx, entries, now);
    const known = await repository.loadCatalogIndex(trx);
    const newArtists: repository.NewArtist[] = [];
    const newAlbums: repository.NewAlbumBundle[] = [];
    const albumIds: string[] = [];
    let existing = 0;

    for (const entry of entries) {
      const artistCredit = creditText(entry.credits);
      const year = yearOf(entry.releaseDate);
      const key = albumMatchKey(artistCredit, entry.title);
      const found =
        (entry.mbid && known.albumByMbid.get(entry.mbid)) ||
        (entry.discogsMasterId !== null && known.albumByDiscogs.get(entry.discogsMasterId)) ||
        known.albumByKeyYear.get(`${key}|${year ?? ''}`);
      if (found) {
        existing++;
        albumIds.push(found);
        continue;
      }

      const credits = entry.credits.map((credit, position) => {
        const artistMbid = entry.artistMbids[position] ?? null;
        const artistKey = matchKey(credit.name);
        let artistId = (artistMbid && known.artistByMbid.get(artistMbid)) || known.artistByKey.get(artistKey);
        if (!artistId) {
          artistId = newId();
          const slug = uniqueSlug(slugify(credit.name), known.artistSlugs);
          newArtists.push({
            id: artistId,
            slug,
            name: credit.name,
            sort_name: sortName(credit.name),
            match_key: artistKey,
            mbid: artistMbid,
            created_at: now,
            updated_at: now,
          });
          known.artistByKey.set(artistKey, artistId);
          if (artistMbid) known.artistByMbid.set(artistMbid, artistId);
        }
        return { artistId, position, creditedName: credit.name, joinPhrase: credit.joinPhrase };
      });

      const albumId = newId();
      const { genres, styles } = classifyGenres(entry.rawGenres, year);
      const genreSlugs = [...genres, ...styles].map((name) => slugify(name));
      newAlbums.push({
        album: {
          id: albumId,
          slug: uniqueSlug(slugify(`${artistCredit} ${entry.title}`), known.albumSlugs, year),
          title: entry.title,
          artist_credit: artistCredit,
          match_key: key,
          release_date: entry.releaseDate,
          release_year: year,
          release_type: entry.releaseType,
          label: entry.label,
          description: entry.description,
          mbid: entry.mbid,
          discogs_master_id: entry.discogsMasterId,
          source: entry.source,
          created_at: now,
          updated_at: now,
        },
        credits,
        genreIds: [...new Set(genreSlugs.map((slug) => genreIds.get(slug)).filter((id): id is string => !!id))],
        tracks: entry.tracks,
      });
      albumIds.push(albumId);
      if (entry.mbid) known.albumByMbid.set(entry.mbid, albumId);
      if (entry.discogsMasterId !== null) known.albumByDiscogs.set(entry.discogsMasterId, albumId);
      known.albumByKeyYear.set(`${key}|${year ?? ''}`, albumId);
    }

    await repository.insertArtists(trx, newArtists);
    await repository.insertAlbumBundles(trx, newAlbums, newId);
    // The search index is written in the same transaction, so a search never misses a catalog row.
    await indexDocuments(trx, [
      ...newAlbums.map(({ album }) => ({ kind: 'album' as const, refId: album.id, text: `${album.title} ${album.artist_credit}` })),
      ...newArtists.map((artist) => ({ kind: 'artist' as const, refId: artist.id, text: artist.name })),
    ]);
    return { added: newAlbums.length, existing, albumIds };
  });
}

/** Creates every browsable genre and every style the entries use; returns slug -> id for all genres. */
async function ensureGenres(db: DB, entries: readonly CatalogEntry[], now: string): Promise<Map<string, string>> {
  const existing = await repository.listGenreIds(db);
  const toInsert: repository.NewGenre[] = [];
  for (const definition of GENRE_DEFINITIONS) {
    const slug = slugify(definition.name);
    if (existing.has(slug)) continue;
    const id = newId();
    existing.set(slug, id);
    toInsert.push({ id, slug, name: definition.name, kind: 'genre', parent_id: null, rule: definition.rule ?? null, created_at: now });
  }
  for (const entry of entries) {
    const { genres, styles } = classifyGenres(entry.rawGenres, yearOf(entry.releaseDate));
    for (const style of styles) {
      const slug = slugify(style);
      if (existing.has(slug)) continue;
      const id = newId();
      existing.set(slug, id);
      const parent = genres[0] ? (existing.get(slugify(genres[0])) ?? null) : null;
      toInsert.push({ id, slug, name: style, kind: 'style', parent_id: parent, rule: null, created_at: now });
    }
  }
  await repository.insertGenres(db, toInsert);
  return existing;
}

function uniqueSlug(base: string, taken: Set<string>, year?: number | null): string {
  let slug = base;
  if (taken.has(slug) && year) slug = `${base}-${year}`;
  for (let suffix = 2; taken.has(slug); suffix++) slug = `${base}-${suffix}`;
  taken.add(slug);
  return slug;
}
