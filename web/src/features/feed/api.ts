import type { FeedPage } from '@hearsay/contracts/feed';
import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpointKey, endpointQuery } from '../../shared/lib/api-client.ts';
import { feedEndpoints, reviewsEndpoints } from '../../shared/lib/endpoints.ts';

/** The home feed, a cursor page at a time; the next page starts where the last one ended. */
export const feedQueryOptions = infiniteQueryOptions({
  queryKey: endpointKey(feedEndpoints.page, { query: {} }),
  queryFn: ({ pageParam, signal }) => call(feedEndpoints.page, { query: pageParam ? { cursor: pageParam } : {} }, signal),
  initialPageParam: '',
  getNextPageParam: (last: FeedPage) => last.nextCursor ?? undefined,
});

export const feedSidebarQueryOptions = endpointQuery(feedEndpoints.sidebar, {});

/** Likes a review shown in the feed or beside it (the reviews endpoints); both refresh, and every review answer too. */
export function useLikeFeedReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, liked }: { reviewId: string; liked: boolean }) =>
      call(liked ? reviewsEndpoints.like : reviewsEndpoints.unlike, { params: { reviewId } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: endpointKey(feedEndpoints.page) }),
        queryClient.invalidateQueries({ queryKey: endpointKey(feedEndpoints.sidebar) }),
        queryClient.invalidateQueries({ queryKey: endpointKey(reviewsEndpoints.review) }),
      ]),
  });
}

/** After following someone from the sidebar, the feed and the suggestions change. */
export function useRefreshFeed() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: endpointKey(feedEndpoints.page) }),
      queryClient.invalidateQueries({ queryKey: endpointKey(feedEndpoints.sidebar) }),
    ]);
}
