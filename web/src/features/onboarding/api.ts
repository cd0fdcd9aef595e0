import type { OnboardingUpdate } from '@hearsay/contracts/accounts';
import { useMutation } from '@tanstack/react-query';
import { call, endpointQuery } from '../../shared/lib/api-client.ts';
import { accountsEndpoints, searchEndpoints } from '../../shared/lib/endpoints.ts';

const ARTISTS_SHOWN = 24;

export const onboardingQueryOptions = endpointQuery(accountsEndpoints.onboarding, {});

export const useSaveOnboarding = () =>
  useMutation({ mutationFn: (body: OnboardingUpdate) => call(accountsEndpoints.saveOnboarding, { body }) });

export const artistSearchQueryOptions = (text: string) =>
  endpointQuery(searchEndpoints.search, { query: { type: 'artists', limit: ARTISTS_SHOWN, q: text } });
