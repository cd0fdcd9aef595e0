import type { ReleaseType } from '@hearsay/contracts/catalog';
import type { DB } from '../src/platform/db/index.ts';
import { addCatalogEntries } from '../src/modules/catalog/catalog-writer.ts';
import { splitArtistCredit } from '../src/modules/catalog/normalise.ts';

let sequence = 0;
const next = () => ++sequence;

export interface AlbumOverrides {
  title?: string;
  artist?: string;
  releaseDate?: string | null;
  releaseType?: ReleaseType;
  genres?: string[];
  label?: string | null;
  mbid?: string | null;
  tracks?: { disc?: number; position: number; title: string; durationMs?: number | null }[];
}

/** Inserts a real album (creating its artists and genres when missing) and returns its id. */
export async function buildAlbum(db: DB, overrides: AlbumOverrides = {}): Promise<string> {
  const n = next();
  const credits = splitArtistCredit(overrides.artist ?? `Test Artist ${n}`);
  const result = await addCatalogEntries(
    db,
    [
      {
        title: overrides.title ?? `Test Album ${n}`,
        credits,
        releaseDate: overrides.releaseDate === undefined ? '2001' : overrides.releaseDate,
        releaseType: overrides.releaseType ?? 'album',
        rawGenres: overrides.genres ?? ['Rock', 'Indie Rock'],
        label: overrides.label ?? null,
        description: null,
        mbid: overrides.mbid ?? null,
        artistMbids: credits.map(() => null),
        discogsMasterId: null,
        tracks: (overrides.tracks ?? []).map((track) => ({
          disc: track.disc ?? 1,
          position: track.position,
          title: track.title,
          durationMs: track.durationMs ?? null,
        })),
        source: 'catalog',
      },
    ],
    new Date().toISOString(),
  );
  const id = result.albumIds[0];
  if (!id) throw new Error('album was not created');
  return id;
}
