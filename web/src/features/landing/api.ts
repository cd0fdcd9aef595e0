import { LandingSchema } from '@hearsay/contracts/site';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/lib/api-client.ts';

export const landingQueryOptions = queryOptions({
  queryKey: ['site', 'landing'],
  queryFn: ({ signal }) => api('/api/site/landing', { schema: LandingSchema, signal }),
});

export const useLanding = () => useQuery(landingQueryOptions);
