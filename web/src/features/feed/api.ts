import type { FeedPage } from '@hearsay/contracts/feed';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { call, endpointKey, endpointQuery } from '../../shared/lib/api-client.ts';
import { feedEndpoints } from '../../shared/lib/endpoints.ts';

/** The home feed, a cursor page at a time; the next page starts where the last one ended. */
export const feedQueryOptions = infiniteQueryOptions({
  queryKey: endpointKey(feedEndpoints.page, { query: {} }),
  queryFn: ({ pageParam, signal }) => call(feedEndpoints.page, { query: pageParam ? { cursor: pageParam } : {} }, signal),
  initialPageParam: '',
  getNextPageParam: (last: FeedPage) => last.nextCursor ?? undefined,
});

export const feedSidebarQueryOptions = endpointQuery(feedEndpoints.sidebar, {});
