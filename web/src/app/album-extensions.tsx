import { AddToCollectionAction } from '../features/collections/add-to-collection.tsx';
import { AlbumReviews } from '../features/reviews/album-reviews.tsx';
import type { AlbumExtensions } from '../shared/lib/album-extensions.tsx';
import { LogListenAction } from '../features/journal/log-listen-action.tsx';

/** The parts other features contribute to the album page (see shared/lib/album-extensions.tsx). */
export const albumExtensions: AlbumExtensions = {
  actions: [AddToCollectionAction, LogListenAction],
  reviews: AlbumReviews,
};
