import type { ForwardingStatus } from '@hearsay/contracts/listenbrainz-forwarding';
import type { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../shared/test/render.tsx';
import { forwardingQueryOptions } from './forwarding-api.ts';
import { ListenBrainzForwardingSection } from './forwarding-section.tsx';

const TOKEN = 'c4a1b2d3-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const connected: ForwardingStatus = {
  connection: {
    apiRoot: 'https://api.listenbrainz.org',
    userName: 'hearsay-tester',
    forwarding: true,
    forwardedCount: 1234,
    lastForwardedAt: '2026-12-01T18:30:00.000Z',
    lastError: null,
  },
};

let requests: { method: string; url: string; body: unknown }[];
beforeEach(() => {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? (JSON.parse(String(init.body)) as { token?: string }) : undefined;
      requests.push({ method, url, body });
      const json = (answer: unknown, status = 200) =>
        new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
      if (method === 'PUT') {
        if (body?.token !== TOKEN) {
          const message = 'ListenBrainz did not accept this token. Copy it again from your ListenBrainz settings.';
          return json({ error: { code: 'listenbrainz_token_invalid', message, issues: [] } }, 400);
        }
        return json(connected);
      }
      if (method === 'DELETE') return json({ connection: null });
      return new Promise<Response>(() => {});
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const withStatus = (status: ForwardingStatus) => ({
  cache: (queryClient: QueryClient) => queryClient.setQueryData(forwardingQueryOptions.queryKey, status),
});

describe('Settings → Listening → Forward to ListenBrainz', () => {
  it('saves a token the server accepts and then says whom it forwards to, never showing the token', async () => {
    const { user } = renderWithProviders(<ListenBrainzForwardingSection />, withStatus({ connection: null }));
    await user.type(screen.getByLabelText('ListenBrainz user token'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('ListenBrainz did not accept this token');

    await user.clear(screen.getByLabelText('ListenBrainz user token'));
    await user.type(screen.getByLabelText('ListenBrainz user token'), TOKEN);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Forwarding to ListenBrainz as hearsay-tester')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'PUT').map((request) => request.body)).toEqual([
      { token: 'wrong' },
      { token: TOKEN },
    ]);
    expect(screen.getByLabelText('New ListenBrainz user token')).toHaveValue('');
    expect(document.body.textContent).not.toContain(TOKEN);
    expect(screen.getByTestId('listenbrainz-connection')).toHaveTextContent('1,234 forwarded in all');
  });

  it('sends the address of a server of the member’s own only when asked to', async () => {
    const { user } = renderWithProviders(<ListenBrainzForwardingSection />, withStatus({ connection: null }));
    await user.type(screen.getByLabelText('ListenBrainz user token'), TOKEN);
    await user.click(screen.getByLabelText('I use another server that speaks the ListenBrainz API'));
    await user.type(screen.getByLabelText('Server’s API address'), 'https://lb.example.org');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Forwarding to ListenBrainz as hearsay-tester');
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({ token: TOKEN, apiRoot: 'https://lb.example.org' });
  });

  it('says when ListenBrainz refused the token, and stops forwarding on request', async () => {
    const refused: ForwardingStatus = {
      connection: { ...connected.connection!, forwarding: false, lastError: { code: 'token_refused', at: '2026-12-02T08:00:00.000Z' } },
    };
    const { user } = renderWithProviders(<ListenBrainzForwardingSection />, withStatus(refused));
    expect(screen.getByText('Forwarding to ListenBrainz as hearsay-tester is stopped')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('ListenBrainz refused the token.');
    await user.click(screen.getByRole('button', { name: 'Stop forwarding' }));
    expect(await screen.findByLabelText('ListenBrainz user token')).toBeInTheDocument();
    expect(screen.queryByTestId('listenbrainz-connection')).not.toBeInTheDocument();
    expect(requests.map((request) => `${request.method} ${request.url}`)).toContain('DELETE /api/me/listening/forwarding');
  });
});
