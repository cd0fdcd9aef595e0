import type { FeedPage } from '@hearsay/contracts/feed';
import { infiniteQueryOptions, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { call, endpointKey, endpointQuery } from '../../shared/lib/api-client.ts';
import { federationEndpoints, feedEndpoints } from '../../shared/lib/endpoints.ts';

/** The home feed, a cursor page at a time; the next page starts where the last one ended. */
export const feedQueryOptions = infiniteQueryOptions({
  queryKey: endpointKey(feedEndpoints.page, { query: {} }),
  queryFn: ({ pageParam, signal }) => call(feedEndpoints.page, { query: pageParam ? { cursor: pageParam } : {} }, signal),
  initialPageParam: '',
  getNextPageParam: (last: FeedPage) => last.nextCursor ?? undefined,
});

export const feedSidebarQueryOptions = endpointQuery(feedEndpoints.sidebar, {});

/**
 * Likes a rating or review from another site, or takes the like back. Only the home feed shows such posts: the answer
 * (whether the viewer likes it now) is written into the feed's cached item, and nothing is fetched again.
 */
export function useLikeRemotePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, liked }: { postId: string; liked: boolean }) =>
      call(liked ? federationEndpoints.like : federationEndpoints.unlike, { params: { postId } }),
    onSuccess: ({ likedByViewer }, { postId }) => {
      queryClient.setQueryData<InfiniteData<FeedPage, string>>(feedQueryOptions.queryKey, (feed) =>
        feed
          ? {
              ...feed,
              pages: feed.pages.map((page) => ({
                ...page,
                items: page.items.map((item) =>
                  item.kind === 'remote' && item.post.id === postId ? { ...item, post: { ...item.post, likedByViewer } } : item,
                ),
              })),
            }
          : feed,
      );
    },
  });
}
