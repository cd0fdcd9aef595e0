import type { AccessToken, AccessTokenList } from '@hearsay/contracts/access-tokens';
import type { QueryClient } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../shared/test/render.tsx';
import type { SecurityOverview } from '@hearsay/contracts/security';
import { accessTokensQueryOptions } from './access-tokens-api.ts';
import { AccessTokensSection } from './access-tokens-section.tsx';
import { securityQueryOptions } from './api.ts';

const SECRET = 'hsy_' + 'q'.repeat(43);
const existing: AccessToken = {
  id: 'tok1',
  name: 'Spreadsheet sync',
  scopes: ['read'],
  prefix: 'abcdEFGH',
  createdAt: '2026-01-10T12:00:00.000Z',
  expiresAt: '2026-04-10T12:00:00.000Z',
  expired: false,
  lastUsedOn: '2026-02-01',
};

let requests: { method: string; url: string; body: unknown }[];
beforeEach(() => {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      requests.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (method === 'POST' && url === '/api/me/tokens') {
        const body = JSON.parse(String(init?.body)) as { password?: string };
        if (body.password === 'wrong-password') {
          return json({ error: { code: 'wrong_password', message: 'Your current password is incorrect.', issues: [] } }, 400);
        }
        return json(
          { token: { ...existing, id: 'tok2', name: 'Player', scopes: ['read', 'write'], lastUsedOn: null }, secret: SECRET },
          201,
        );
      }
      if (method === 'DELETE') return json({ ok: true });
      if (url === '/api/me/tokens') return json({ tokens: [existing], limit: 20 } satisfies AccessTokenList);
      return new Promise<Response>(() => {});
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const security = (hasPassword: boolean): SecurityOverview => ({
  hasPassword,
  twoFactorEnabled: false,
  backupCodesLeft: null,
  sessions: [],
  connectedAccounts: [],
  providers: [],
});
const withTokens = (hasPassword = true) => ({
  cache: (queryClient: QueryClient) => {
    queryClient.setQueryData(accessTokensQueryOptions.queryKey, { tokens: [existing], limit: 20 });
    queryClient.setQueryData(securityQueryOptions.queryKey, security(hasPassword));
  },
});

describe('Settings → Security → Access tokens', () => {
  it('lists tokens without their secret, to the day they were last used', () => {
    renderWithProviders(<AccessTokensSection />, withTokens());
    const row = within(screen.getByRole('list', { name: 'Access tokens' })).getByRole('listitem');
    expect(row).toHaveTextContent('Spreadsheet sync');
    expect(row).toHaveTextContent('hsy_abcdEFGH…');
    expect(row).toHaveTextContent('Last used Feb 1, 2026');
    expect(screen.getByText('1 of 20 active tokens')).toBeInTheDocument();
  });

  it('creates a token with the chosen scopes and expiry and shows its secret once', async () => {
    const { user } = renderWithProviders(<AccessTokensSection />, withTokens());
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an access token' });
    await user.type(within(dialog).getByLabelText('Name'), 'Player');
    await user.click(within(dialog).getByRole('checkbox', { name: /Write/ }));
    await user.selectOptions(within(dialog).getByLabelText('Expires'), '1y');
    await user.type(within(dialog).getByLabelText('Current Password'), 'Correct-Horse-Battery-9');
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));

    const shown = await screen.findByRole('dialog', { name: 'Your new token' });
    expect(shown).toHaveAccessibleDescription(/you won't see it again/);
    expect(within(shown).getByLabelText('Token')).toHaveValue(SECRET);
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      name: 'Player',
      scopes: ['read', 'write'],
      expiresIn: '1y',
      password: 'Correct-Horse-Battery-9',
    });
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks for the current password and shows why a wrong one created nothing', async () => {
    const { user } = renderWithProviders(<AccessTokensSection />, withTokens());
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an access token' });
    await user.type(within(dialog).getByLabelText('Name'), 'Player');
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect(await within(dialog).findByText('Please enter your current password')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByLabelText('Current Password'), 'wrong-password');
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect(await within(dialog).findByText('Your current password is incorrect.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Your new token' })).not.toBeInTheDocument();
  });

  it('asks people without a password for no password, and says a recent sign-in confirms it is them', async () => {
    const { user } = renderWithProviders(<AccessTokensSection />, withTokens(false));
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an access token' });
    expect(within(dialog).queryByLabelText('Current Password')).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent('this works within an hour of signing in');
    await user.type(within(dialog).getByLabelText('Name'), 'Player');
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    await screen.findByRole('dialog', { name: 'Your new token' });
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ name: 'Player', scopes: ['read'], expiresIn: '90d' });
  });

  it('revokes a token only after confirming', async () => {
    const { user } = renderWithProviders(<AccessTokensSection />, withTokens());
    await user.click(screen.getByRole('button', { name: 'Revoke Spreadsheet sync' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke “Spreadsheet sync”?' });
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await vi.waitFor(() => expect(requests).toContainEqual({ method: 'DELETE', url: '/api/me/tokens/tok1', body: undefined }));
  });
});
