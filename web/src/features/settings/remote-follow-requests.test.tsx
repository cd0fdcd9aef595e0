import type { RemotePerson } from '@hearsay/contracts/federation';
import type { QueryClient } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../shared/test/render.tsx';
import { followRequestsQueryOptions, visibilityQueryOptions } from './api.ts';
import { ProfileVisibilitySection } from './profile-visibility-section.tsx';

const person = (id: string, name: string, host: string): RemotePerson => ({
  id,
  handle: `${name.split(' ')[0]!.toLowerCase()}@${host}`,
  name,
  host,
  avatarUrl: null,
  url: `https://${host}/users/${id}`,
  summary: '',
  follow: 'none',
});
const bob = person('p-bob', 'Bob Stone', 'neodb.example');
const carol = person('p-carol', 'Carol King', 'mastodon.example');

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
      return new Promise<Response>(() => {});
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

/** Settings → Privacy, with a followers-only profile and no one of this site waiting. */
function open() {
  return renderWithProviders(<ProfileVisibilitySection />, {
    cache: (queryClient: QueryClient) => {
      queryClient.setQueryData(visibilityQueryOptions.queryKey, { visibility: 'followers' });
      queryClient.setQueryData(followRequestsQueryOptions(1, 20).queryKey, { items: [], page: 1, limit: 20, total: 0, totalPages: 1 });
    },
  });
}

describe('follow requests from other sites', () => {
  it('lists who asks, with their handle and page, and accepting shows the requests the answer leaves', async () => {
    answer = (method, url) => {
      if (method === 'GET' && url === '/api/federation/requests') return { status: 200, body: { people: [bob, carol] } };
      if (method === 'PUT' && url === '/api/federation/requests/p-bob') return { status: 200, body: { people: [carol] } };
      return undefined;
    };
    const { user } = open();
    const section = await screen.findByRole('region', { name: 'From other sites' });
    const list = within(section).getByRole('list', { name: 'From other sites' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(section).toHaveTextContent('Bob Stone @bob@neodb.example');
    const page = within(section).getByRole('link', { name: 'Their page on neodb.example' });
    expect(page).toHaveAttribute('href', 'https://neodb.example/users/p-bob');
    expect(page).toHaveAttribute('target', '_blank');
    expect(page).toHaveAttribute('rel', 'noopener nofollow ugc');
    // Someone is waiting, so the list of this site's requests does not say no one is.
    expect(screen.queryByText('No one is waiting.')).not.toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Accept Bob Stone' }));
    await vi.waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(section).not.toHaveTextContent('Bob Stone');
    expect(within(section).getByRole('button', { name: 'Decline Carol King' })).toBeInTheDocument();
    expect(requests.filter((request) => request.url.startsWith('/api/federation'))).toEqual([
      { method: 'GET', url: '/api/federation/requests', body: undefined },
      { method: 'PUT', url: '/api/federation/requests/p-bob', body: { accept: true } },
    ]);
  });

  it('declining tells the server so, and the last one answered takes the section away', async () => {
    answer = (method, url) => {
      if (method === 'GET' && url === '/api/federation/requests') return { status: 200, body: { people: [carol] } };
      if (method === 'PUT' && url === '/api/federation/requests/p-carol') return { status: 200, body: { people: [] } };
      return undefined;
    };
    const { user } = open();
    const section = await screen.findByRole('region', { name: 'From other sites' });
    await user.click(within(section).getByRole('button', { name: 'Decline Carol King' }));
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: 'From other sites' })).not.toBeInTheDocument());
    expect(requests).toContainEqual({ method: 'PUT', url: '/api/federation/requests/p-carol', body: { accept: false } });
    expect(screen.getByText('No one is waiting.')).toBeInTheDocument();
  });

  it('shows nothing, and no error, when this site does not federate', async () => {
    answer = (method, url) =>
      method === 'GET' && url === '/api/federation/requests'
        ? { status: 404, body: { error: { code: 'federation_off', message: 'Federation is off.' } } }
        : undefined;
    open();
    await vi.waitFor(() => expect(requests.some((request) => request.url === '/api/federation/requests')).toBe(true));
    // Let the answer arrive and be read.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'From other sites' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/could not/i)).not.toBeInTheDocument();
    expect(screen.getByText('No one is waiting.')).toBeInTheDocument();
  });
});
