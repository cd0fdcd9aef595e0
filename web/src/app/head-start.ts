import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import { albumQueryOptions, albumViewerStateOptions, artistQueryOptions, genresQueryOptions } from '../features/catalog/api.ts';
import { exploreAlbumsOptions } from '../features/catalog/explore-page.tsx';
import { trendingChartOptions } from '../features/catalog/trending-page.tsx';
import { firstListsOptions } from '../features/collections/lists-page.tsx';
import { unreadConversationsQueryOptions } from '../features/conversations/api.ts';
import { feedQueryOptions, feedSidebarQueryOptions } from '../features/feed/api.ts';
import { landingQueryOptions } from '../features/landing/api.ts';
import { moderationAccessQueryOptions } from '../features/moderation/access-api.ts';
import { standingQueryOptions } from '../features/moderation/api.ts';
import { unreadCountQueryOptions } from '../features/notifications/api.ts';
import { compatibilityQueryOptions, profileQueryOptions } from '../features/profile/api.ts';
import { fetchFirstTab } from '../features/profile/profile-page.tsx';
import {
  albumReviewsQueryOptions,
  commentsQueryOptions,
  FIRST_REVIEW_SORT,
  myAlbumReviewQueryOptions,
  reviewQueryOptions,
} from '../features/reviews/api.ts';
import { FIRST_COMMENTS_PAGE } from '../features/reviews/review-page.tsx';
import { firstResultsOptions } from '../features/search/search-page.tsx';
import { yearQueryOptions } from '../features/year-in-review/api.ts';
import { searchYearsQueryOptions } from '../features/search/api.ts';
import { memberSettingsQueryOptions } from '../features/settings/member-settings.ts';

/**
 * What the server fetches for a page before rendering it, beside the session: every render of a page costs as much as
 * its API reads together, so a page whose data is all here is rendered once. Only a head start: whatever a render asks
 * for is fetched anyway, so an entry missing here, or a key that changes, costs a render, never the content. The
 * server's `Server-Timing` header says how many renders a page took.
 */

/** What the layout around every page asks for when a member is signed in (their settings, counts, standing). */
const signedInLayout: ((client: QueryClient) => Promise<void>)[] = [
  (client) => client.prefetchQuery(memberSettingsQueryOptions),
  (client) => client.prefetchQuery(unreadConversationsQueryOptions),
  (client) => client.prefetchQuery(unreadCountQueryOptions),
  (client) => client.prefetchQuery(moderationAccessQueryOptions),
  (client) => client.prefetchQuery(standingQueryOptions),
];

type PageHeadStart = (client: QueryClient, params: Params, signedIn: boolean, search: URLSearchParams) => Promise<unknown>;

/** The home route (no path of its own). */
const HOME = '(index)';

/** A page's own subject and the sections that wait for it, or the list its address asks for, by route path. */
const pages: Record<string, PageHeadStart> = {
  // A member's home is their feed; a visitor's the landing page.
  [HOME]: (client, _params, signedIn) =>
    signedIn
      ? Promise.all([client.prefetchInfiniteQuery(feedQueryOptions), client.prefetchQuery(feedSidebarQueryOptions)])
      : client.prefetchQuery(landingQueryOptions),
  'album/:albumId': async (client, params, signedIn) => {
    const album = await client.fetchQuery(albumQueryOptions(params.albumId ?? ''));
    return Promise.all([
      client.prefetchQuery(albumReviewsQueryOptions(album.id, FIRST_REVIEW_SORT, 1)),
      ...(signedIn
        ? [client.prefetchQuery(myAlbumReviewQueryOptions(album.id)), client.prefetchQuery(albumViewerStateOptions(album.slug))]
        : []),
    ]);
  },
  'review/:reviewId': (client, { reviewId = '' }) =>
    Promise.all([
      client.prefetchQuery(reviewQueryOptions(reviewId)),
      client.prefetchQuery(commentsQueryOptions(reviewId, FIRST_COMMENTS_PAGE)),
    ]),
  'artist/:artistId': (client, params) => client.prefetchQuery(artistQueryOptions(params.artistId ?? '')),
  trending: (client, _params, _signedIn, search) =>
    Promise.all([client.prefetchQuery(trendingChartOptions(search)), client.prefetchQuery(genresQueryOptions)]),
  lists: (client, _params, signedIn, search) => client.prefetchQuery(firstListsOptions(search, signedIn)),
  search: async (client, _params, _signedIn, search) => {
    const results = firstResultsOptions(search);
    await Promise.all([results && client.prefetchQuery(results), client.prefetchQuery(searchYearsQueryOptions)]);
  },
  explore: (client, _params, _signedIn, search) =>
    Promise.all([client.prefetchQuery(exploreAlbumsOptions(search)), client.prefetchQuery(genresQueryOptions)]),
  'profile/:username': async (client, params, signedIn, search) => {
    const profile = await client.fetchQuery(profileQueryOptions(params.username ?? ''));
    // Compatibility shows on someone else's profile that shares ratings; fetched for any other, it is left unsent.
    const compatibility = signedIn && !profile.isOwner ? client.prefetchQuery(compatibilityQueryOptions(profile.username)) : null;
    await Promise.all([fetchFirstTab(client, search, profile.username), compatibility]);
  },
  'profile/:username/year/:year': (client, { username = '', year = '' }) => client.prefetchQuery(yearQueryOptions(username, year)),
};

/**
 * Fetches what the matched routes and the layout will ask for. Never fails: a read that failed counts only if the page
 * reads it, and then the page is left to the browser, as for a read that fails while rendering.
 */
export async function fetchHeadStart(
  client: QueryClient,
  matches: readonly { route: { path?: string; index?: boolean }; params: Params }[],
  signedIn: boolean,
  search: URLSearchParams,
): Promise<void> {
  await Promise.all([
    ...(signedIn ? signedInLayout.map((prefetch) => prefetch(client)) : []),
    ...matches.map(({ route, params }) =>
      pages[route.index ? HOME : (route.path ?? '')]?.(client, params, signedIn, search).catch(() => undefined),
    ),
  ]);
}
