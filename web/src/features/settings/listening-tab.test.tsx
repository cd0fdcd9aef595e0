import type { AccessToken } from '@hearsay/contracts/access-tokens';
import type { ListeningStatus } from '@hearsay/contracts/listening';
import type { SecurityOverview } from '@hearsay/contracts/security';
import type { QueryClient } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../shared/test/render.tsx';
import { accessTokensQueryOptions } from './access-tokens-api.ts';
import { AccessTokensSection } from './access-tokens-section.tsx';
import { securityQueryOptions } from './api.ts';
import { LISTENING_POLL_MS } from './listening-api.ts';
import { ListeningTab } from './listening-tab.tsx';

const SECRET = 'hsy_' + 'L'.repeat(43);
const token: AccessToken = {
  id: 'tok9',
  name: 'Music player',
  scopes: ['listens:write'],
  prefix: 'LLLLLLLL',
  createdAt: '2026-12-16T12:00:00.000Z',
  expiresAt: null,
  expired: false,
  lastUsedOn: null,
};

const quiet: ListeningStatus = {
  siteUrl: 'https://hearsay.example/',
  apiRoot: 'https://hearsay.example/1/',
  submitUrl: 'https://hearsay.example/1/submit-listens',
  lastListen: null,
  nowPlaying: null,
  counts: { last24Hours: 0, total: 0, capped: false },
};

let status: ListeningStatus;
let requests: { method: string; url: string; body: unknown }[];

beforeEach(() => {
  requests = [];
  status = quiet;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      requests.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const json = (body: unknown, code = 200) =>
        new Response(JSON.stringify(body), { status: code, headers: { 'content-type': 'application/json' } });
      if (url === '/api/me/listening') return json(status);
      if (method === 'POST' && url === '/api/me/tokens') return json({ token, secret: SECRET }, 201);
      if (url === '/api/me/tokens') return json({ tokens: [token], limit: 20 });
      return new Promise<Response>(() => {});
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const security: SecurityOverview = {
  hasPassword: true,
  twoFactorEnabled: false,
  backupCodesLeft: null,
  sessions: [],
  connectedAccounts: [],
  providers: [],
};
const withPassword = { cache: (queryClient: QueryClient) => queryClient.setQueryData(securityQueryOptions.queryKey, security) };

describe('Settings → Listening', () => {
  it('says no listen came yet, then shows the last one by itself when a player sends it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWithProviders(<ListeningTab />, withPassword);
    expect(await screen.findByRole('status')).toHaveTextContent('No listen received yet.');

    status = {
      ...quiet,
      lastListen: {
        at: new Date(Date.now() - 2 * 60_000).toISOString(),
        trackName: 'Blue Train',
        artistName: 'John Coltrane',
        releaseName: 'Blue Train',
        client: 'Navidrome',
      },
      nowPlaying: {
        trackName: 'Moment’s Notice',
        artistName: 'John Coltrane',
        releaseName: 'Blue Train',
        client: 'Navidrome',
        startedAt: new Date().toISOString(),
      },
      counts: { last24Hours: 1, total: 1234, capped: false },
    };
    await vi.advanceTimersByTimeAsync(LISTENING_POLL_MS);
    await vi.waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Last listen received 2 minutes ago from Navidrome: John Coltrane — Blue Train'),
    );
    expect(screen.getByText('Playing now on Navidrome: John Coltrane — Moment’s Notice')).toBeInTheDocument();
    expect(screen.getByText('1 in the last 24 hours · 1,234 listens in all')).toBeInTheDocument();
  });

  it('says "more than" past the count it stops at', async () => {
    status = { ...quiet, counts: { last24Hours: 12, total: 10_000, capped: true } };
    renderWithProviders(<ListeningTab />, withPassword);
    expect(await screen.findByText('12 in the last 24 hours · more than 10,000 listens in all')).toBeInTheDocument();
  });

  it('gives each player the address it asks for', async () => {
    renderWithProviders(<ListeningTab />, withPassword);
    const webScrobbler = await screen.findByRole('region', { name: 'Web Scrobbler (browser extension)' });
    expect(webScrobbler).toHaveTextContent('Use local instance');
    expect(webScrobbler).toHaveTextContent('https://hearsay.example/1/submit-listens');
    const pano = screen.getByRole('region', { name: 'Pano Scrobbler (Android, Windows, Linux)' });
    expect(pano).toHaveTextContent('ListenBrainz-like instance');
    expect(within(pano).getByText('https://hearsay.example/')).toBeInTheDocument();
    expect(screen.getByText('https://hearsay.example/1/')).toBeInTheDocument();
    expect(screen.getByText('ND_LISTENBRAINZ_BASEURL')).toBeInTheDocument();
  });

  it('creates a token that can only send listens, with the current password, and shows it once to copy', async () => {
    const { user } = renderWithProviders(<ListeningTab />, withPassword);
    await user.click(await screen.findByRole('button', { name: 'Create a listening token' }));
    expect(screen.getByLabelText('Name')).toHaveValue('Music player');
    expect(screen.getByLabelText('Expires')).toHaveValue('never');
    await user.click(screen.getByRole('button', { name: 'Create a listening token' }));
    expect(await screen.findByText('Please enter your current password')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    await user.type(screen.getByLabelText('Current Password'), 'Correct-Horse-Battery-9');
    await user.click(screen.getByRole('button', { name: 'Create a listening token' }));
    expect(await screen.findByLabelText('Token')).toHaveValue(SECRET);
    expect(screen.getByText('Copy your token now: it will not be shown again.')).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      name: 'Music player',
      scopes: ['listens:write'],
      expiresIn: 'never',
      password: 'Correct-Horse-Battery-9',
    });

    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByLabelText('Token')).not.toBeInTheDocument();
  });

  it('shows the forwarding section it is given', async () => {
    renderWithProviders(<ListeningTab forwarding={() => <p>Forwarding here</p>} />, withPassword);
    expect(await screen.findByText('Forwarding here')).toBeInTheDocument();
  });
});

describe('Settings → Security → Access tokens', () => {
  it('labels a player’s token as sending listens, not as reading', () => {
    renderWithProviders(<AccessTokensSection />, {
      cache: (queryClient) => {
        queryClient.setQueryData(accessTokensQueryOptions.queryKey, { tokens: [token], limit: 20 });
        queryClient.setQueryData(securityQueryOptions.queryKey, security);
      },
    });
    const row = within(screen.getByRole('list', { name: 'Access tokens' })).getByRole('listitem');
    expect(row).toHaveTextContent('listens');
    expect(row).not.toHaveTextContent('read');
  });
});
