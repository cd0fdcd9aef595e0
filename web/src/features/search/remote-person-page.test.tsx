import type { RemotePersonPage as RemotePersonPageData } from '@hearsay/contracts/federation';
import type { QueryClient } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionQueryOptions } from '../../shared/auth/session.ts';
import { currentUser } from '../../shared/test/fixtures.ts';
import { renderWithProviders } from '../../shared/test/render.tsx';
import { RemotePersonPage } from './remote-person-page.tsx';

const page = (blocked: boolean): RemotePersonPageData => ({
  person: {
    id: 'p-bob',
    handle: 'bob@neodb.example',
    name: 'Bob Stone',
    host: 'neodb.example',
    avatarUrl: null,
    url: 'https://neodb.example/users/bob',
    summary: 'Jazz, mostly.',
    follow: blocked ? 'none' : 'following',
  },
  blocked,
  posts: {
    items: [
      {
        id: 'rp1',
        person: { id: 'p-bob', handle: 'bob@neodb.example', name: 'Bob Stone', host: 'neodb.example', avatarUrl: null, url: null },
        album: null,
        albumTitle: 'Blue Train',
        albumArtist: 'John Coltrane',
        rating: 8,
        title: 'Still fresh',
        contentHtml: '<p>Every time.</p>',
        url: 'https://neodb.example/posts/1',
        likedByViewer: false,
        publishedAt: '2026-12-01T10:00:00.000Z',
        updatedAt: '2026-12-01T10:00:00.000Z',
      },
    ],
    page: 1,
    limit: 20,
    total: 1,
    totalPages: 1,
  },
});

const PAGE = '/api/federation/people/p-bob?page=1&limit=20';
const BLOCK = '/api/federation/people/p-bob/block';
let requests: { method: string; url: string }[];
let blocked: boolean;

beforeEach(() => {
  requests = [];
  blocked = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      requests.push({ method, url });
      const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      if (method === 'GET' && url === PAGE) return json(page(blocked));
      if (url === BLOCK) {
        blocked = method === 'PUT';
        return json({ blocked });
      }
      return new Promise<Response>(() => {});
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function open() {
  return renderWithProviders(<RemotePersonPage />, {
    url: '/people/remote/p-bob',
    path: '/people/remote/:personId',
    cache: (queryClient: QueryClient) => queryClient.setQueryData(sessionQueryOptions.queryKey, { user: currentUser() }),
  });
}

describe('the page of a person of another site', () => {
  it('shows who they are, a link to their own site, and their ratings and reviews that reached this site', async () => {
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Bob Stone' })).toBeInTheDocument();
    expect(screen.getByText('@bob@neodb.example')).toBeInTheDocument();
    expect(screen.getByText('Jazz, mostly.')).toBeInTheDocument();
    const theirs = screen.getByRole('link', { name: 'Their page on neodb.example' });
    expect(theirs).toHaveAttribute('href', 'https://neodb.example/users/bob');
    expect(theirs).toHaveAttribute('rel', 'noopener nofollow ugc');
    const posts = screen.getByRole('region', { name: 'Ratings and reviews that reached this site' });
    expect(within(posts).getByRole('heading', { name: 'Still fresh' })).toBeInTheDocument();
    expect(within(posts).getByRole('link', { name: 'View on neodb.example' })).toHaveAttribute('href', 'https://neodb.example/posts/1');
  });

  it('blocks them after asking, then offers to unblock', async () => {
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block Bob Stone?' });
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await screen.findByRole('button', { name: 'Unblock' })).toBeInTheDocument();
    expect(requests).toContainEqual({ method: 'PUT', url: BLOCK });
    expect(screen.queryByRole('button', { name: /Following Bob Stone/ })).not.toBeInTheDocument();
  });
});
