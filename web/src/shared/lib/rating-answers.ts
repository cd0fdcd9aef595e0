import type { Endpoint } from '@hearsay/contracts/endpoint';
import type { QueryClient } from '@tanstack/react-query';
import { endpointKey, type LazyEndpoint } from './api-client.ts';
import {
  catalogEndpoints,
  collectionsEndpoints,
  journalEndpoints,
  libraryEndpoints,
  profilesEndpoints,
  ratingsEndpoints,
  reviewsEndpoints,
  searchEndpoints,
  siteEndpoints,
} from './endpoints.ts';

/**
 * Every answer that shows an album's average or rating count, the viewer's own rating of it ("Your rating", which
 * every album card carries), or a person's ratings and counts. When someone rates, re-rates or un-rates an album
 * (on its page, or by publishing a review), each of them is refreshed by its endpoint, so the Library, the rater's
 * profile, search, the charts and every list show the new rating without a reload.
 */
export const ANSWERS_SHOWING_RATINGS: readonly LazyEndpoint<Endpoint>[] = [
  catalogEndpoints.album,
  catalogEndpoints.albumList,
  catalogEndpoints.artist,
  catalogEndpoints.discover,
  catalogEndpoints.chart,
  searchEndpoints.search,
  ratingsEndpoints.mine,
  libraryEndpoints.albumState,
  libraryEndpoints.favorites,
  libraryEndpoints.listenLater,
  profilesEndpoints.profile,
  profilesEndpoints.ratings,
  profilesEndpoints.ratingDistribution,
  collectionsEndpoints.collection,
  journalEndpoints.list,
  reviewsEndpoints.albumReviews,
  reviewsEndpoints.review,
  reviewsEndpoints.myReviews,
  reviewsEndpoints.likedReviews,
  siteEndpoints.landing,
  siteEndpoints.stats,
];

/** Marks every answer showing ratings stale; those on screen refetch at once, the rest when next shown. */
export function refreshRatings(queryClient: QueryClient) {
  return Promise.all(ANSWERS_SHOWING_RATINGS.map((declaration) => queryClient.invalidateQueries({ queryKey: endpointKey(declaration) })));
}
