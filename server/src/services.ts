import { trustWeight } from './modules/genres/trust-weight.ts';
import type { AppDeps } from './app.ts';
import { createListeningServiceLookup } from './modules/accounts/listening-service.ts';
import { createAccountReads } from './modules/accounts/account-reads.ts';
import { createSettingsService } from './modules/accounts/settings.service.ts';
import { CATALOG_ENRICH_JOB, createCatalogEnrichment } from './modules/catalog/catalog-enrichment.ts';
import { CHART_COUNTING_JOB } from './modules/catalog/chart-counting.ts';
import { createCatalogMusicBrainz } from './modules/catalog/catalog-musicbrainz.ts';
import { createHydrator } from './hydration/hydrator.ts';
import { createBlocksService } from './modules/blocks/blocks.service.ts';
import { createCatalogService } from './modules/catalog/catalog.service.ts';
import { createCollectionsService } from './modules/collections/collections.service.ts';
import { createDataExportService, DATA_EXPORT_JOB } from './modules/data-export/data-export.service.ts';
import { createImageProxyService } from './modules/image-proxy/image-proxy.service.ts';
import {
  createImportsService,
  HEARSAY_IMPORT_JOB,
  LASTFM_IMPORT_JOB,
  LISTEN_IMPORT_JOB,
  RYM_IMPORT_JOB,
} from './modules/imports/imports.service.ts';
import { createActivityLog } from './modules/feed/feed.service.ts';
import { createJournalService } from './modules/journal/journal.service.ts';
import { createListenMatching, LISTEN_MATCHING_JOB } from './modules/listens/listen-matching.ts';
import { createListensService } from './modules/listens/listens.service.ts';
import { createListenBrainzForwarding, LISTENBRAINZ_FORWARD_JOB } from './modules/listens/listenbrainz-forwarding.service.ts';
import { createLibraryService } from './modules/library/library.service.ts';
import { ALBUM_EDITIONS_JOB, createEditionsService } from './modules/editions/editions.service.ts';
import { createUnsubscribeLinks } from './modules/notifications/unsubscribe-links.ts';
import { createWeeklyDigest, WEEKLY_DIGEST_JOB } from './modules/notifications/weekly-digest.ts';
import { createFavouriteAlbumImport, createProfileReads, createProfileRows } from './modules/profiles/profiles.service.ts';
import { createRatingLookup, createRatingsService } from './modules/ratings/ratings.service.ts';
import { createReviewLookup, createReviewsService } from './modules/reviews/reviews.service.ts';
import {
  createFederationService,
  FEDERATION_DELIVERY_JOB,
  FEDERATION_INBOX_JOB,
  FEDERATION_PUBLISH_JOB,
} from './modules/federation/federation.service.ts';
import type { Config } from './platform/config.ts';
import type { DB } from './platform/db/index.ts';
import type { DomainEvents, EventBus } from './platform/events.ts';
import type { JobHandler, Jobs } from './platform/jobs/runner.ts';
import { createMailer } from './platform/mail/mailer.ts';
import { createMusicBrainz } from './platform/musicbrainz/client.ts';
import type { MusicBrainz } from './platform/musicbrainz/types.ts';
import { HEARSAY_VERSION } from './platform/version.ts';
import { createSiteReports } from './modules/moderation/site-reports.ts';
import { createCurationAccess } from './modules/moderation/curation-access.ts';
import { moderationAlbumMerge } from './modules/moderation/merged-albums.repository.ts';
import { feedAlbumMerge } from './modules/feed/merged-albums.repository.ts';
import { createHomeTimelines, TIMELINE_JOB_KINDS } from './modules/feed/home-timelines.ts';
import { genresAlbumMerge } from './modules/genres/merged-albums.repository.ts';
import { CATALOG_CURATION_JOB, createCurationService } from './modules/curation/curation.service.ts';
import { createPushService, PUSH_DELIVERY_JOB } from './modules/push/push.service.ts';

export interface CoreServiceDeps {
  db: DB;
  clock: () => Date;
  config: Config;
  imageProxy?: AppDeps['imageProxy'];
  jobs: Pick<Jobs, 'enqueue'>;
  /** The server's domain events (notifications listen); the job thread has none. */
  events?: Pick<EventBus, 'emit'>;
  log?: {
    warn(details: object, message: string): void;
    error(details: object, message: string): void;
    info(details: object, message: string): void;
  };
  /** Shared by the server thread and the job thread, so both keep to one MusicBrainz request a second together. */
  musicbrainzSlot?: SharedArrayBuffer;
  /** An export is ready: the server tells its owner (the job thread passes it on to the server). */
  onExportReady?: (ready: DomainEvents['data_export.ready']) => void;
  /** Each e-mail sent or not (the server's metrics count them; the job thread passes them on). */
  onMailOutcome?: (outcome: 'sent' | 'failed') => void;
  /** A person of another site liked a member's review: the server tells the member (the job thread passes it on). */
  onRemoteLike?: (like: DomainEvents['review.liked_remotely']) => void;
  onRemoteComment?: (comment: DomainEvents['review.commented_remotely']) => void;
  /** Listens were recorded where there is no event bus (an import in the job thread): the server passes the event on. */
  onListensRecorded?: (recorded: DomainEvents['listens.recorded']) => void;
  /** How federation reaches other servers (tests may pass their own). */
  fetch?: typeof fetch;
  /** The TLS agent pushes go through (tests pass one that trusts their stand-in). */
  pushAgent?: AppDeps['pushAgent'];
}

const quiet = { warn: () => {}, error: () => {}, info: () => {} };

export type CoreServices = ReturnType<typeof buildCoreServices>;

/**
 * The services that background jobs need as well as routes. The server and the job thread build them here, the same
 * way, each on its own database connection; app.ts adds the rest.
 */
export function buildCoreServices(deps: CoreServiceDeps) {
  const { db, clock, config, imageProxy: imageProxyOptions, jobs, events, log = quiet } = deps;
  const ratingLookup = createRatingLookup(db);
  // People, albums, reviews and lists by id with the viewer's side, and the rules of who sees what: every module
  // that shows them asks it.
  const hydrator = createHydrator({ db, caches: config.caches });
  const catalog = createCatalogService({
    db,
    clock,
    charts: config.charts,
    raterWeight: trustWeight,
    caches: config.caches,
    memberConfirmation: config.memberConfirmation,
    ratings: ratingLookup,
    reviews: createReviewLookup(db),
    hydrator,
    preferredLinkService: createListeningServiceLookup(db, config.caches),
  });
  // What other modules read and write of the profile row (its counters, settings, fields) and the feed's rows, through
  // their owners, made before the modules that use them (decision 065).
  const profileRows = createProfileRows(db);
  const activity = createActivityLog({ clock });
  const ratings = createRatingsService({ db, clock, catalog, hydrator, profileCounters: profileRows, events });
  const musicbrainz: MusicBrainz = createMusicBrainz({
    db,
    enabled: config.musicbrainz.enabled,
    baseUrl: config.musicbrainz.baseUrl,
    contact: config.musicbrainz.contact,
    version: HEARSAY_VERSION,
    redisUrl: config.redisUrl,
    minIntervalMs: config.musicbrainz.minIntervalMs,
    sharedSlot: deps.musicbrainzSlot,
    clock,
    log,
  });
  // An album's editions, fetched from MusicBrainz by a job; the library asks it which edition a member owns (decision 079).
  const editions = createEditionsService({ db, clock, catalog, musicbrainz, jobs, enabled: config.musicbrainz.enabled, log });
  const library = createLibraryService({ db, clock, catalog, ratings: ratingLookup, hydrator, editions });
  const imageProxy = createImageProxyService({
    dataDir: config.dataDir,
    secret: config.authSecret,
    publicUrl: config.publicUrl,
    mode: config.reviewImages,
    cacheBytes: config.reviewImageCacheBytes,
    ...imageProxyOptions,
  });
  const blocks = createBlocksService({ db, clock, hydrator });
  const reviews = createReviewsService({
    db,
    clock,
    catalog,
    ratings,
    images: imageProxy,
    hydrator,
    events,
    profileCounters: profileRows,
    activity,
    // Replies from other sites name their authors by the federation's people (made below, asked only later).
    remotePeople: async (ids) =>
      new Map(
        [...(await federation.notificationActors(ids))].map(([id, person]) => [id, { ...person, remoteUrl: person.remoteUrl ?? '' }]),
      ),
  });
  const siteReports = createSiteReports({ db, clock });
  const collections = createCollectionsService({ db, clock, catalog, hydrator, events, profileCounters: profileRows, activity });
  const journal = createJournalService({ db, clock, catalog, hydrator, activity, events });
  // In the job thread (no event bus) the server is told of recorded listens, and its listeners run there.
  const listensEvents: Pick<EventBus, 'emit'> | undefined =
    events ??
    (deps.onListensRecorded && {
      emit: (name, payload) => {
        if (name === 'listens.recorded') deps.onListensRecorded?.(payload as DomainEvents['listens.recorded']);
      },
    });
  const listens = createListensService({ db, clock, events: listensEvents, hydrator });
  const listenbrainzForwarding = createListenBrainzForwarding({
    db,
    clock,
    authSecret: config.authSecret,
    enabled: config.listenbrainz.forwarding,
    allowPrivate: config.listenbrainz.allowPrivate,
    userAgent: `Hearsay/${HEARSAY_VERSION} (+${config.publicUrl})`,
    jobs,
    log,
  });
  const settings = createSettingsService({ clock, profiles: profileRows });
  // Imports follow people of other sites again, and Download my data lists them, through federation.
  const federation = createFederationService({
    db,
    clock,
    publicUrl: config.publicUrl,
    enabled: config.federation.enabled,
    allowPrivate: config.federation.allowPrivate,
    authorizedFetch: config.federation.authorizedFetch,
    version: HEARSAY_VERSION,
    jobs,
    hydrator,
    catalog,
    ratings,
    reviews,
    journal,
    collections,
    settings,
    onRemoteLike: deps.onRemoteLike,
    onRemoteComment: deps.onRemoteComment,
    siteReports,
    fetch: deps.fetch,
    adminEmails: config.adminEmails,
    log,
    timelines: activity,
  });
  const catalogMusicBrainz = createCatalogMusicBrainz({ db, clock, catalog, hydrator, musicbrainz, log });
  const enrichment = createCatalogEnrichment({ db, clock, catalogMusicBrainz, enabled: config.musicbrainz.enabled, log });
  const imports = createImportsService({
    db,
    dataDir: config.dataDir,
    clock,
    catalog,
    ratings,
    library,
    reviews,
    collections,
    journal,
    profiles: profileRows,
    limits: config.importLimits,
    jobs,
    listens,
    lastfm: config.lastfm,
    fetch: deps.fetch,
    federation,
    favourites: createFavouriteAlbumImport({ db, clock, hydrator }),
    // Albums an import adds are looked up on MusicBrainz afterwards, which confirms those it knows.
    afterImport: async () => {
      await enrichment.ensureQueued(jobs);
    },
  });
  // Listens to albums, and albums listened to into the journal (decision 073).
  const listenMatching = createListenMatching({
    db,
    clock,
    catalog,
    catalogMusicBrainz,
    musicbrainzEnabled: config.musicbrainz.enabled,
    journal,
    jobs,
    albumMatching: imports.albumMatching,
    afterPendingAlbums: async () => {
      await enrichment.ensureQueued(jobs);
    },
    log,
  });
  // What other modules read of accounts and profiles, where their services are not built (the job thread).
  const accountReads = createAccountReads(db);
  const profileReads = createProfileReads(db);
  // Members' home timelines, written when things happen (decision 087): followers come from profiles and federation.
  const homeTimelines = createHomeTimelines({
    db,
    clock,
    jobs,
    options: config.timelines,
    hydrator,
    followers: { local: profileReads.followersOf, remote: federation.timelineReads.followersOf },
    followees: profileReads,
    remoteEntries: config.federation.enabled ? federation.timelineReads.newestEntries : async () => [],
    remotePostsOf: federation.timelineReads.postsOf,
  });
  // Download my data asks each owner for a person's rows (decision 066).
  const dataExport = createDataExportService({
    db,
    clock,
    publicUrl: config.publicUrl,
    jobs,
    onReady: deps.onExportReady,
    ratings,
    reviews,
    library,
    collections,
    journal,
    imports,
    federation,
    listens,
    profiles: profileReads,
    accounts: accountReads,
    settings,
    hydrator,
  });
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dataDir: config.dataDir,
    log,
    onOutcome: deps.onMailOutcome,
  });
  const unsubscribeLinks = createUnsubscribeLinks(config.authSecret, config.publicUrl);
  const weeklyDigest = createWeeklyDigest({
    db,
    clock,
    settings,
    mailer,
    links: unsubscribeLinks,
    publicUrl: config.publicUrl,
    log,
    hydrator,
    profiles: profileReads,
    accounts: accountReads,
  });
  // Keeping the catalog clean (decision 080). When a duplicate album is merged into another, each module that keeps rows
  // keyed by an album moves its own through its service: its participant. A new album-keyed table joins its owner's
  // participant (one `AlbumRows` entry in that module's merged-albums.repository.ts); a module with its first such
  // table adds its participant to this list, the one list of them.
  const albumMergeParticipants = [
    catalog.albumMerge,
    ratings.albumMerge,
    reviews.albumMerge,
    library.albumMerge,
    profileRows.albumMerge,
    genresAlbumMerge(),
    collections.albumMerge,
    journal.albumMerge,
    listens.albumMerge,
    imports.albumMerge,
    federation.albumMerge,
    feedAlbumMerge(),
    moderationAlbumMerge(),
  ];
  // Pushes to members' devices (decision 084): devices subscribe through its routes, and its job delivers.
  const push = createPushService({
    db,
    clock,
    vapid: { publicKey: config.push.vapidPublicKey, privateKey: config.push.vapidPrivateKey, subject: config.push.subject },
    allowPrivate: config.push.allowPrivate,
    agent: deps.pushAgent,
    jobs,
    settings,
    log,
  });
  const curationAccess = createCurationAccess({ db, adminEmails: config.adminEmails });
  const curation = createCurationService({
    db,
    clock,
    access: curationAccess,
    catalog,
    participants: albumMergeParticipants,
    hydrator,
    events,
  });
  return {
    push,
    curation,
    homeTimelines,
    ratingLookup,
    profileRows,
    activity,
    catalog,
    ratings,
    library,
    hydrator,
    blocks,
    imageProxy,
    reviews,
    collections,
    journal,
    listens,
    listenMatching,
    listenbrainzForwarding,
    imports,
    musicbrainz,
    catalogMusicBrainz,
    enrichment,
    editions,
    dataExport,
    settings,
    accountReads,
    profileReads,
    mailer,
    unsubscribeLinks,
    weeklyDigest,
    federation,
    siteReports,
  };
}

/** Every kind of background job. */
export const JOB_KINDS = [
  RYM_IMPORT_JOB,
  HEARSAY_IMPORT_JOB,
  LISTEN_IMPORT_JOB,
  LASTFM_IMPORT_JOB,
  CATALOG_ENRICH_JOB,
  ALBUM_EDITIONS_JOB,
  CHART_COUNTING_JOB,
  DATA_EXPORT_JOB,
  WEEKLY_DIGEST_JOB,
  FEDERATION_INBOX_JOB,
  FEDERATION_PUBLISH_JOB,
  FEDERATION_DELIVERY_JOB,
  LISTEN_MATCHING_JOB,
  LISTENBRAINZ_FORWARD_JOB,
  CATALOG_CURATION_JOB,
  PUSH_DELIVERY_JOB,
  ...TIMELINE_JOB_KINDS,
] as const;

/** The handler that runs each kind of job. */
export function jobHandlers(services: CoreServices): Record<(typeof JOB_KINDS)[number], JobHandler<unknown>> {
  return {
    [RYM_IMPORT_JOB]: services.imports.rymImport,
    [HEARSAY_IMPORT_JOB]: services.imports.hearsayImport as JobHandler<unknown>,
    [LISTEN_IMPORT_JOB]: services.imports.listenImport as JobHandler<unknown>,
    [LASTFM_IMPORT_JOB]: services.imports.lastfmImport as JobHandler<unknown>,
    [CATALOG_ENRICH_JOB]: services.enrichment.handler as JobHandler<unknown>,
    [ALBUM_EDITIONS_JOB]: services.editions.handler as JobHandler<unknown>,
    [CHART_COUNTING_JOB]: services.catalog.chartCounting.handler as JobHandler<unknown>,
    [DATA_EXPORT_JOB]: services.dataExport.dataExport as JobHandler<unknown>,
    [WEEKLY_DIGEST_JOB]: services.weeklyDigest.handler as JobHandler<unknown>,
    [LISTEN_MATCHING_JOB]: services.listenMatching.handler as JobHandler<unknown>,
    [LISTENBRAINZ_FORWARD_JOB]: services.listenbrainzForwarding.handler as JobHandler<unknown>,
    [CATALOG_CURATION_JOB]: services.curation.handler as JobHandler<unknown>,
    [PUSH_DELIVERY_JOB]: services.push.handler as JobHandler<unknown>,
    ...(services.federation.jobs as Record<string, JobHandler<unknown>>),
    ...(services.homeTimelines.jobs as Record<string, JobHandler<unknown>>),
  } as Record<(typeof JOB_KINDS)[number], JobHandler<unknown>>;
}

/** What the job thread tells the server (platform/jobs/thread.ts). */
export type ThreadEvent =
  | { type: 'catalog-changed'; albumId: string | null }
  | ({ type: 'export-ready' } & DomainEvents['data_export.ready'])
  | { type: 'mail-outcome'; outcome: 'sent' | 'failed' }
  | ({ type: 'remote-like' } & DomainEvents['review.liked_remotely'])
  | ({ type: 'remote-comment' } & DomainEvents['review.commented_remotely'])
  | ({ type: 'listens-recorded' } & DomainEvents['listens.recorded']);

/**
 * The server's side of a thread event: its own caches drop what the thread changed; people are told what is ready;
 * the thread's e-mails are counted with the server's.
 */
export function applyThreadEvent(
  services: CoreServices,
  event: unknown,
  events: Pick<EventBus, 'emit'>,
  onMailOutcome?: (outcome: 'sent' | 'failed') => void,
): void {
  const change = event as ThreadEvent;
  if (change.type === 'mail-outcome') {
    onMailOutcome?.(change.outcome);
    return;
  }
  if (change.type === 'remote-like') {
    events.emit('review.liked_remotely', { reviewId: change.reviewId, authorId: change.authorId, actorId: change.actorId });
    return;
  }
  if (change.type === 'remote-comment') {
    events.emit('review.commented_remotely', { reviewId: change.reviewId, authorId: change.authorId, actorId: change.actorId });
    return;
  }
  if (change.type === 'listens-recorded') {
    events.emit('listens.recorded', { userId: change.userId, added: change.added, origin: change.origin });
    return;
  }
  if (change.type === 'export-ready') {
    events.emit('data_export.ready', { userId: change.userId, exportId: change.exportId });
    return;
  }
  if (change.type !== 'catalog-changed') return;
  if (change.albumId) services.catalog.invalidateAlbum(change.albumId);
  else services.catalog.invalidateAll();
}
