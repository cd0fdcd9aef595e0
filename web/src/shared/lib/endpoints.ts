import { lazyContract } from './api-client.ts';

/**
 * Every API endpoint the web app calls, by contract. Screens import these, never a contract's `…Endpoints` (a lint
 * rule holds this): a contract's module, with its zod schemas, then loads with the first call to one of its endpoints,
 * in a task of its own, instead of inside the task that starts a page (see decision 035).
 */
export const accessTokensEndpoints = lazyContract('accessTokens', () =>
  import('@hearsay/contracts/access-tokens').then((contract) => contract.accessTokensEndpoints),
);
export const accountsEndpoints = lazyContract('accounts', () =>
  import('@hearsay/contracts/accounts').then((contract) => contract.accountsEndpoints),
);
export const blocksEndpoints = lazyContract('blocks', () =>
  import('@hearsay/contracts/blocks').then((contract) => contract.blocksEndpoints),
);
export const catalogEndpoints = lazyContract('catalog', () =>
  import('@hearsay/contracts/catalog').then((contract) => contract.catalogEndpoints),
);
export const collectionsEndpoints = lazyContract('collections', () =>
  import('@hearsay/contracts/collections').then((contract) => contract.collectionsEndpoints),
);
export const conversationsEndpoints = lazyContract('conversations', () =>
  import('@hearsay/contracts/conversations').then((contract) => contract.conversationsEndpoints),
);
export const dataExportEndpoints = lazyContract('dataExport', () =>
  import('@hearsay/contracts/data-export').then((contract) => contract.dataExportEndpoints),
);
export const feedEndpoints = lazyContract('feed', () => import('@hearsay/contracts/feed').then((contract) => contract.feedEndpoints));
export const federationEndpoints = lazyContract('federation', () =>
  import('@hearsay/contracts/federation').then((contract) => contract.federationEndpoints),
);
export const importsEndpoints = lazyContract('imports', () =>
  import('@hearsay/contracts/imports').then((contract) => contract.importsEndpoints),
);
export const journalEndpoints = lazyContract('journal', () =>
  import('@hearsay/contracts/journal').then((contract) => contract.journalEndpoints),
);
export const libraryEndpoints = lazyContract('library', () =>
  import('@hearsay/contracts/library').then((contract) => contract.libraryEndpoints),
);
export const memberSettingsEndpoints = lazyContract('memberSettings', () =>
  import('@hearsay/contracts/notifications').then((contract) => contract.memberSettingsEndpoints),
);
export const moderationEndpoints = lazyContract('moderation', () =>
  import('@hearsay/contracts/moderation').then((contract) => contract.moderationEndpoints),
);
export const musicbrainzEndpoints = lazyContract('musicbrainz', () =>
  import('@hearsay/contracts/musicbrainz').then((contract) => contract.musicbrainzEndpoints),
);
export const notificationsEndpoints = lazyContract('notifications', () =>
  import('@hearsay/contracts/notifications').then((contract) => contract.notificationsEndpoints),
);
export const profilesEndpoints = lazyContract('profiles', () =>
  import('@hearsay/contracts/profiles').then((contract) => contract.profilesEndpoints),
);
export const ratingsEndpoints = lazyContract('ratings', () =>
  import('@hearsay/contracts/ratings').then((contract) => contract.ratingsEndpoints),
);
export const reviewsEndpoints = lazyContract('reviews', () =>
  import('@hearsay/contracts/reviews').then((contract) => contract.reviewsEndpoints),
);
export const searchEndpoints = lazyContract('search', () =>
  import('@hearsay/contracts/search').then((contract) => contract.searchEndpoints),
);
export const securityEndpoints = lazyContract('security', () =>
  import('@hearsay/contracts/security').then((contract) => contract.securityEndpoints),
);
export const siteEndpoints = lazyContract('site', () => import('@hearsay/contracts/site').then((contract) => contract.siteEndpoints));
export const yearInReviewEndpoints = lazyContract('yearInReview', () =>
  import('@hearsay/contracts/year-in-review').then((contract) => contract.yearInReviewEndpoints),
);
