import type { DB } from '../../platform/db/index.ts';
import * as repository from './album-matching.repository.ts';

/** Where an import (the imports module) finds its albums and artists in the catalog, by the keys the catalog writes. */
export function createCatalogMatching(db: DB) {
  return {
    albumsByMatchKey: (keys: readonly string[]) => repository.albumsByMatchKey(db, keys),
    albumsByTitleKey: (keys: readonly string[]) => repository.albumsByTitleKey(db, keys),
    artistNamesByKey: (keys: readonly string[]) => repository.artistNamesByKey(db, keys),
    albumsByIds: (ids: readonly string[]) => repository.albumsByIds(db, ids),
    albumsByMbid: (mbids: readonly string[]) => repository.albumsByMbid(db, mbids),
  };
}
