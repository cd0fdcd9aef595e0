import { OAuthStartSchema, ProvidersSchema, type ProviderId } from '@hearsay/contracts/security';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../lib/api-client.ts';

/** The sign-in providers this site offers; the ones without credentials come back as unavailable. */
export const providersQueryOptions = queryOptions({
  queryKey: ['auth', 'providers'],
  queryFn: ({ signal }) => api('/api/auth/providers', { schema: ProvidersSchema, signal }),
  staleTime: 10 * 60 * 1000,
});

/**
 * Leaves for the provider's sign-in page. `path` is the API route that starts it: sign-in from the login page,
 * or connecting an account from Settings. The provider sends the browser back through /api/auth/callback.
 */
export async function continueWithProvider(path: string, body: object = {}): Promise<void> {
  const { url } = await api(path, { method: 'POST', body, schema: OAuthStartSchema });
  window.location.assign(url);
}

export const providerSignInPath = (provider: ProviderId) => `/api/auth/oauth/${provider}`;
export const providerLinkPath = (provider: ProviderId) => `/api/me/connected-accounts/${provider}`;
