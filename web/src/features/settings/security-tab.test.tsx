import type { AccessToken } from '@hearsay/contracts/access-tokens';
import type { SecurityOverview } from '@hearsay/contracts/security';
import type { QueryClient } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../shared/test/render.tsx';
import { accessTokensQueryOptions } from './access-tokens-api.ts';
import { securityQueryOptions } from './api.ts';
import { SecurityTab } from './security-tab.tsx';

const token = (id: string, expired = false): AccessToken => ({
  id,
  name: `Script ${id}`,
  scopes: ['read'],
  prefix: 'abcdEFGH',
  createdAt: '2026-01-10T12:00:00.000Z',
  expiresAt: '2026-04-10T12:00:00.000Z',
  expired,
  lastUsedOn: null,
});

const overview: SecurityOverview = {
  hasPassword: true,
  twoFactorEnabled: false,
  backupCodesLeft: null,
  sessions: [
    {
      id: 's1',
      current: true,
      browser: 'Firefox',
      device: 'macOS',
      ipAddress: null,
      createdAt: '2026-01-10T12:00:00.000Z',
      lastActiveAt: '2026-01-10T12:00:00.000Z',
    },
    {
      id: 's2',
      current: false,
      browser: 'Chrome',
      device: 'Android',
      ipAddress: null,
      createdAt: '2026-01-10T12:00:00.000Z',
      lastActiveAt: '2026-01-10T12:00:00.000Z',
    },
  ],
  connectedAccounts: [],
  providers: [],
};

let requests: { method: string; url: string; body: unknown }[];
beforeEach(() => {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      requests.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      if (url === '/api/me/sessions/sign-out-others') return json({ ended: 1, tokensRevoked: 2 });
      if (url === '/api/me/password') return json({ ok: true });
      // What a change refreshes.
      if (url === '/api/me/security') return json(overview);
      if (url === '/api/me/tokens') return json({ tokens: [token('a'), token('b')], limit: 20 });
      return new Promise<Response>(() => {});
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const withTokens = (tokens: AccessToken[]) => ({
  cache: (queryClient: QueryClient) => {
    queryClient.setQueryData(securityQueryOptions.queryKey, overview);
    queryClient.setQueryData(accessTokensQueryOptions.queryKey, { tokens, limit: 20 });
  },
});

const section = (name: string) => screen.getByRole('region', { name });
const OFFER = 'Also revoke all 2 of your access tokens (anything using them stops working)';

describe('Settings → Security: revoking access tokens with a password change or "log out of all other devices"', () => {
  it('offers it, unticked, saying how many working tokens there are (expired ones left out)', () => {
    renderWithProviders(<SecurityTab />, withTokens([token('a'), token('b'), token('c', true)]));
    for (const name of ['Change Password', 'Sessions']) {
      const offer = within(section(name)).getByRole('checkbox', { name: OFFER });
      expect(offer).not.toBeChecked();
    }
  });

  it('does not offer it to someone without tokens', () => {
    renderWithProviders(<SecurityTab />, withTokens([]));
    expect(screen.queryByRole('checkbox', { name: /access token/ })).not.toBeInTheDocument();
  });

  it('sends the choice with "log out of all other devices"', async () => {
    const { user } = renderWithProviders(<SecurityTab />, withTokens([token('a'), token('b')]));
    const sessions = section('Sessions');
    await user.click(within(sessions).getByRole('button', { name: 'Log out of all other devices' }));
    await vi.waitFor(() =>
      expect(requests).toContainEqual({ method: 'POST', url: '/api/me/sessions/sign-out-others', body: { revokeAccessTokens: false } }),
    );
    await user.click(within(sessions).getByRole('checkbox', { name: OFFER }));
    await user.click(within(sessions).getByRole('button', { name: 'Log out of all other devices' }));
    await vi.waitFor(() =>
      expect(requests).toContainEqual({ method: 'POST', url: '/api/me/sessions/sign-out-others', body: { revokeAccessTokens: true } }),
    );
  });

  it('sends the choice with a password change', async () => {
    const { user } = renderWithProviders(<SecurityTab />, withTokens([token('a'), token('b')]));
    const form = section('Change Password');
    await user.type(within(form).getByLabelText('Current Password'), 'Correct-Horse-Battery-9');
    for (const field of within(form).getAllByLabelText(/New Password|Confirm/)) await user.type(field, 'Another-Good-Pass-42');
    await user.click(within(form).getByRole('checkbox', { name: OFFER }));
    await user.click(within(form).getByRole('button', { name: 'Update Password' }));
    await vi.waitFor(() =>
      expect(requests.find((request) => request.url === '/api/me/password')?.body).toMatchObject({
        currentPassword: 'Correct-Horse-Battery-9',
        newPassword: 'Another-Good-Pass-42',
        revokeAccessTokens: true,
      }),
    );
  });
});
