import type { DB } from '../../platform/db/index.ts';
import * as repository from './album-matching.repository.ts';
import { splitArtistCredit } from './normalise.ts';
import { trackLengths } from './track-lengths.repository.ts';

/** Where an import (the imports module) finds its albums and artists in the catalog, by the keys the catalog writes. */
export function createCatalogMatching(db: DB) {
  return {
    albumsByMatchKey: (keys: readonly string[]) => repository.albumsByMatchKey(db, keys),
    albumsByTitleKey: (keys: readonly string[]) => repository.albumsByTitleKey(db, keys),
    artistNamesByKey: (keys: readonly string[]) => repository.artistNamesByKey(db, keys),
    albumsByIds: (ids: readonly string[]) => repository.albumsByIds(db, ids),
    albumsByMbid: (mbids: readonly string[]) => repository.albumsByMbid(db, mbids),
    trackCounts: (albumIds: readonly string[]) => repository.trackCounts(db, albumIds),
    /** The artists a credit as written names ("Lou Reed & Metallica"), as the catalog splits one. */
    splitArtistCredit,
    /** The lengths of these albums' tracks, by title: listening time for listens whose player gave none. */
    trackLengths: (albumIds: readonly string[]) => trackLengths(db, albumIds),
  };
}
