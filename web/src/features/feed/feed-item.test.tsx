import type { FeedItem, FeedPage } from '@hearsay/contracts/feed';
import type { RemotePost } from '@hearsay/contracts/federation';
import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionQueryOptions } from '../../shared/auth/session.ts';
import { albumCard, currentUser } from '../../shared/test/fixtures.ts';
import { renderWithProviders } from '../../shared/test/render.tsx';
import { feedQueryOptions } from './api.ts';
import { FeedItemCard } from './feed-item.tsx';

const AT = '2026-11-20T10:00:00.000Z';

function remotePost(fields: Partial<RemotePost> = {}): RemotePost {
  return {
    id: 'rp1',
    person: {
      id: 'p-bob',
      handle: 'bob@neodb.example',
      name: 'Bob Stone',
      host: 'neodb.example',
      avatarUrl: null,
      url: 'https://neodb.example/users/bob',
    },
    album: null,
    albumTitle: 'Blue Train',
    albumArtist: 'John Coltrane',
    rating: 7,
    title: '',
    contentHtml: '',
    url: 'https://neodb.example/posts/1',
    likedByViewer: false,
    publishedAt: AT,
    updatedAt: AT,
    ...fields,
  };
}

const remote = (post: RemotePost): FeedItem => ({ kind: 'remote', id: `remote-${post.id}`, at: AT, post });

describe('a post from a person of another site', () => {
  it('shows who wrote it and where, linking to their page here, with our album and the review as sent', () => {
    const post = remotePost({
      album: albumCard({ id: 'a-love-supreme', title: 'A Love Supreme' }),
      albumTitle: 'A Love Supreme (Deluxe)',
      rating: 9,
      title: 'Still burning',
      contentHtml: '<p>The <strong>third</strong> part.</p>',
    });
    renderWithProviders(<FeedItemCard item={remote(post)} />);
    const card = screen.getByRole('article', { name: 'Bob Stone from neodb.example: A Love Supreme' });
    expect(card).toHaveTextContent('Bob Stone reviewed an album');
    expect(card).toHaveTextContent('@bob@neodb.example');
    expect(card).toHaveTextContent('from neodb.example');

    const people = within(card).getAllByRole('link', { name: 'Bob Stone' });
    expect(people.length).toBeGreaterThan(0);
    for (const link of people) expect(link).toHaveAttribute('href', '/people/remote/p-bob');
    for (const link of within(card).getAllByRole('link', { name: 'A Love Supreme' })) {
      expect(link).toHaveAttribute('href', '/album/a-love-supreme');
    }
    expect(within(card).getByRole('heading', { name: 'Still burning' })).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Rated 9.0 out of 10' })).toBeInTheDocument();
    expect(within(card).getByText('third').tagName).toBe('STRONG');
    const there = within(card).getByRole('link', { name: 'View on neodb.example' });
    expect(there).toHaveAttribute('href', 'https://neodb.example/posts/1');
    expect(there).toHaveAttribute('rel', 'noopener nofollow ugc');
  });

  it('names an album this site does not know as the other site did, without a link', () => {
    renderWithProviders(<FeedItemCard item={remote(remotePost())} />);
    const card = screen.getByRole('article', { name: 'Bob Stone from neodb.example: Blue Train' });
    expect(card).toHaveTextContent('Bob Stone rated an album');
    expect(card).toHaveTextContent('Blue Train · John Coltrane');
    expect(within(card).queryByRole('link', { name: /Blue Train/ })).not.toBeInTheDocument();
    expect(within(card).queryByRole('heading')).not.toBeInTheDocument();
  });

  it('tells a listen or a list addition by its words, neither a rating nor a review', () => {
    const post = remotePost({
      rating: null,
      contentHtml: '<p>Listened to <a href="https://b.example/album/blue-train">Blue Train</a> — John Coltrane</p>',
    });
    renderWithProviders(<FeedItemCard item={remote(post)} />);
    const card = screen.getByRole('article', { name: 'Bob Stone from neodb.example: Blue Train' });
    expect(card).toHaveTextContent('Bob Stone posted about an album');
    expect(card).toHaveTextContent('Listened to Blue Train — John Coltrane');
    expect(within(card).queryByRole('img', { name: /Rated/ })).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Like this post' })).toBeInTheDocument();
  });
});

describe('liking a post from another site', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** The feed as the home page shows it: from the cache, so what a like writes there shows. */
  function Feed() {
    const feed = useInfiniteQuery(feedQueryOptions);
    return <>{feed.data?.pages.flatMap((page) => page.items.map((item) => <FeedItemCard key={item.id} item={item} />))}</>;
  }

  it('sends the like to this site, and the feed shows the answer without asking for the feed again', async () => {
    const requests: { method: string; url: string }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const method = init?.method ?? 'GET';
        requests.push({ method, url });
        const likedByViewer = method === 'PUT';
        return new Response(JSON.stringify({ likedByViewer }), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    const feed: InfiniteData<FeedPage, string> = {
      pages: [
        {
          items: [remote(remotePost({ title: 'Still burning', contentHtml: '<p>Yes.</p>' })), remote(remotePost({ id: 'rp2' }))],
          nextCursor: null,
        },
      ],
      pageParams: [''],
    };
    const { user } = renderWithProviders(<Feed />, {
      cache: (queryClient) => {
        queryClient.setQueryData(sessionQueryOptions.queryKey, { user: currentUser() });
        queryClient.setQueryData(feedQueryOptions.queryKey, feed);
      },
    });
    const like = screen.getByRole('button', { name: 'Like this review' });
    expect(like).toHaveAttribute('aria-pressed', 'false');
    // A rating alone is liked as a rating.
    expect(screen.getByRole('button', { name: 'Like this rating' })).toHaveAttribute('aria-pressed', 'false');

    await user.click(like);
    await vi.waitFor(() => expect(like).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.getByRole('button', { name: 'Like this rating' })).toHaveAttribute('aria-pressed', 'false');

    await user.click(like);
    await vi.waitFor(() => expect(like).toHaveAttribute('aria-pressed', 'false'));
    // (The session is asked again when the window takes focus; nothing else is asked.)
    expect(requests.filter((request) => request.url !== '/api/me')).toEqual([
      { method: 'PUT', url: '/api/federation/posts/rp1/like' },
      { method: 'DELETE', url: '/api/federation/posts/rp1/like' },
    ]);
  });
});

describe('reporting a post from another site', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reports it here, and to its site only when the member ticks the box', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/api/reports') bodies.push(JSON.parse(String(init?.body)));
        return new Response(JSON.stringify({ received: true, alreadyReported: false }), {
          status: 201,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    const { user } = renderWithProviders(<FeedItemCard item={remote(remotePost())} />, {
      cache: (queryClient) => queryClient.setQueryData(sessionQueryOptions.queryKey, { user: currentUser() }),
    });
    await user.click(screen.getByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this post' });
    const forward = within(dialog).getByRole('checkbox', { name: /Also send this report to neodb\.example/ });
    expect(forward).not.toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    await user.click(forward);
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({ subjectType: 'remote_post', subjectId: 'rp1', reason: 'spam', note: '', forward: true });
  });
});
