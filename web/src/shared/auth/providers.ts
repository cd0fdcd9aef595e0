import type { ProviderId } from '@hearsay/contracts/security';
import { queryOptions } from '@tanstack/react-query';
import { call, endpointQuery } from '../lib/api-client.ts';
import { securityEndpoints } from '../lib/endpoints.ts';

/** The sign-in providers this site offers; the ones without credentials come back as unavailable. */
export const providersQueryOptions = queryOptions({ ...endpointQuery(securityEndpoints.providers, {}), staleTime: 10 * 60 * 1000 });

/** Leaves for the provider's sign-in page; the provider sends the browser back through the OAuth callback route. */
async function leaveFor(start: Promise<{ url: string }>): Promise<void> {
  const { url } = await start;
  window.location.assign(url);
}

/** Signs in (or up) with a provider from the login page; afterwards the browser goes to `redirect`. */
export const signInWithProvider = (provider: ProviderId, redirect: string) =>
  leaveFor(call(securityEndpoints.startOAuth, { params: { provider }, body: { redirect } }));

/** Connects a provider account to the signed-in person, from Settings. */
export const connectProvider = (provider: ProviderId) =>
  leaveFor(call(securityEndpoints.connectAccount, { params: { provider }, body: {} }));
