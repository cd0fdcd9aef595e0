import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../shared/lib/api-client.ts';
import { siteEndpoints } from '../../shared/lib/endpoints.ts';

export const landingQueryOptions = endpointQuery(siteEndpoints.landing, {});

export const useLanding = () => useQuery(landingQueryOptions);
