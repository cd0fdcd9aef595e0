import { profilesEndpoints } from '@hearsay/contracts/profiles';
import { searchEndpoints, type SearchQuery } from '@hearsay/contracts/search';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, endpointKey, endpointQuery } from '../../shared/lib/api-client.ts';

export const searchQueryOptions = (query: Partial<SearchQuery>) =>
  queryOptions({
    ...endpointQuery(searchEndpoints.search, { query }),
    placeholderData: keepPreviousData,
    enabled: Boolean(query.q?.trim()),
  });

export const useSearch = (query: Partial<SearchQuery>) => useQuery(searchQueryOptions(query));

/** Follow or unfollow someone found; the results and any profile or list of people shown refresh. */
export function useFollowPerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ username, follow }: { username: string; follow: boolean }) =>
      call(follow ? profilesEndpoints.follow : profilesEndpoints.unfollow, { params: { username } }),
    onSuccess: () =>
      Promise.all(
        [searchEndpoints.search, profilesEndpoints.profile, profilesEndpoints.followers, profilesEndpoints.following].map((declaration) =>
          queryClient.invalidateQueries({ queryKey: endpointKey(declaration) }),
        ),
      ),
  });
}
