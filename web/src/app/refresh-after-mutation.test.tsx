import type { Profile } from '@hearsay/contracts/profiles';
import { useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { albumQueryOptions, albumViewerStateOptions, useRateAlbum } from '../features/catalog/api.ts';
import { feedQueryOptions } from '../features/feed/api.ts';
import { peopleQueryOptions, profileQueryOptions } from '../features/profile/api.ts';
import { albumReviewsQueryOptions, likedReviewsQueryOptions, reviewQueryOptions } from '../features/reviews/api.ts';
import { searchQueryOptions } from '../features/search/api.ts';
import { sessionQueryOptions } from '../shared/auth/session.ts';
import { endpointQuery } from '../shared/lib/api-client.ts';
import { catalogEndpoints } from '../shared/lib/endpoints.ts';
import { albumCard, currentUser } from '../shared/test/fixtures.ts';
import { renderHookWithProviders, renderWithProviders } from '../shared/test/render.tsx';
import { FollowButton } from '../shared/ui/follow-button.tsx';
import { LikeReviewButton } from '../shared/ui/like-review-button.tsx';

/** Every request the page sends, and the answers the server gives (by method and path). */
const requests: string[] = [];
let answers: Record<string, unknown> = {};
beforeEach(() => {
  requests.length = 0;
  answers = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const request = `${init?.method ?? 'GET'} ${url}`;
      requests.push(request);
      const answer = answers[request];
      if (answer === undefined) return new Response('{}', { status: 500 });
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const signedIn = (queryClient: QueryClient) => queryClient.setQueryData(sessionQueryOptions.queryKey, { user: currentUser() });
const stale = (queryClient: QueryClient, queryKey: readonly unknown[]) => queryClient.getQueryState(queryKey)?.isInvalidated;

describe('liking a review', () => {
  const review = { id: 'r1', likedByViewer: false, likeCount: 2 };
  const feedPage = { items: [{ kind: 'review', id: 'i1', review }], nextCursor: null };
  const reviewPage = { items: [review], page: 1, limit: 10, total: 1 };
  interface Liked {
    id: string;
    likedByViewer: boolean;
    likeCount: number;
  }

  /** The feed, the review's own page and the album's reviews, on screen together, each with its Like button. */
  function Screens() {
    const feed = useInfiniteQuery(feedQueryOptions);
    const own = useQuery(reviewQueryOptions('r1'));
    const list = useQuery(albumReviewsQueryOptions('a1', 'popular', 1));
    const inFeed = (feed.data?.pages[0]?.items[0] as unknown as { review: Liked } | undefined)?.review;
    return (
      <>
        <section aria-label="Feed">{inFeed ? <LikeReviewButton review={inFeed} /> : null}</section>
        <section aria-label="Review">{own.data ? <LikeReviewButton review={own.data as unknown as Liked} /> : null}</section>
        <section aria-label="Album">{list.data ? <LikeReviewButton review={list.data.items[0] as unknown as Liked} /> : null}</section>
      </>
    );
  }

  function show() {
    return renderWithProviders(<Screens />, {
      cache: (queryClient) => {
        signedIn(queryClient);
        queryClient.setQueryData(feedQueryOptions.queryKey, { pages: [feedPage], pageParams: [''] } as never);
        queryClient.setQueryData(reviewQueryOptions('r1').queryKey, review as never);
        queryClient.setQueryData(albumReviewsQueryOptions('a1', 'popular', 1).queryKey, reviewPage as never);
        // Not on screen: your liked reviews, which the like changes too.
        queryClient.setQueryData(likedReviewsQueryOptions(1).queryKey, { items: [], page: 1, limit: 10, total: 0 } as never);
      },
    });
  }

  const likeIn = (place: string) => within(screen.getByRole('region', { name: place })).getByRole('button', { name: /Like this review/ });

  it.each(['Feed', 'Review', 'Album'])('in the %s shows at once everywhere the review is, with one request', async (place) => {
    answers['PUT /api/reviews/r1/like'] = { liked: true, likeCount: 3 };
    const { user, queryClient } = show();
    await user.click(likeIn(place));
    for (const where of ['Feed', 'Review', 'Album']) {
      await waitFor(() => expect(likeIn(where)).toHaveAttribute('aria-pressed', 'true'));
      expect(likeIn(where)).toHaveTextContent('3');
    }
    expect(requests).toEqual(['PUT /api/reviews/r1/like']);
    // What is not on screen is fetched again when next shown.
    expect(stale(queryClient, likedReviewsQueryOptions(1).queryKey)).toBe(true);
  });
});

describe('following someone', () => {
  const bob = { id: 'u2', username: 'bob', name: 'Bob Ray', avatarUrl: null, isFollowing: false, isViewer: false };
  const profile: Profile = {
    id: 'u2',
    username: 'bob',
    name: 'Bob Ray',
    bio: '',
    avatarUrl: null,
    memberSince: '2026-01-01T00:00:00.000Z',
    stats: { ratings: 0, reviews: 0, lists: 0, followers: 0, following: 0 },
    isOwner: false,
    isFollowing: false,
    blocked: false,
    muted: false,
    visibility: 'public',
    requested: false,
    locked: false,
    sharesRatings: true,
  };
  const search = { q: 'bob', type: 'users' as const };

  /** Bob's profile, a search that finds him, and the followers of someone he follows too. */
  function Screens() {
    const shown = useQuery(profileQueryOptions('bob'));
    const found = useQuery(searchQueryOptions(search));
    const followers = useQuery(peopleQueryOptions('cleo', 'followers', 1));
    const foundBob = found.data?.users[0];
    const followerBob = followers.data?.items[0];
    return (
      <>
        <section aria-label="Profile">{shown.data ? <FollowButton person={shown.data} onProfile /> : null}</section>
        <section aria-label="Search">{foundBob ? <FollowButton person={foundBob} /> : null}</section>
        <section aria-label="Followers">{followerBob ? <FollowButton person={followerBob} /> : null}</section>
      </>
    );
  }

  it('shows in every place showing the person: lists from the answer, the profile (with its counts) fetched again', async () => {
    answers['PUT /api/users/bob/follow'] = { following: true, requested: false, followers: 1, viewerFollowing: 1 };
    answers['GET /api/users/bob'] = { ...profile, isFollowing: true, stats: { ...profile.stats, followers: 1 } };
    const { user } = renderWithProviders(<Screens />, {
      cache: (queryClient) => {
        signedIn(queryClient);
        queryClient.setQueryData(profileQueryOptions('bob').queryKey, profile);
        queryClient.setQueryData(searchQueryOptions(search).queryKey, { users: [bob] } as never);
        queryClient.setQueryData(peopleQueryOptions('cleo', 'followers', 1).queryKey, {
          items: [bob],
          page: 1,
          limit: 20,
          total: 1,
        } as never);
      },
    });
    await user.click(within(screen.getByRole('region', { name: 'Search' })).getByRole('button', { name: 'Follow Bob Ray' }));
    for (const where of ['Search', 'Followers']) {
      await waitFor(() =>
        expect(within(screen.getByRole('region', { name: where })).getByRole('button', { name: 'Unfollow Bob Ray' })).toBeVisible(),
      );
    }
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Profile' })).getByRole('button')).toHaveTextContent('Unfollow'));
    expect(requests).toEqual(['PUT /api/users/bob/follow', 'GET /api/users/bob']);
  });
});

describe('rating an album', () => {
  it('is one request: the album and your state of it take the answer, the lists showing ratings are fetched when next shown', async () => {
    const album = { ...albumCard({ id: 'a1', slug: 'kind-of-blue', title: 'Kind of Blue' }), ratingDistribution: [] };
    answers['PUT /api/albums/kind-of-blue/rating'] = {
      albumId: 'a1',
      rating: 8,
      averageRating: 8,
      ratingCount: 1,
      ratingDistribution: [{ rating: 8, count: 1 }],
    };
    const albumList = endpointQuery(catalogEndpoints.albumList, { query: {} });
    const { result, queryClient } = renderHookWithProviders(
      () => ({
        album: useQuery(albumQueryOptions('kind-of-blue')),
        state: useQuery(albumViewerStateOptions('kind-of-blue')),
        rate: useRateAlbum('kind-of-blue'),
      }),
      {
        cache: (client) => {
          signedIn(client);
          client.setQueryData(albumQueryOptions('kind-of-blue').queryKey, album as never);
          client.setQueryData(albumViewerStateOptions('kind-of-blue').queryKey, {
            rating: null,
            liked: false,
            listenLater: false,
          } as never);
          client.setQueryData(albumList.queryKey, { items: [album], page: 1, limit: 24, total: 1 } as never);
        },
      },
    );
    await act(() => result.current.rate.mutateAsync(8));
    await waitFor(() => expect(result.current.album.data).toMatchObject({ viewerRating: 8, averageRating: 8, ratingCount: 1 }));
    expect(result.current.state.data).toMatchObject({ rating: 8 });
    expect(requests).toEqual(['PUT /api/albums/kind-of-blue/rating']);
    expect(stale(queryClient, albumList.queryKey)).toBe(true);
  });
});
