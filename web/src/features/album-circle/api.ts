import type { QueryClient } from '@tanstack/react-query';
import { endpointQuery } from '../../shared/lib/api-client.ts';
import { favouritesEndpoints } from '../../shared/lib/endpoints.ts';
import { ensure } from '../../shared/lib/route-data.ts';

/** What an album page shows around the album: the first lists containing it, and the people you follow who rated it. */
export const albumCircleQueryOptions = (albumId: string) => endpointQuery(favouritesEndpoints.albumCircle, { params: { albumId } });

/** Every list containing an album that you may see, a page at a time. */
export const albumListsQueryOptions = (albumId: string, page: number) =>
  endpointQuery(favouritesEndpoints.albumLists, { params: { albumId }, query: { page, limit: 24 } });

/** Part of the album route's data, beside the album's reviews. */
export const prefetchAlbumCircle = (client: QueryClient, albumId: string) => ensure(client, albumCircleQueryOptions(albumId));
