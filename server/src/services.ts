import type { AppDeps } from './app.ts';
import { createListeningServiceLookup } from './modules/accounts/listening-service.ts';
import { createAccountReads } from './modules/accounts/account-reads.ts';
import { createSettingsService } from './modules/accounts/settings.service.ts';
import { CATALOG_ENRICH_JOB, createCatalogEnrichment } from './modules/catalog/catalog-enrichment.ts';
import { createCatalogMusicBrainz } from './modules/catalog/catalog-musicbrainz.ts';
import { createHydrator } from './hydration/hydrator.ts';
import { createBlocksService } from './modules/blocks/blocks.service.ts';
import { createCatalogService } from './modules/catalog/catalog.service.ts';
import { createCollectionsService } from './modules/collections/collections.service.ts';
import { createDataExportService, DATA_EXPORT_JOB } from './modules/data-export/data-export.service.ts';
import { createImageProxyService } from './modules/image-proxy/image-proxy.service.ts';
import { createImportsService, HEARSAY_IMPORT_JOB, RYM_IMPORT_JOB } from './modules/imports/imports.service.ts';
import { createActivityLog } from './modules/feed/feed.service.ts';
import { createJournalService } from './modules/journal/journal.service.ts';
import { createLibraryService } from './modules/library/library.service.ts';
import { createUnsubscribeLinks } from './modules/notifications/unsubscribe-links.ts';
import { createWeeklyDigest, WEEKLY_DIGEST_JOB } from './modules/notifications/weekly-digest.ts';
import { createProfileReads, createProfileRows } from './modules/profiles/profiles.service.ts';
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
  /** How federation reaches other servers (tests may pass their own). */
  fetch?: typeof fetch;
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
  const activity = createActivityLog();
  const ratings = createRatingsService({ db, clock, catalog, hydrator, profileCounters: profileRows, events });
  const library = createLibraryService({ db, clock, catalog, ratings: ratingLookup, hydrator });
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
  });
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
    federation,
    // Albums an import adds are looked up on MusicBrainz afterwards, which confirms those it knows.
    afterImport: async () => {
      await enrichment.ensureQueued(jobs);
    },
  });
  // What other modules read of accounts and profiles, where their services are not built (the job thread).
  const accountReads = createAccountReads(db);
  const profileReads = createProfileReads(db);
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
  return {
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
    imports,
    musicbrainz,
    catalogMusicBrainz,
    enrichment,
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
  CATALOG_ENRICH_JOB,
  DATA_EXPORT_JOB,
  WEEKLY_DIGEST_JOB,
  FEDERATION_INBOX_JOB,
  FEDERATION_PUBLISH_JOB,
  FEDERATION_DELIVERY_JOB,
] as const;

/** The handler that runs each kind of job. */
export function jobHandlers(services: CoreServices): Record<(typeof JOB_KINDS)[number], JobHandler<unknown>> {
  return {
    [RYM_IMPORT_JOB]: services.imports.rymImport,
    [HEARSAY_IMPORT_JOB]: services.imports.hearsayImport as JobHandler<unknown>,
    [CATALOG_ENRICH_JOB]: services.enrichment.handler as JobHandler<unknown>,
    [DATA_EXPORT_JOB]: services.dataExport.dataExport as JobHandler<unknown>,
    [WEEKLY_DIGEST_JOB]: services.weeklyDigest.handler as JobHandler<unknown>,
    ...(services.federation.jobs as Record<string, JobHandler<unknown>>),
  } as Record<(typeof JOB_KINDS)[number], JobHandler<unknown>>;
}

/** What the job thread tells the server (platform/jobs/thread.ts). */
export type ThreadEvent =
  | { type: 'catalog-changed'; albumId: string | null }
  | ({ type: 'export-ready' } & DomainEvents['data_export.ready'])
  | { type: 'mail-outcome'; outcome: 'sent' | 'failed' }
  | ({ type: 'remote-like' } & DomainEvents['review.liked_remotely'])
  | ({ type: 'remote-comment' } & DomainEvents['review.commented_remotely']);

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
  if (change.type === 'export-ready') {
    events.emit('data_export.ready', { userId: change.userId, exportId: change.exportId });
    return;
  }
  if (change.type !== 'catalog-changed') return;
  if (change.albumId) services.catalog.invalidateAlbum(change.albumId);
  else services.catalog.invalidateAll();
}
