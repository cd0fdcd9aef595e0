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

/** The Release Year filter's choices; the catalog's years change rarely, so they are kept for an hour. */
export const searchYearsQueryOptions = queryOptions({ ...endpointQuery(searchEndpoints.years, {}), staleTime: 60 * 60 * 1000 });

export const useSearchYears = () => useQuery(searchYearsQueryOptions);
