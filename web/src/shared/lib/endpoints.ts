import { lazyContract } from './api-client.ts';

/**
 * Every API endpoint the web app calls, by contract. Screens import these, never a contract's `…Endpoints` (a lint
 * rule holds this): a contract's module, with its zod schemas, then loads with the first call to one of its endpoints,
 * in a task of its own, instead of inside the task that starts a page (see decision 035).
 */
export const accessTokensEndpoints = lazyContract('accessTokens', () => import('@hearsay/contracts/access-tokens'));
export const accountsEndpoints = lazyContract('accounts', () => import('@hearsay/contracts/accounts'));
export const blocksEndpoints = lazyContract('blocks', () => import('@hearsay/contracts/blocks'));
export const catalogEndpoints = lazyContract('catalog', () => import('@hearsay/contracts/catalog'));
export const collectionsEndpoints = lazyContract('collections', () => import('@hearsay/contracts/collections'));
export const conversationsEndpoints = lazyContract('conversations', () => import('@hearsay/contracts/conversations'));
export const dataExportEndpoints = lazyContract('dataExport', () => import('@hearsay/contracts/data-export'));
export const editionsEndpoints = lazyContract('editions', () => import('@hearsay/contracts/editions'));
export const favouritesEndpoints = lazyContract('favourites', () => import('@hearsay/contracts/favourites'));
export const feedEndpoints = lazyContract('feed', () => import('@hearsay/contracts/feed'));
export const federationEndpoints = lazyContract('federation', () => import('@hearsay/contracts/federation'));
export const importsEndpoints = lazyContract('imports', () => import('@hearsay/contracts/imports'));
export const linksEndpoints = lazyContract('links', () => import('@hearsay/contracts/links'));
export const listensEndpoints = lazyContract('listens', () => import('@hearsay/contracts/listens'));
export const journalEndpoints = lazyContract('journal', () => import('@hearsay/contracts/journal'));
export const libraryEndpoints = lazyContract('library', () => import('@hearsay/contracts/library'));
export const listeningEndpoints = lazyContract('listening', () => import('@hearsay/contracts/listening'));
export const listenbrainzForwardingEndpoints = lazyContract(
  'listenbrainzForwarding',
  () => import('@hearsay/contracts/listenbrainz-forwarding'),
);
export const listeningStatsEndpoints = lazyContract('listeningStats', () => import('@hearsay/contracts/listening-stats'));
export const memberSettingsEndpoints = lazyContract('memberSettings', () => import('@hearsay/contracts/notifications'));
export const curationEndpoints = lazyContract('curation', () => import('@hearsay/contracts/curation'));
export const moderationEndpoints = lazyContract('moderation', () => import('@hearsay/contracts/moderation'));
export const musicbrainzEndpoints = lazyContract('musicbrainz', () => import('@hearsay/contracts/musicbrainz'));
export const notificationsEndpoints = lazyContract('notifications', () => import('@hearsay/contracts/notifications'));
export const profilesEndpoints = lazyContract('profiles', () => import('@hearsay/contracts/profiles'));
export const ratingsEndpoints = lazyContract('ratings', () => import('@hearsay/contracts/ratings'));
export const reviewsEndpoints = lazyContract('reviews', () => import('@hearsay/contracts/reviews'));
export const searchEndpoints = lazyContract('search', () => import('@hearsay/contracts/search'));
export const securityEndpoints = lazyContract('security', () => import('@hearsay/contracts/security'));
export const siteEndpoints = lazyContract('site', () => import('@hearsay/contracts/site'));
export const yearInReviewEndpoints = lazyContract('yearInReview', () => import('@hearsay/contracts/year-in-review'));
