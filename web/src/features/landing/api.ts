import { siteEndpoints } from '@hearsay/contracts/site';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../shared/lib/api-client.ts';

export const landingQueryOptions = endpointQuery(siteEndpoints.landing, {});

export const useLanding = () => useQuery(landingQueryOptions);
