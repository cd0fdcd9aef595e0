import type { MyRatingsQuery } from '@hearsay/contracts/ratings';
import { endpointQuery } from '../../shared/lib/api-client.ts';
import { profilesEndpoints } from '../../shared/lib/endpoints.ts';

export const profileQueryOptions = (username: string) => endpointQuery(profilesEndpoints.profile, { params: { username } });

export type RatingsFilter = Pick<MyRatingsQuery, 'sort' | 'page'> & Partial<Pick<MyRatingsQuery, 'genre' | 'decade' | 'minRating'>>;

export const profileRatingsQueryOptions = (username: string, filter: RatingsFilter, limit = 24) =>
  endpointQuery(profilesEndpoints.ratings, { params: { username }, query: { ...filter, limit } });

export const distributionQueryOptions = (username: string) => endpointQuery(profilesEndpoints.ratingDistribution, { params: { username } });

export const profileCollectionsQueryOptions = (username: string, page: number) =>
  endpointQuery(profilesEndpoints.collections, { params: { username }, query: { page, limit: 24 } });

export const peopleQueryOptions = (username: string, direction: 'followers' | 'following', page: number) =>
  endpointQuery(profilesEndpoints[direction], { params: { username }, query: { page, limit: 24 } });

export const compatibilityQueryOptions = (username: string) => endpointQuery(profilesEndpoints.compatibility, { params: { username } });
