import { CollectionPageSchema } from '@hearsay/contracts/collections';
import { FollowStateSchema, PersonPageSchema, ProfileSchema, RatingDistributionSchema } from '@hearsay/contracts/profiles';
import { MyRatingsPageSchema } from '@hearsay/contracts/ratings';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, queryString } from '../../shared/lib/api-client.ts';

const base = (username: string) => `/api/users/${encodeURIComponent(username)}`;

export const profileQueryOptions = (username: string) =>
  queryOptions({ queryKey: ['profile', username], queryFn: ({ signal }) => api(base(username), { schema: ProfileSchema, signal }) });

export interface RatingsFilter {
  genre?: string;
  decade?: number;
  minRating?: number;
  sort: 'date' | 'rating' | 'release' | 'title';
  page: number;
}

export const profileRatingsQueryOptions = (username: string, filter: RatingsFilter, limit = 24) =>
  queryOptions({
    queryKey: ['profile', username, 'ratings', filter, limit],
    queryFn: ({ signal }) => api(`${base(username)}/ratings${queryString({ ...filter, limit })}`, { schema: MyRatingsPageSchema, signal }),
  });

export const distributionQueryOptions = (username: string) =>
  queryOptions({
    queryKey: ['profile', username, 'distribution'],
    queryFn: ({ signal }) => api(`${base(username)}/rating-distribution`, { schema: RatingDistributionSchema, signal }),
  });

export const profileCollectionsQueryOptions = (username: string, page: number) =>
  queryOptions({
    queryKey: ['profile', username, 'collections', page],
    queryFn: ({ signal }) => api(`${base(username)}/collections?page=${page}&limit=24`, { schema: CollectionPageSchema, signal }),
  });

export const peopleQueryOptions = (username: string, direction: 'followers' | 'following', page: number) =>
  queryOptions({
    queryKey: ['profile', username, direction, page],
    queryFn: ({ signal }) => api(`${base(username)}/${direction}?page=${page}&limit=24`, { schema: PersonPageSchema, signal }),
  });

/** Follow or unfollow; every profile shown refreshes so both people's counts change at once. */
export function useFollow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ username, follow }: { username: string; follow: boolean }) =>
      api(`${base(username)}/follow`, { method: follow ? 'PUT' : 'DELETE', schema: FollowStateSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['profile'] }),
  });
}
