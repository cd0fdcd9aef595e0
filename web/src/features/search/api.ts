import { SearchResultSchema, type SearchQuery } from '@hearsay/contracts/search';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, queryString } from '../../shared/lib/api-client.ts';

export const searchQueryOptions = (query: Partial<SearchQuery>) =>
  queryOptions({
    queryKey: ['search', query],
    queryFn: ({ signal }) => api(`/api/search${queryString(query)}`, { schema: SearchResultSchema, signal }),
    placeholderData: keepPreviousData,
    enabled: Boolean(query.q?.trim()),
  });

export const useSearch = (query: Partial<SearchQuery>) => useQuery(searchQueryOptions(query));
