import type { SearchQuery } from '@hearsay/contracts/search';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../shared/lib/api-client.ts';
import { searchEndpoints } from '../../shared/lib/endpoints.ts';

export const searchQueryOptions = (query: Partial<SearchQuery>) =>
  queryOptions({
    ...endpointQuery(searchEndpoints.search, { query }),
    placeholderData: keepPreviousData,
    enabled: Boolean(query.q?.trim()),
  });

export const useSearch = (query: Partial<SearchQuery>) => useQuery(searchQueryOptions(query));
