import { paths } from '@hearsay/contracts/paths';
import type { CatalogStatus } from '../../db/schema.ts';
import { moveAlbumRows, restoreAlbumRows, type AlbumMergeParticipant, type MovedRows } from '../../platform/db/album-merge.ts';
import type { DB } from '../../platform/db/index.ts';
import { titleMatchKey } from '../../platform/text.ts';
import * as counters from './album-counters.repository.ts';
import * as repository from './album-merges.repository.ts';
import type { CatalogContext } from './catalog-context.ts';
import { albumMatchKey } from './catalog-writer.ts';

/** A correction of one field, as the catalog writes it. */
export type AlbumCorrection =
  | { field: 'title'; value: string }
  | { field: 'artist_credit'; value: string }
  | { field: 'year'; value: number | null }
  | { field: 'release_type'; value: string };

/**
 * The catalog's side of keeping it clean (decision 080): the album merged away keeps its row, out of every list and
 * search, its address pointing at the survivor; the counters the merge's participants count again; the albums the
 * duplicates job compares; members' accepted corrections written to the album.
 */
export function createCatalogCuration(context: CatalogContext) {
  const { db } = context;

  const albumMerge: AlbumMergeParticipant = {
    name: 'catalog',
    async merge(step) {
      const [retired] = await repository.albumsForCuration(step.trx, [step.retiredId]);
      const moved = await Promise.all(repository.CATALOG_MERGED_ROWS.map((spec) => moveAlbumRows(step, spec)));
      await repository.retireAlbum(step.trx, step.retiredId, step.survivorId, step.now);
      return { status: retired?.status ?? 'confirmed', moved };
    },
    async undo(step, saved) {
      const { status, moved } = saved as { status: CatalogStatus; moved: MovedRows[] };
      await repository.reinstateAlbum(step.trx, step.retiredId, status, step.now);
      for (const spec of repository.CATALOG_MERGED_ROWS) {
        const own = moved.find((rows) => rows.table === spec.table);
        if (own) await restoreAlbumRows(step, spec, own);
      }
    },
  };

  async function correctAlbum(albumId: string, correction: AlbumCorrection, now: string, executor: DB = db) {
    const [album] = await repository.albumsForCuration(executor, [albumId]);
    if (!album) return;
    switch (correction.field) {
      case 'title':
        await repository.correctAlbum(
          executor,
          albumId,
          {
            title: correction.value,
            title_key: titleMatchKey(correction.value),
            match_key: albumMatchKey(album.artist_credit, correction.value),
          },
          now,
        );
        break;
      case 'artist_credit':
        await repository.correctAlbum(
          executor,
          albumId,
          { artist_credit: correction.value, match_key: albumMatchKey(correction.value, album.title) },
          now,
        );
        break;
      case 'year':
        await repository.correctAlbum(
          executor,
          albumId,
          { release_year: correction.value, release_date: correction.value === null ? null : String(correction.value) },
          now,
        );
        break;
      case 'release_type':
        await repository.correctAlbum(executor, albumId, { release_type: correction.value }, now);
        break;
    }
    context.invalidateAlbum(albumId);
  }

  return {
    /** The catalog's participant in album merges; the other modules' are listed with it in services.ts. */
    albumMerge,
    /** Counters written again from the rows a merge moved (decision 065: the catalog writes them for their owners). */
    writeRatingTotals: counters.writeRatingTotals,
    writeAlbumCounter: counters.writeAlbumCounter,
    albumsForCuration: (ids: readonly string[], executor: DB = db) => repository.albumsForCuration(executor, ids),
    mergedTarget: (ref: string) => repository.mergedTarget(db, ref),
    /** The page of the survivor for the page of an album merged into it (`/album/:ref`); null for any other address. */
    async movedPage(path: string): Promise<string | null> {
      const ref = /^\/album\/([^/]+)\/?$/.exec(path)?.[1];
      if (!ref) return null;
      const target = await repository.mergedTarget(db, ref);
      return target ? paths.album(target.slug) : null;
    },
    duplicateCandidates: () => repository.duplicateCandidates(db),
    sameReleaseGroup: () => repository.sameReleaseGroup(db),
    correctAlbum,
  };
}
