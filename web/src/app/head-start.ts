import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import { albumQueryOptions, albumViewerStateOptions } from '../features/catalog/api.ts';
import { unreadConversationsQueryOptions } from '../features/conversations/api.ts';
import { standingQueryOptions } from '../features/moderation/standing.tsx';
import { unreadCountQueryOptions } from '../features/notifications/api.ts';
import { profileQueryOptions } from '../features/profile/api.ts';
import { albumReviewsQueryOptions, FIRST_REVIEW_SORT, myAlbumReviewQueryOptions, reviewQueryOptions } from '../features/reviews/api.ts';
import { memberSettingsQueryOptions } from '../features/settings/member-settings.ts';
import { moderationAccessQueryOptions } from './layout/account-menu.tsx';

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

type PageHeadStart = (client: QueryClient, params: Params, signedIn: boolean) => Promise<unknown>;

/** A page's own subject, and the sections that wait for it, by route path. */
const pages: Record<string, PageHeadStart> = {
  'album/:albumId': async (client, params, signedIn) => {
    const album = await client.fetchQuery(albumQueryOptions(params.albumId ?? ''));
    return Promise.all([
      client.prefetchQuery(albumReviewsQueryOptions(album.id, FIRST_REVIEW_SORT, 1)),
      ...(signedIn
        ? [client.prefetchQuery(myAlbumReviewQueryOptions(album.id)), client.prefetchQuery(albumViewerStateOptions(album.slug))]
        : []),
    ]);
  },
  'review/:reviewId': (client, params) => client.prefetchQuery(reviewQueryOptions(params.reviewId ?? '')),
  'profile/:username': (client, params) => client.prefetchQuery(profileQueryOptions(params.username ?? '')),
};

/** Fetches what the matched routes and the layout will ask for; never fails (a failed read is asked for again by the render). */
export async function fetchHeadStart(
  client: QueryClient,
  matches: readonly { route: { path?: string }; params: Params }[],
  signedIn: boolean,
): Promise<void> {
  await Promise.all([
    ...(signedIn ? signedInLayout.map((prefetch) => prefetch(client)) : []),
    ...matches.map(({ route, params }) => pages[route.path ?? '']?.(client, params, signedIn).catch(() => undefined)),
  ]);
}
