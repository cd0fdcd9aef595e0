import { prefetchAlbumCircle } from '../features/album-circle/api.ts';
import { AlbumPage, prefetchAlbum } from '../features/catalog/album-page.tsx';
import { albumVotesOptions } from '../features/genres/api.ts';
import { prefetchAlbumReviews } from '../features/reviews/api.ts';
import { ensure, queryLoader } from '../shared/lib/route-data.ts';

/**
 * /album/{id}: the album's page, whose data is the album's and what its reviews section and side column show first.
 * Those belong to their features: composed here, as the sections are (album-extensions.tsx), and loaded with the page.
 */
export const Component = AlbumPage;

export const loader = queryLoader((args) =>
  prefetchAlbum(args, (album) =>
    Promise.all([
      prefetchAlbumReviews(args.client, album.id, args.signedIn),
      prefetchAlbumCircle(args.client, album.id),
      ensure(args.client, albumVotesOptions(album.slug)),
    ]),
  ),
);
