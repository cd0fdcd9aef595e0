import type { AlbumDetail } from '@hearsay/contracts/catalog';
import { createContext, use, type ComponentType } from 'react';

export interface AlbumExtensionProps {
  album: AlbumDetail;
}

export interface AlbumReviewsProps extends AlbumExtensionProps {
  /** Whether the "Write a Review" modal is open: "Rate & Review" in the album's header opens it too. */
  writing: boolean;
  onWritingChange: (open: boolean) => void;
}

/**
 * What other features add to the album page without the catalog feature importing them (features never import
 * each other): the app layer provides these components, the album page renders them in place.
 */
export interface AlbumExtensions {
  /** Extra buttons in the album's action row (e.g. "Add to Collection"). */
  actions: ComponentType<AlbumExtensionProps>[];
  /** The reviews section under the tracklist. */
  reviews: ComponentType<AlbumReviewsProps> | null;
  /** Sections in the side column, under the rating distribution (the voted genres and descriptors, lists containing it, people you follow who rated it). */
  asides: ComponentType<AlbumExtensionProps>[];
}

const AlbumExtensionsContext = createContext<AlbumExtensions>({ actions: [], reviews: null, asides: [] });

export const AlbumExtensionsProvider = AlbumExtensionsContext.Provider;

export function useAlbumExtensions(): AlbumExtensions {
  return use(AlbumExtensionsContext);
}
