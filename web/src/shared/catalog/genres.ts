import { queryOptions } from '@tanstack/react-query';
import { endpointQuery } from '../lib/api-client.ts';
import { catalogEndpoints } from '../lib/endpoints.ts';

/** The browsable genres (Explore, Library and profile filters); they change rarely, so they are kept for an hour. */
export const genresQueryOptions = queryOptions({
  ...endpointQuery(catalogEndpoints.genres, { query: { kind: 'genre' } }),
  staleTime: 60 * 60 * 1000,
});
