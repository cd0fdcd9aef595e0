import type { FederatedHost } from '@hearsay/contracts/federation';
import type { QueryClient } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../shared/test/render.tsx';
import { serverName } from './federated-hosts.tsx';
import { moderationAccessQueryOptions } from './moderation-api.ts';
import { ModerationPage } from './moderation-page.tsx';

const AT = '2026-11-20T10:00:00.000Z';
const host = (name: string, policy: FederatedHost['policy']): FederatedHost => ({ host: name, policy, createdAt: AT });

let requests: { method: string; url: string; body: unknown }[];
let answer: (method: string, url: string) => { status: number; body: unknown } | undefined;

beforeEach(() => {
  requests = [];
  answer = () => undefined;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      requests.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const given = answer(method, url);
      if (given) return new Response(JSON.stringify(given.body), { status: given.status, headers: { 'content-type': 'application/json' } });
      // The page's other parts (queue, health, audit…) keep loading: this is about the servers alone.
      return new Promise<Response>(() => {});
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const open = (isAdmin: boolean) =>
  renderWithProviders(<ModerationPage />, {
    url: '/moderation',
    cache: (queryClient: QueryClient) =>
      queryClient.setQueryData(moderationAccessQueryOptions.queryKey, { canModerate: true, isAdmin, canCurate: true }),
  });
const federationCalls = () => requests.filter((request) => request.url.startsWith('/api/federation'));

describe('other servers, on the moderation page', () => {
  it('lets an admin block a server, which the answer lists, and federate with it again', async () => {
    answer = (method, url) => {
      if (method === 'GET' && url === '/api/federation/hosts') return { status: 200, body: { hosts: [host('spam.example', 'silence')] } };
      if (method === 'PUT' && url === '/api/federation/hosts/bad.example')
        return { status: 200, body: { hosts: [host('bad.example', 'block'), host('spam.example', 'silence')] } };
      if (method === 'DELETE' && url === '/api/federation/hosts/bad.example')
        return { status: 200, body: { hosts: [host('spam.example', 'silence')] } };
      return undefined;
    };
    const { user } = open(true);
    const section = await screen.findByRole('region', { name: 'Other servers' });
    const list = await within(section).findByRole('list', { name: 'Blocked and silenced servers' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(list).toHaveTextContent('spam.example');
    expect(list).toHaveTextContent('Silence');
    // What each choice does, in a sentence.
    expect(within(section).getByRole('radio', { name: /^Block/ })).toBeChecked();
    expect(within(section).getByRole('radio', { name: /^Silence/ })).not.toBeChecked();
    expect(section).toHaveTextContent('Nothing goes in or out, and its follows end at once.');
    expect(section).toHaveTextContent('Its people must ask before they follow anyone here.');

    await user.type(within(section).getByRole('textbox', { name: 'Server name' }), 'https://Bad.example/@someone');
    await user.click(within(section).getByRole('button', { name: 'Block server' }));
    await vi.waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    const blocked = within(list).getAllByRole('listitem')[0]!;
    expect(blocked).toHaveTextContent('bad.example');
    expect(blocked).toHaveTextContent('Block');
    expect(within(section).getByRole('textbox', { name: 'Server name' })).toHaveValue('');

    await user.click(within(list).getByRole('button', { name: 'Federate with bad.example again' }));
    await vi.waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(list).not.toHaveTextContent('bad.example');
    expect(federationCalls().filter((call) => call.url.startsWith('/api/federation/hosts'))).toEqual([
      { method: 'GET', url: '/api/federation/hosts', body: undefined },
      { method: 'PUT', url: '/api/federation/hosts/bad.example', body: { policy: 'block' } },
      { method: 'DELETE', url: '/api/federation/hosts/bad.example', body: undefined },
    ]);
  });

  it('silences a server when Silence is chosen', async () => {
    answer = (method, url) => {
      if (method === 'GET' && url === '/api/federation/hosts') return { status: 200, body: { hosts: [] } };
      if (method === 'PUT' && url === '/api/federation/hosts/loud.example')
        return { status: 200, body: { hosts: [host('loud.example', 'silence')] } };
      return undefined;
    };
    const { user } = open(true);
    const section = await screen.findByRole('region', { name: 'Other servers' });
    expect(await within(section).findByText('No server is blocked or silenced.')).toBeInTheDocument();
    await user.type(within(section).getByRole('textbox', { name: 'Server name' }), 'loud.example');
    await user.click(within(section).getByRole('radio', { name: /^Silence/ }));
    await user.click(within(section).getByRole('button', { name: 'Silence server' }));
    expect(await within(section).findByRole('list', { name: 'Blocked and silenced servers' })).toHaveTextContent('loud.example');
    expect(federationCalls()).toContainEqual({ method: 'PUT', url: '/api/federation/hosts/loud.example', body: { policy: 'silence' } });
  });

  it('shows each server’s deliveries waiting, held back and failed, with the last error, and tries the failed ones again', async () => {
    const deliveries = (failed: number) => ({
      servers: [
        { host: 'down.example', queued: 2, held: 5, failed, lastError: failed ? 'HTTP 503' : null, lastFailedAt: failed ? AT : null },
      ],
    });
    answer = (method, url) => {
      if (method === 'GET' && url === '/api/federation/hosts') return { status: 200, body: { hosts: [] } };
      if (method === 'GET' && url === '/api/federation/deliveries') return { status: 200, body: deliveries(3) };
      if (method === 'POST' && url === '/api/federation/deliveries/down.example/retry') return { status: 200, body: deliveries(0) };
      return undefined;
    };
    const { user } = open(true);
    const section = await screen.findByRole('region', { name: 'Deliveries to other servers' });
    const list = await within(section).findByRole('list', { name: 'Deliveries by server' });
    expect(list).toHaveTextContent('down.example');
    expect(list).toHaveTextContent('Waiting: 2 · Held back: 5 · Failed: 3');
    expect(list).toHaveTextContent('HTTP 503');
    await user.click(within(list).getByRole('button', { name: 'Try the failed deliveries to down.example again' }));
    await vi.waitFor(() => expect(list).toHaveTextContent('Failed: 0'));
    expect(within(list).queryByRole('button', { name: /Try the failed/ })).not.toBeInTheDocument();
    expect(list).not.toHaveTextContent('HTTP 503');
    expect(federationCalls()).toContainEqual({ method: 'POST', url: '/api/federation/deliveries/down.example/retry', body: undefined });
  });

  it('is not shown when the site does not federate', async () => {
    answer = (method, url) =>
      method === 'GET' && url === '/api/federation/hosts'
        ? { status: 404, body: { error: { code: 'federation_off', message: 'This site does not connect with other sites' } } }
        : undefined;
    open(true);
    expect(await screen.findByRole('heading', { name: 'Moderators' })).toBeInTheDocument();
    await vi.waitFor(() => expect(federationCalls()).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Other servers' })).not.toBeInTheDocument();
    expect(screen.queryByText(/does not connect/)).not.toBeInTheDocument();
  });

  it('is not shown to a moderator who is not an admin, nor asked for', async () => {
    open(false);
    expect(await screen.findByRole('heading', { name: 'Moderation' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Other servers' })).not.toBeInTheDocument();
    expect(federationCalls()).toEqual([]);
  });
});

describe('a server’s name as typed', () => {
  it('is the name its addresses carry', () => {
    expect(serverName(' Example.COM ')).toBe('example.com');
    expect(serverName('https://mastodon.example:8443/@bob?x=1')).toBe('mastodon.example:8443');
    expect(serverName('@bob@neodb.example')).toBe('neodb.example');
  });
});
