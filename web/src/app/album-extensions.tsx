import { deferred } from '../shared/lib/deferred.tsx';
import type { AlbumExtensions } from '../shared/lib/album-extensions.tsx';

/**
 * The parts other features contribute to the album page (see shared/lib/album-extensions.tsx). Each loads with
 * its own code when an album page first shows it, so the editor and its friends are not in every page's bundle.
 */
export const albumExtensions: AlbumExtensions = {
  actions: [
    deferred('add-to-collection', () =>
      import('../features/collections/add-to-collection.tsx').then((module) => module.AddToCollectionAction),
    ),
    deferred('log-listen', () => import('../features/journal/log-listen-action.tsx').then((module) => module.LogListenAction)),
    deferred('suggest-correction', () =>
      import('../features/curation/suggest-correction-action.tsx').then((module) => module.SuggestCorrectionAction),
    ),
  ],
  reviews: deferred('album-reviews', () => import('../features/reviews/album-reviews.tsx').then((module) => module.AlbumReviews)),
  asides: [
    deferred('genres', () => import('../features/genres/taxonomy-page.tsx').then((module) => module.AlbumGenresPanel)),
    deferred('album-circle', () => import('../features/album-circle/album-circle.tsx').then((module) => module.AlbumCircle)),
  ],
};
