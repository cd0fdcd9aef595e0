import type { SearchQuery } from '@hearsay/contracts/search';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, endpointQuery } from '../../shared/lib/api-client.ts';
import { federationEndpoints, searchEndpoints } from '../../shared/lib/endpoints.ts';

export const searchQueryOptions = (query: Partial<SearchQuery>) =>
  queryOptions({
    ...endpointQuery(searchEndpoints.search, { query }),
    placeholderData: keepPreviousData,
    enabled: Boolean(query.q?.trim()),
  });

export const useSearch = (query: Partial<SearchQuery>) => useQuery(searchQueryOptions(query));

/** The Release Year filter's choices; the catalog's years change rarely, so they are kept for an hour. */
export const searchYearsQueryOptions = queryOptions({ ...endpointQuery(searchEndpoints.years, {}), staleTime: 60 * 60 * 1000 });

export const useSearchYears = () => useQuery(searchYearsQueryOptions);

/**
 * A person of another site found by their handle or address (members only). Their site is asked once a member asks
 * (`enabled`), and what it said is kept for a while: a handle names the same person.
 */
/**
 * While a follow waits for the other site's answer (it comes by a background job there), the card asks again for a
 * couple of minutes; a person who approves followers by hand may answer days later.
 */
const ASK_AGAIN_WHILE_REQUESTED_MS = 3000;
const ASK_AGAIN_AT_MOST = 40;

export const remoteLookupQueryOptions = (q: string, enabled: boolean) =>
  queryOptions({
    ...endpointQuery(federationEndpoints.lookup, { query: { q } }),
    enabled,
    staleTime: 5 * 60 * 1000,
    refetchInterval: (query) =>
      query.state.data?.person.follow === 'requested' && query.state.dataUpdateCount < ASK_AGAIN_AT_MOST
        ? ASK_AGAIN_WHILE_REQUESTED_MS
        : false,
  });

/** Follows a person of another site, or stops (or withdraws the request); the answer is the lookup's new answer. */
export function useRemoteFollow(q: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ personId, follow }: { personId: string; follow: boolean }) =>
      call(follow ? federationEndpoints.follow : federationEndpoints.unfollow, { params: { personId } }),
    onSuccess: (answer) => queryClient.setQueryData(remoteLookupQueryOptions(q, true).queryKey, answer),
  });
}

/** A person of another site's page here: who they are and their ratings and reviews that reached this site. */
export const remotePersonQueryOptions = (personId: string, page: number) =>
  queryOptions({
    ...endpointQuery(federationEndpoints.person, { params: { personId }, query: { page, limit: 20 } }),
    placeholderData: keepPreviousData,
  });

/**
 * Follow, unfollow, block or unblock a person of another site from their page. A block ends follows both ways and
 * takes their posts out of the feed, so everything shown is fetched again (as a block of a member does).
 */
export function useRemotePersonAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ personId, action }: { personId: string; action: 'follow' | 'unfollow' | 'block' | 'unblock' }) =>
      call(federationEndpoints[action], { params: { personId } }),
    onSuccess: () => void queryClient.invalidateQueries(),
  });
}
