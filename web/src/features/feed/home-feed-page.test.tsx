import type { FeedItem, FeedPage, FeedSidebar } from '@hearsay/contracts/feed';
import type { QueryClient } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionQueryOptions } from '../../shared/auth/session.ts';
import { albumCard, currentUser } from '../../shared/test/fixtures.ts';
import { renderWithProviders } from '../../shared/test/render.tsx';
import { feedQueryOptions, feedSidebarQueryOptions } from './api.ts';
import { HomeFeedPage } from './home-feed-page.tsx';

const ana = { id: 'u-ana', username: 'ana', name: 'Ana Reyes', avatarUrl: null };
const bo = { id: 'u-bo', username: 'bo', name: 'Bo Lind', avatarUrl: null };
const AT = '2026-11-20T10:00:00.000Z';

const ratings: FeedItem = {
  kind: 'ratings',
  id: 'a1',
  actor: ana,
  at: AT,
  ratings: [
    { album: albumCard({ id: 'kind-of-blue', title: 'Kind of Blue' }), rating: 9 },
    { album: albumCard({ id: 'blue-train', title: 'Blue Train' }), rating: 8 },
  ],
};
const review: FeedItem = {
  kind: 'review',
  id: 'a2',
  actor: bo,
  at: AT,
  album: albumCard({ id: 'a-love-supreme', title: 'A Love Supreme' }),
  review: {
    id: 'r1',
    title: 'Prayer in four parts',
    excerpt: 'Every note leans toward the next.',
    rating: 10,
    likeCount: 3,
    commentCount: 2,
    likedByViewer: false,
    createdAt: AT,
  },
};
const later: FeedItem = { kind: 'follow', id: 'a3', actor: ana, at: AT, person: bo };

const emptySidebar: FeedSidebar = { popular: [], reviews: [], suggestions: [], starter: null };

let requests: { method: string; url: string }[];
let answer: (method: string, url: string) => unknown;

beforeEach(() => {
  requests = [];
  answer = () => undefined;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      requests.push({ method, url });
      const body = answer(method, url);
      if (body !== undefined) return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      // Anything else stays pending, so the screen keeps what the test gave it.
      return new Promise<Response>(() => {});
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function open(pages: FeedPage[], sidebar: FeedSidebar = emptySidebar) {
  return renderWithProviders(<HomeFeedPage />, {
    cache: (queryClient: QueryClient) => {
      // The home feed is for members only.
      queryClient.setQueryData(sessionQueryOptions.queryKey, { user: currentUser() });
      queryClient.setQueryData(feedQueryOptions.queryKey, { pages, pageParams: pages.map((_, index) => (index ? `c${index}` : '')) });
      queryClient.setQueryData(feedSidebarQueryOptions.queryKey, sidebar);
    },
  });
}

describe('the home feed', () => {
  it('tells what each person did in a sentence that links to them, with what it is about', async () => {
    open([{ items: [ratings, review], nextCursor: null }]);
    const feed = screen.getByRole('region', { name: 'Activity of the people you follow' });
    const grouped = within(feed).getByRole('article', { name: /Ana Reyes: Kind of Blue, Blue Train/ });
    expect(grouped).toHaveTextContent('Ana Reyes rated 2 albums');
    expect(within(grouped).getByRole('link', { name: 'Ana Reyes' })).toHaveAttribute('href', '/profile/ana');
    expect(within(grouped).getByRole('link', { name: /Kind of Blue/ })).toHaveAttribute('href', '/album/kind-of-blue');

    const reviewed = within(feed).getByRole('article', { name: /Bo Lind: A Love Supreme/ });
    expect(within(reviewed).getByRole('link', { name: 'Prayer in four parts' })).toHaveAttribute('href', '/review/r1');
    expect(within(reviewed).getByRole('link', { name: '2 comments' })).toHaveAttribute('href', '/review/r1#comments');
    expect(within(reviewed).getByRole('button', { name: /Like this review/ })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('You are all caught up.')).toBeInTheDocument();
  });

  it('likes a review through the reviews endpoint', async () => {
    answer = (method, url) => (method === 'PUT' && url === '/api/reviews/r1/like' ? { liked: true, likeCount: 4 } : undefined);
    const { user } = open([{ items: [review], nextCursor: null }]);
    await user.click(screen.getByRole('button', { name: /Like this review/ }));
    await vi.waitFor(() => expect(requests).toContainEqual({ method: 'PUT', url: '/api/reviews/r1/like' }));
    // The answer is shown at once, and the feed holding the review is not fetched again for it.
    expect(await screen.findByRole('button', { name: /Like this review/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: /Like this review/ })).toHaveTextContent('4');
    expect(requests.filter((request) => /^\/api\/feed(\?|$)/.test(request.url))).toEqual([]);
  });

  it('loads the next page from the cursor with Load more, for keyboards', async () => {
    answer = (method, url) => (url === '/api/feed?cursor=next-1' ? { items: [later], nextCursor: null } : undefined);
    const { user } = open([{ items: [ratings], nextCursor: 'next-1' }]);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'Ana Reyes: Bo Lind' })).toHaveTextContent('Ana Reyes followed Bo Lind');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('points someone with an empty feed to the reviewers beside it, with reasons to follow them', () => {
    open([{ items: [], nextCursor: null }], {
      ...emptySidebar,
      suggestions: [{ person: bo, reason: { kind: 'shared_high_ratings', count: 14, threshold: 8 } }],
      starter: { albums: [], fromChoices: false, reviewers: [{ person: ana, reviewCount: 12, ratedOfChoices: 0 }], reviews: [] },
    });
    expect(screen.getByText('Your feed is quiet')).toBeInTheDocument();
    const beside = screen.getByRole('complementary', { name: 'Beside your feed' });
    const starters = within(beside).getByRole('region', { name: 'Active reviewers to start with' });
    expect(starters).toHaveTextContent('Ana Reyes12 reviews');
    expect(within(starters).getByRole('button', { name: /Follow Ana Reyes/ })).toBeInTheDocument();
    expect(within(beside).getByRole('region', { name: 'People to follow' })).toHaveTextContent('Gave 8+ to 14 albums you rated 8+');
    // Nothing to show is no box at all.
    expect(within(beside).queryByRole('region', { name: 'Recent reviews on Hearsay' })).not.toBeInTheDocument();
  });

  it('starts a quiet feed with albums from the member’s picks and the people who rate them', () => {
    open([{ items: [], nextCursor: null }], {
      ...emptySidebar,
      starter: {
        albums: [albumCard({ id: 'kind-of-blue', slug: 'kind-of-blue', title: 'Kind of Blue' })],
        fromChoices: true,
        reviewers: [{ person: ana, reviewCount: 0, ratedOfChoices: 3 }],
        reviews: [],
      },
    });
    const start = screen.getByRole('region', { name: 'Start here' });
    expect(start).toHaveTextContent('Albums from the genres and artists you picked that you have not rated yet.');
    expect(within(start).getByRole('link', { name: /Kind of Blue/ })).toHaveAttribute('href', '/album/kind-of-blue');
    expect(screen.queryByText('Your feed is quiet')).not.toBeInTheDocument();
    const beside = screen.getByRole('complementary', { name: 'Beside your feed' });
    expect(within(beside).getByRole('region', { name: 'Active reviewers to start with' })).toHaveTextContent(
      'Rated 3 albums from your picks',
    );
  });
});
