import type { ListeningPeriod } from '@hearsay/contracts/listening-stats';
import type { MyRatingsQuery } from '@hearsay/contracts/ratings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpointQuery } from '../../shared/lib/api-client.ts';
import { favouritesEndpoints, listeningStatsEndpoints, profilesEndpoints } from '../../shared/lib/endpoints.ts';

export const profileQueryOptions = (username: string) => endpointQuery(profilesEndpoints.profile, { params: { username } });

export type RatingsFilter = Pick<MyRatingsQuery, 'sort' | 'page'> & Partial<Pick<MyRatingsQuery, 'genre' | 'decade' | 'minRating'>>;

export const profileRatingsQueryOptions = (username: string, filter: RatingsFilter, limit = 24) =>
  endpointQuery(profilesEndpoints.ratings, { params: { username }, query: { ...filter, limit } });

export const topTracksQueryOptions = (username: string, page: number) =>
  endpointQuery(profilesEndpoints.topTracks, { params: { username }, query: { page, limit: 10 } });

export const distributionQueryOptions = (username: string) => endpointQuery(profilesEndpoints.ratingDistribution, { params: { username } });

export const profileCollectionsQueryOptions = (username: string, page: number) =>
  endpointQuery(profilesEndpoints.collections, { params: { username }, query: { page, limit: 24 } });

export const peopleQueryOptions = (username: string, direction: 'followers' | 'following', page: number) =>
  endpointQuery(profilesEndpoints[direction], { params: { username }, query: { page, limit: 24 } });

export const compatibilityQueryOptions = (username: string) => endpointQuery(profilesEndpoints.compatibility, { params: { username } });

export const listeningStatsQueryOptions = (username: string, period: ListeningPeriod) =>
  endpointQuery(listeningStatsEndpoints.stats, { params: { username }, query: { period } });

/** A member's favourite albums, in their order (decision 082). */
export const favouriteAlbumsQueryOptions = (username: string) =>
  endpointQuery(favouritesEndpoints.favouriteAlbums, { params: { username } });

/**
 * Saves your whole choice of favourite albums; its answer is what your profile shows, under your username and `me`.
 * Whatever else shows favourites is fetched again.
 */
export function useSetFavouriteAlbums(username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (albumIds: string[]) => call(favouritesEndpoints.setFavouriteAlbums, { body: { albumIds } }),
    onSuccess: (answer) => {
      for (const name of [username, 'me']) queryClient.setQueryData(favouriteAlbumsQueryOptions(name).queryKey, answer);
    },
  });
}
