import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import type { DB } from '../../platform/db/index.ts';
import { addCatalogEntries, type AddResult, type CatalogEntry } from './catalog-writer.ts';
import { fixTitleCase, releaseTypeOf, splitArtistCredit } from './normalise.ts';

/** The starter catalog shipped with Hearsay (see server/catalog/SOURCES.md for provenance and licences). */
const STARTER_CATALOG_FILE = new URL('../../../catalog/albums.json', import.meta.url);

const StarterAlbumSchema = z.object({
  title: z.string().min(1),
  artist: z.string().min(1),
  releaseDate: z.string().nullable(),
  type: z.string(),
  genres: z.array(z.string()),
  label: z.string().nullable(),
  tracks: z.array(
    z.object({ position: z.number().int(), disc: z.number().int().optional(), title: z.string(), durationMs: z.number().int().nullable() }),
  ),
  mbid: z.string().nullable(),
  artistMbid: z.string().nullable(),
  discogsMasterId: z.number().int().nullable(),
});
type StarterAlbum = z.infer<typeof StarterAlbumSchema>;

function starterEntry(record: StarterAlbum): CatalogEntry {
  // Records matched to MusicBrainz carry MusicBrainz spelling; the rest carry Discogs Title Case.
  const fromMusicBrainz = record.mbid !== null;
  const title = fromMusicBrainz ? record.title : fixTitleCase(record.title);
  const credits = splitArtistCredit(record.artist).map((credit) =>
    fromMusicBrainz ? credit : { ...credit, name: fixTitleCase(credit.name) },
  );
  return {
    title,
    credits,
    releaseDate: record.releaseDate,
    releaseType: releaseTypeOf(record.type, title, record.genres),
    rawGenres: record.genres,
    label: record.label,
    description: null,
    mbid: record.mbid,
    artistMbids: credits.map((_, index) => (index === 0 ? record.artistMbid : null)),
    discogsMasterId: record.discogsMasterId,
    tracks: record.tracks.map((track) => ({
      disc: track.disc ?? 1,
      position: track.position,
      title: track.title,
      durationMs: track.durationMs,
    })),
    source: 'catalog',
  };
}

async function readStarterCatalog(file: URL | string = STARTER_CATALOG_FILE): Promise<CatalogEntry[]> {
  const records = z.array(StarterAlbumSchema).parse(JSON.parse(await readFile(file, 'utf8')));
  return records.map(starterEntry);
}

/** Loads the starter catalog; albums already present are left as they are. */
export async function loadStarterCatalog(db: DB, now: string, file?: URL | string): Promise<AddResult> {
  return addCatalogEntries(db, await readStarterCatalog(file), now);
}
