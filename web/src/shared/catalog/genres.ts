import { GenreListSchema } from '@hearsay/contracts/catalog';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../lib/api-client.ts';

/** The browsable genres (Explore, Library and profile filters); they change rarely, so they are kept for an hour. */
export const genresQueryOptions = queryOptions({
  queryKey: ['genres'],
  queryFn: ({ signal }) => api('/api/genres?kind=genre', { schema: GenreListSchema, signal }),
  staleTime: 60 * 60 * 1000,
});
