import type { Migration } from 'kysely/migration';
import * as createCatalog from './2026-11-22-01-create-catalog.ts';
import * as createAccounts from './2026-11-22-02-create-accounts.ts';
import * as createRatings from './2026-11-22-03-create-ratings.ts';
import * as createSearch from './2026-11-22-04-create-search.ts';
import * as createLibrary from './2026-11-22-05-create-library.ts';
import * as createReviews from './2026-11-22-06-create-reviews.ts';
import * as createJournal from './2026-11-22-09-create-journal.ts';
import * as createCollections from './2026-11-22-07-create-collections.ts';
import * as createFollows from './2026-11-22-08-create-follows.ts';
import * as createImports from './2026-11-22-10-create-imports.ts';
import * as addTwoFactorVerification from './2026-11-22-11-add-two-factor-verification.ts';
import * as boundCatalogTextAndPendingAlbums from './2026-11-22-12-bound-catalog-text-and-pending-albums.ts';
import * as dropPlainResetTokens from './2026-11-23-01-drop-plain-reset-tokens.ts';
import * as countPublicCollections from './2026-11-23-10-count-public-collections.ts';
import * as createJobs from './2026-11-23-20-create-jobs.ts';
import * as matchKeysAndArtistAliases from './2026-11-24-40-match-keys-and-artist-aliases.ts';
import * as createActivity from './2026-11-24-50-create-activity.ts';
import * as createNotifications from './2026-11-24-51-create-notifications.ts';
import * as createConversations from './2026-11-24-52-create-conversations.ts';
import * as musicbrainz from './2026-11-24-60-musicbrainz.ts';
import * as createBlocksAndMutes from './2026-11-25-10-create-blocks-and-mutes.ts';
import * as createReportsAndModeration from './2026-11-25-20-create-reports-and-moderation.ts';
import * as profileVisibility from './2026-11-25-30-profile-visibility.ts';
import * as moderatorsAndSanctions from './2026-11-25-40-moderators-and-sanctions.ts';
import * as usernameRedirectsAndEmailChanges from './2026-11-26-30-username-redirects-and-email-changes.ts';
import * as dataExports from './2026-11-26-50-data-exports.ts';
import * as accessTokens from './2026-11-27-40-access-tokens.ts';
import * as searchPeopleAndCollections from './2026-11-28-20-search-people-and-collections.ts';
import * as activityObjectActorIndex from './2026-11-28-30-activity-object-actor-index.ts';
import * as pendingAlbumsIndex from './2026-11-29-10-pending-albums-index.ts';
import * as popularAlbumsIndex from './2026-11-29-20-popular-albums-index.ts';
import * as searchLongerPrefixes from './2026-11-30-10-search-longer-prefixes.ts';
import * as searchIndexesWithoutPendingLists from './2026-11-30-20-search-indexes-without-pending-lists.ts';
import * as albumRatingSteps from './2026-12-01-10-album-rating-steps.ts';
import * as searchSegments from './2026-12-02-10-search-segments.ts';
import * as creditsAndGenresWithoutRowid from './2026-12-03-10-credits-and-genres-without-rowid.ts';
import * as searchTermsCoveringIndex from './2026-12-03-20-search-terms-covering-index.ts';
import * as ratingIsItsFeedEntry from './2026-12-04-10-rating-is-its-feed-entry.ts';
import * as albumGenresInOrder from './2026-12-05-10-album-genres-in-order.ts';
import * as feedTimeIndexesWithTheActor from './2026-12-05-20-feed-time-indexes-with-the-actor.ts';
import * as ratingsByPersonInUpdateOrder from './2026-12-06-10-ratings-by-person-in-update-order.ts';
import * as albumCardsCarryCreditsAndGenres from './2026-12-07-10-album-cards-carry-credits-and-genres.ts';
import * as albumDiscogsMasterIndex from './2026-12-08-10-album-discogs-master-index.ts';
import * as searchTextPrefixIndexes from './2026-12-09-10-search-text-prefix-indexes.ts';
import * as reviewDrafts from './2026-12-10-10-review-drafts.ts';
import * as notificationSubjectAndReason from './2026-12-11-10-notification-subject-and-reason.ts';
import * as commentReplies from './2026-12-11-20-comment-replies.ts';
import * as albumVouches from './2026-12-12-10-album-vouches.ts';
import * as importChecks from './2026-12-12-20-import-checks.ts';
import * as importErrorCodes from './2026-12-13-20-import-error-codes.ts';
import * as federation from './2026-12-14-10-federation.ts';
import * as remoteBlocks from './2026-12-15-10-remote-blocks.ts';
import * as jobTopic from './2026-12-15-40-job-topic.ts';
import * as listens from './2026-12-16-10-listens.ts';
import * as journalEntriesFromListens from './2026-12-16-30-journal-entries-from-listens.ts';
import * as listenbrainzForwarding from './2026-12-16-50-listenbrainz-forwarding.ts';
import * as votedGenresAndDescriptors from './2026-12-17-10-voted-genres-and-descriptors.ts';
import * as editionsAndOwnership from './2026-12-17-30-editions-and-ownership.ts';
import * as favouriteAlbums from './2026-12-17-60-favourite-albums.ts';
import * as createPushSubscriptions from './2026-12-18-10-create-push-subscriptions.ts';
import * as idempotencyKeys from './2026-12-18-20-idempotency-keys.ts';
import * as homeTimelines from './2026-12-19-10-home-timelines.ts';
import * as coveringIndexesForBusyReads from './2026-12-20-10-covering-indexes-for-busy-reads.ts';
import * as trackRatings from './2026-12-17-20-track-ratings.ts';
import * as catalogCuration from './2026-12-17-40-catalog-curation.ts';
import * as chartEntries from './2026-12-17-51-chart-entries.ts';
import * as remoteCommentsAndReports from './2026-12-15-20-remote-comments-and-reports.ts';

/** Every migration, registered by name. Names sort in the order they run; never rename or edit one that has shipped. */
export const migrations: Record<string, Migration> = {
  '2026-11-22-01-create-catalog': createCatalog,
  '2026-11-22-02-create-accounts': createAccounts,
  '2026-11-22-03-create-ratings': createRatings,
  '2026-11-22-04-create-search': createSearch,
  '2026-11-22-05-create-library': createLibrary,
  '2026-11-22-06-create-reviews': createReviews,
  '2026-11-22-07-create-collections': createCollections,
  '2026-11-22-08-create-follows': createFollows,
  '2026-11-22-09-create-journal': createJournal,
  '2026-11-22-10-create-imports': createImports,
  '2026-11-22-11-add-two-factor-verification': addTwoFactorVerification,
  '2026-11-22-12-bound-catalog-text-and-pending-albums': boundCatalogTextAndPendingAlbums,
  '2026-11-23-01-drop-plain-reset-tokens': dropPlainResetTokens,
  '2026-11-23-10-count-public-collections': countPublicCollections,
  '2026-11-23-20-create-jobs': createJobs,
  '2026-11-24-40-match-keys-and-artist-aliases': matchKeysAndArtistAliases,
  '2026-11-24-50-create-activity': createActivity,
  '2026-11-24-51-create-notifications': createNotifications,
  '2026-11-24-52-create-conversations': createConversations,
  '2026-11-24-60-musicbrainz': musicbrainz,
  '2026-11-25-10-create-blocks-and-mutes': createBlocksAndMutes,
  '2026-11-25-20-create-reports-and-moderation': createReportsAndModeration,
  '2026-11-25-30-profile-visibility': profileVisibility,
  '2026-11-25-40-moderators-and-sanctions': moderatorsAndSanctions,
  '2026-11-26-30-username-redirects-and-email-changes': usernameRedirectsAndEmailChanges,
  '2026-11-26-50-data-exports': dataExports,
  '2026-11-27-40-access-tokens': accessTokens,
  '2026-11-28-20-search-people-and-collections': searchPeopleAndCollections,
  '2026-11-28-30-activity-object-actor-index': activityObjectActorIndex,
  '2026-11-29-10-pending-albums-index': pendingAlbumsIndex,
  '2026-11-29-20-popular-albums-index': popularAlbumsIndex,
  '2026-11-30-10-search-longer-prefixes': searchLongerPrefixes,
  '2026-11-30-20-search-indexes-without-pending-lists': searchIndexesWithoutPendingLists,
  '2026-12-01-10-album-rating-steps': albumRatingSteps,
  '2026-12-02-10-search-segments': searchSegments,
  '2026-12-03-10-credits-and-genres-without-rowid': creditsAndGenresWithoutRowid,
  '2026-12-03-20-search-terms-covering-index': searchTermsCoveringIndex,
  '2026-12-04-10-rating-is-its-feed-entry': ratingIsItsFeedEntry,
  '2026-12-05-10-album-genres-in-order': albumGenresInOrder,
  '2026-12-05-20-feed-time-indexes-with-the-actor': feedTimeIndexesWithTheActor,
  '2026-12-06-10-ratings-by-person-in-update-order': ratingsByPersonInUpdateOrder,
  '2026-12-07-10-album-cards-carry-credits-and-genres': albumCardsCarryCreditsAndGenres,
  '2026-12-08-10-album-discogs-master-index': albumDiscogsMasterIndex,
  '2026-12-09-10-search-text-prefix-indexes': searchTextPrefixIndexes,
  '2026-12-10-10-review-drafts': reviewDrafts,
  '2026-12-11-10-notification-subject-and-reason': notificationSubjectAndReason,
  '2026-12-11-20-comment-replies': commentReplies,
  '2026-12-12-10-album-vouches': albumVouches,
  '2026-12-12-20-import-checks': importChecks,
  '2026-12-13-20-import-error-codes': importErrorCodes,
  '2026-12-14-10-federation': federation,
  '2026-12-15-10-remote-blocks': remoteBlocks,
  '2026-12-15-40-job-topic': jobTopic,
  '2026-12-15-20-remote-comments-and-reports': remoteCommentsAndReports,
  '2026-12-16-10-listens': listens,
  '2026-12-16-30-journal-entries-from-listens': journalEntriesFromListens,
  '2026-12-16-50-listenbrainz-forwarding': listenbrainzForwarding,
  '2026-12-17-10-voted-genres-and-descriptors': votedGenresAndDescriptors,
  '2026-12-17-30-editions-and-ownership': editionsAndOwnership,
  '2026-12-17-60-favourite-albums': favouriteAlbums,
  '2026-12-17-20-track-ratings': trackRatings,
  '2026-12-17-40-catalog-curation': catalogCuration,
  '2026-12-17-51-chart-entries': chartEntries,
  '2026-12-18-10-create-push-subscriptions': createPushSubscriptions,
  '2026-12-18-20-idempotency-keys': idempotencyKeys,
  '2026-12-19-10-home-timelines': homeTimelines,
  '2026-12-20-10-covering-indexes-for-busy-reads': coveringIndexesForBusyReads,
};
