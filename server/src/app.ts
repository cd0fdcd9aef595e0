import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { useIssueCodes } from '@hearsay/contracts/issue-codes';
import { accessTokensRoutes, bearerAuth } from './modules/access-tokens/access-tokens.routes.ts';
import { scopeNeeded } from './modules/access-tokens/access-tokens.scopes.ts';
import { createAccessTokensService, type AccessTokensServiceDeps } from './modules/access-tokens/access-tokens.service.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { createAccountsService, type AccountsService } from './modules/accounts/accounts.service.ts';
import { OAUTH_CALLBACK_ROUTE, securityRoutes } from './modules/accounts/security.routes.ts';
import { createSecurityService } from './modules/accounts/security.service.ts';
import { accountChangesRoutes } from './modules/accounts/account-changes.routes.ts';
import { createAccountChangesService, createUsernameLookup } from './modules/accounts/account-changes.service.ts';
import { catalogPreviews } from './modules/catalog/catalog.previews.ts';
import { collectionPreviews } from './modules/collections/collections.previews.ts';
import { blocksRoutes } from './modules/blocks/blocks.routes.ts';
import { curationRoutes } from './modules/curation/curation.routes.ts';
import { moderationRoutes, sanctionGuard } from './modules/moderation/moderation.routes.ts';
import { createModerationService } from './modules/moderation/moderation.service.ts';
import { genresPreviews } from './modules/genres/genres.previews.ts';
import { genresRoutes } from './modules/genres/genres.routes.ts';
import { createGenresService } from './modules/genres/genres.service.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import type { CatalogService } from './modules/catalog/catalog.service.ts';
import { conversationsRoutes } from './modules/conversations/conversations.routes.ts';
import { createConversationsService } from './modules/conversations/conversations.service.ts';
import { collectionsRoutes } from './modules/collections/collections.routes.ts';
import { musicbrainzRoutes } from './modules/catalog/musicbrainz.routes.ts';
import { coverRoutes } from './modules/covers/covers.routes.ts';
import { createCoverService } from './modules/covers/covers.service.ts';
import { feedRoutes } from './modules/feed/feed.routes.ts';
import { federationRoutes } from './modules/federation/federation.routes.ts';
import { listenbrainzForwardingRoutes } from './modules/listens/listenbrainz-forwarding.routes.ts';
import { listeningStatsRoutes } from './modules/listens/listening-stats.routes.ts';
import { createListeningStatsService } from './modules/listens/listening-stats.service.ts';
import { createFeedService } from './modules/feed/feed.service.ts';
import { imageProxyRoutes } from './modules/image-proxy/image-proxy.routes.ts';
import { AppError } from './platform/errors.ts';
import { linksRoutes } from './modules/links/links.routes.ts';
import { createLinksService } from './modules/links/links.service.ts';
import { importsRoutes } from './modules/imports/imports.routes.ts';
import { addressPrefix, type OriginOf } from './platform/http/client-origin.ts';
import { dataExportRoutes } from './modules/data-export/data-export.routes.ts';
import { journalRoutes } from './modules/journal/journal.routes.ts';
import { LISTENBRAINZ_SUBMIT_ROUTE, listenBrainzRoutes } from './modules/listens/listenbrainz.routes.ts';
import { createListenBrainzService } from './modules/listens/listenbrainz.service.ts';
import { listensRoutes } from './modules/listens/listens.routes.ts';
import { listeningRoutes } from './modules/listens/listening.routes.ts';
import { createListeningService } from './modules/listens/listening.service.ts';
import { libraryRoutes } from './modules/library/library.routes.ts';
import { editionsRoutes } from './modules/editions/editions.routes.ts';
import { profilesRoutes } from './modules/profiles/profiles.routes.ts';
import { createProfilesService } from './modules/profiles/profiles.service.ts';
import { ratingsRoutes } from './modules/ratings/ratings.routes.ts';
import { profilePreviews } from './modules/profiles/profiles.previews.ts';
import { reviewPreviews } from './modules/reviews/reviews.previews.ts';
import { reviewsRoutes } from './modules/reviews/reviews.routes.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { createSearchService } from './modules/search/search.service.ts';
import { siteRoutes } from './modules/site/site.routes.ts';
import { createSiteService } from './modules/site/site.service.ts';
import { sitemapRoutes } from './modules/web/sitemaps.routes.ts';
import { webRoutes } from './modules/web/web.routes.ts';
import { yearInReviewPreviews } from './modules/year-in-review/year-in-review.previews.ts';
import { yearInReviewRoutes } from './modules/year-in-review/year-in-review.routes.ts';
import { createYearInReviewService } from './modules/year-in-review/year-in-review.service.ts';
import { callbackProviderIds, createAuth } from './platform/auth/auth.ts';
import { memoryRateLimiter, redisRateLimiter } from './platform/auth/rate-limiter.ts';
import { paceLimits } from './platform/http/pace.ts';
import { loggedRequest } from './platform/http/logged-url.ts';
import type { Config } from './platform/config.ts';
import { readLanguage } from './platform/languages.ts';
import { createEventBus } from './platform/events.ts';
import { createRealtimeHub, type RealtimeOptions } from './platform/realtime/websocket.ts';
import { createClusterBus, type ClusterBus } from './platform/cluster.ts';
import { settingsRoutes } from './modules/accounts/settings.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { createNotificationsService } from './modules/notifications/notifications.service.ts';
import type { Agent as HttpsAgent } from 'node:https';
import { pushRoutes } from './modules/push/push.routes.ts';
import type { PushNotice } from './modules/push/push.service.ts';
import { ping, type DatabaseHandle } from './platform/db/index.ts';
import { createJobRunner, type Jobs } from './platform/jobs/runner.ts';
import { createJobThread } from './platform/jobs/thread.ts';
import type { JobThreadData } from './job-thread.ts';
import { HEARSAY_VERSION } from './platform/version.ts';
import { applyThreadEvent, buildCoreServices, JOB_KINDS, jobHandlers } from './services.ts';
import { registerRequestValidation } from './platform/http/bodies.ts';
import { registerResponseSerialization } from './platform/http/responses.ts';
import { registerCsrfGuard } from './platform/http/csrf.ts';
import { registerIdempotencyKeys } from './platform/http/idempotency.ts';
import { requireDeclaredRoutes } from './platform/http/endpoints.ts';
import { registerErrorHandler } from './platform/http/error-handler.ts';
import { healthRoutes } from './platform/http/health.ts';
import { createMetrics, registerHttpMetrics, serveMetrics } from './platform/http/metrics.ts';
import { registerRequestIds, requestIdOf } from './platform/http/request-id.ts';
import { finishApiDocument, securitySchemes } from './platform/http/openapi.ts';
import { contentSecurityPolicy, registerSecurityHeaders } from './platform/http/security-headers.ts';
import { registerUploads } from './platform/http/uploads.ts';
import './platform/http/viewer.ts';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  clock?: () => Date;
  fetch?: typeof fetch;
  /** The TLS agent pushes go through (tests trust their push service stand-in's certificate with it). */
  pushAgent?: HttpsAgent;
  /** Tests play other sites on 127.0.0.1 and need answers sooner than the 5-second limit. */
  imageProxy?: { allowLoopback?: boolean; timeoutMs?: number };
  /** Tests play the music sites' pages on 127.0.0.1: where to connect, and that loopback is allowed. */
  linkPages?: { allowLoopback?: boolean; connectTo?: string; timeoutMs?: number };
  /** Pino logger options, or false to stay quiet (tests). */
  logger?: boolean | object;
  /** Tests check the sessions of open sockets sooner than once a minute, and try the socket caps at smaller sizes. */
  realtime?: Pick<RealtimeOptions, 'sessionCheckMs' | 'maxSocketsPerPerson' | 'maxSocketsPerAddress'>;
}

/**
 * Builds the whole server. Load order is the architecture: platform first (errors, security
 * headers, compression, cookies, OpenAPI), then the feature modules, then the web app, which
 * answers every path no module claimed.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const clock = deps.clock ?? (() => new Date());
  useIssueCodes();
  const app = Fastify({
    // Credentials never reach the logs, whatever a serializer or a log line includes; nor do the secrets of mailed links.
    logger:
      deps.logger === false
        ? false
        : {
            level: config.logLevel,
            ...(typeof deps.logger === 'object' ? deps.logger : {}),
            redact: LOG_REDACTIONS,
            serializers: { req: loggedRequest },
          },
    // A hop count is trusted as "the n nearest proxies"; Fastify's types only describe the other forms.
    trustProxy: typeof config.trustProxy === 'number' ? trustNearestHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // An incoming X-Request-Id is kept only when plain (request-id.ts); the header option would take any value.
    requestIdHeader: false,
    genReqId: requestIdOf,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // A request that reached this process before it began shutting down is answered, not refused with a 503:
    // the proxy has already sent it here and will not send it (a POST) anywhere else.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  registerRequestIds(app);
  // Only when someone may read them: a server without METRICS_TOKEN or METRICS_PORT does not count at all.
  const metrics =
    config.metrics.token !== undefined || config.metrics.port !== undefined
      ? createMetrics(database, { openSockets: () => realtime.openSockets() })
      : null;
  if (metrics) {
    registerHttpMetrics(app, metrics);
    app.addHook('onClose', async () => metrics.close());
  }
  registerRequestValidation(app);
  registerResponseSerialization(app, { checked: config.env !== 'production' });
  app.decorateRequest('viewer', null);
  app.decorateRequest('accessToken', null);
  // Every /api route comes from a contract declaration; the OpenAPI viewer is the one exception.
  requireDeclaredRoutes(app, ['/api/docs']);
  registerErrorHandler(app);
  await registerSecurityHeaders(app, config);
  const limiter = config.redisUrl ? redisRateLimiter(config.redisUrl) : memoryRateLimiter(() => clock().getTime());
  app.addHook('onClose', () => limiter.close());
  // Personal access tokens (decision 024). Not encapsulated, and before the CSRF guard: it lets token requests through.
  // Creating a token asks for the confirmation Settings → Account asks for; that service is built further down.
  const identity: { confirm?: AccessTokensServiceDeps['confirmIdentity'] } = {};
  const accessTokens = createAccessTokensService({
    db: database.db,
    clock,
    confirmIdentity: (viewer, password) => identity.confirm!(viewer, password),
  });
  await app.register(fastifyPlugin(bearerAuth), { tokens: accessTokens, limiter, rateLimit: config.apiTokenRateLimit });
  // Players post listens from anywhere (a browser extension sends its own Origin): that route reads only its token.
  registerCsrfGuard(app, config.publicUrl, [OAUTH_CALLBACK_ROUTE, LISTENBRAINZ_SUBMIT_ROUTE]);
  // Before compression, which would turn the answers it keeps into streams.
  registerIdempotencyKeys(app, { db: database.db, clock });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
  await app.register(cookie, { secret: config.authSecret });
  // Uploads (avatars, imports) are read with request.file(); each route states its own size limit.
  await app.register(multipart, { limits: { files: 1, fields: 10, fileSize: 10 * 1024 * 1024 } });
  const apiDocument = {
    scopeOf: scopeNeeded,
    rateLimit: { requests: config.apiTokenRateLimit.requests, windowSeconds: config.apiTokenRateLimit.windowMs / 1000 },
  };
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Hearsay API',
        description:
          'Rate, review and discover albums through people. Every error answers `{ "error": { "code", "message", "issues" } }`. ' +
          'Your own tools authenticate with a personal access token (Settings → Security) sent as `Authorization: Bearer hsy_…`; ' +
          'see the `bearerAuth` scheme for scopes and rate limits, and /api on the website for examples.',
        version: HEARSAY_VERSION,
      },
      components: { securitySchemes: securitySchemes(apiDocument) },
    },
    transform: jsonSchemaTransform,
    transformObject: (document) =>
      finishApiDocument('openapiObject' in document ? document.openapiObject : document.swaggerObject, apiDocument),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const { db } = database;
  // Domain events: told after changes commit; notifications (and their e-mails and live updates) listen.
  const events = createEventBus(app.log);
  app.decorate('domainEvents', events);
  // What this process tells the others through Redis (live events, cache drops); nothing without REDIS_URL.
  const cluster = createClusterBus({ redisUrl: config.redisUrl, log: app.log });
  app.addHook('onClose', () => cluster.close());
  const realtime = createRealtimeHub({
    publicUrl: config.publicUrl,
    // The Vite dev server proxies the socket with the page's own origin.
    extraOrigins: config.env === 'development' ? ['http://localhost:5173', 'http://127.0.0.1:5173'] : [],
    cluster,
    log: app.log,
    sessionAlive: async (cookie) => (await late.accounts!.viewerFor(cookie, () => new Headers({ cookie }))) !== null,
    signOutPath: '/api/auth/sign-out',
    ...deps.realtime,
  });
  // Long work runs as database-backed jobs: in a thread of their own, or in short steps between requests.
  const runner = config.jobThread ? null : createJobRunner({ db, clock, log: app.log, onFailed: metrics?.jobFailed });
  // The server thread and the job thread keep to one MusicBrainz request a second between them.
  const musicbrainzSlot = new SharedArrayBuffer(8);
  const jobs: Jobs =
    runner ??
    createJobThread({
      db,
      clock,
      log: app.log,
      entry: new URL('./job-thread.ts', import.meta.url),
      workerData: { config, imageProxy: deps.imageProxy, musicbrainzSlot } satisfies JobThreadData,
      kinds: JOB_KINDS,
      onEvent: (event) => applyThreadEvent(core, event, events, metrics?.mailOutcome),
      onFailed: metrics?.jobFailed,
    });
  app.addHook('onReady', async () => {
    jobs.start();
    // The catalog gets MusicBrainz's data in the background, from where it stopped (decision 018).
    if (config.musicbrainz.enrichOnStart) {
      await core.enrichment
        .ensureQueued(jobs)
        .catch((error: unknown) => app.log.warn({ err: error }, 'could not start catalog enrichment'));
    }
  });
  app.addHook('onClose', async () => {
    await jobs.close();
    await core.musicbrainz.close();
  });
  const core = buildCoreServices({
    db,
    clock,
    config,
    imageProxy: deps.imageProxy,
    jobs,
    events,
    log: app.log,
    musicbrainzSlot,
    onExportReady: (ready) => events.emit('data_export.ready', ready),
    onMailOutcome: metrics?.mailOutcome,
    onRemoteLike: (like) => events.emit('review.liked_remotely', like),
    onRemoteComment: (comment) => events.emit('review.commented_remotely', comment),
    fetch: deps.fetch,
    pushAgent: deps.pushAgent,
  });
  const {
    catalog,
    ratings,
    library,
    hydrator,
    blocks,
    imageProxy,
    reviews,
    collections,
    journal,
    activity,
    imports,
    catalogMusicBrainz,
    enrichment,
    dataExport,
    settings,
    accountReads,
    profileReads,
    mailer,
    weeklyDigest,
  } = core;
  if (runner) for (const [kind, handler] of Object.entries(jobHandlers(core))) runner.register(kind, handler);
  shareCatalogChanges(catalog, cluster);
  // Shared and pasted music links (decision 086).
  const links = createLinksService({
    catalog,
    hydrator,
    musicbrainz: core.musicbrainz,
    addFromMusicBrainz: async (mbid, viewerId) => {
      try {
        const { album, added } = await catalogMusicBrainz.add(mbid, viewerId);
        return { albumId: album.id, added };
      } catch (error) {
        // Not addable, or MusicBrainz could not be asked: the link is searched for instead.
        if (error instanceof AppError) return null;
        throw error;
      }
    },
    pages: config.sharedLinkPages,
    pageLimits: deps.linkPages,
    log: app.log,
  });
  const covers = createCoverService({
    catalog,
    dataDir: config.dataDir,
    mode: config.coverArt.mode,
    archiveUrl: config.coverArt.baseUrl,
    fetch: deps.fetch ?? fetch,
    clock,
    log: app.log,
    onCoverFound: (albumId) => catalog.invalidateAlbum(albumId),
  });
  const profiles = createProfilesService({
    db,
    clock,
    ratings,
    collections,
    catalog,
    blocks,
    hydrator,
    settings,
    events,
    activity,
    usernameHolder: createUsernameLookup(db),
    remotePeople: core.federation.enabled ? core.federation.remoteFollows : undefined,
  });
  // A push carries the member's unread notifications and conversations, for the app's badge (decision 084).
  const pushNotices = {
    async tell(userId: string, notice: PushNotice) {
      const [{ unread }, { conversations: unreadConversations }] = await Promise.all([
        notifications.unreadCount(userId),
        conversations.unread(userId),
      ]);
      await core.push.tell(userId, notice, unread + unreadConversations);
    },
  };
  const conversations = createConversationsService({ db, clock, realtime, hydrator, settings, push: pushNotices, log: app.log });
  const search = createSearchService({
    db,
    catalog,
    hydrator,
    caches: config.caches,
    remotePeople: core.federation.enabled ? core.federation.searchPeople : undefined,
  });
  // The auth library calls back into the accounts service (username, profile, session cap) while signing people up.
  const late: { accounts?: AccountsService } = {};
  const auth = createAuth({
    db,
    dialect: database.dialect,
    publicUrl: config.publicUrl,
    secret: config.authSecret,
    secureCookies: config.secureCookies,
    oauth: config.oauth,
    mailer,
    onMailError: (error) => app.log.error({ err: error }, 'could not send an e-mail'),
    languageOf: async (userId) => readLanguage((await settings.read(userId)).appearance.language),
    onUserCreated: (user) => late.accounts!.onUserCreated(user),
    onSessionCreated: (session) => late.accounts!.onSessionCreated(session),
  });
  const accounts = createAccountsService({
    db,
    auth,
    limiter,
    clock,
    dataDir: config.dataDir,
    secret: config.authSecret,
    secureCookies: config.secureCookies,
    limitMultiplier: config.rateLimitMultiplier,
    log: app.log,
    mailer,
    publicUrl: config.publicUrl,
    languageOf: async (userId) => readLanguage((await settings.read(userId)).appearance.language),
    tokens: accessTokens,
    profiles: core.profileRows,
    catalog,
    events,
  });
  late.accounts = accounts;
  // The browser and address range a member's finds of pending albums come from (decision 058).
  const originOf: OriginOf = (request) => ({
    deviceId: accounts.deviceIdOf(request.headers.cookie),
    addressPrefix: addressPrefix(request.ip),
  });
  const notifications = createNotificationsService({
    db,
    clock,
    settings,
    realtime,
    mailer,
    hydrator,
    reviews,
    profiles: profileReads,
    accounts: accountReads,
    publicUrl: config.publicUrl,
    links: core.unsubscribeLinks,
    remotePeople: core.federation.enabled ? core.federation.notificationActors : undefined,
    log: app.log,
    mailPace: { limiter, perHour: config.notificationEmailsPerHour },
    push: pushNotices,
  });
  notifications.listen(events);
  core.federation.listen(events);
  // New listens are matched to albums and rolled up into the journal in the background (decision 073).
  events.on('listens.recorded', async ({ userId }) => void (await core.listenMatching.ensureQueued(userId)));
  core.listenbrainzForwarding.listen(events);
  // A rating that is news goes into its rater's followers' home timelines, and a follow brings the followee's newest
  // entries into the follower's (decision 087).
  events.on('rating.news', ({ userId, albumId }) => core.homeTimelines.rated(userId, albumId));
  events.on('profile.followed', ({ followerId, followeeId }) => core.homeTimelines.followed(followerId, followeeId));
  events.on('profile.follow_approved', ({ requesterId, targetId }) => core.homeTimelines.followed(requesterId, targetId));
  // The fan-out a review, a list's change or a journal entry queued in its transaction is looked for at once, not at the next poll.
  events.on('review.published', () => jobs.wake());
  events.on('collection.changed', () => jobs.wake());
  events.on('journal.changed', () => jobs.wake());
  app.decorate('countCharts', () => core.catalog.chartCounting.countAndWait(jobs));
  app.decorate('timelinesSettled', async () => {
    await app.domainEvents.idle();
    await core.homeTimelines.settled(jobs);
  });
  app.decorate('weeklyDigest', async () => {
    const { week } = await weeklyDigest.ensureQueued(jobs);
    for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
      const done = await weeklyDigest.finished(week);
      if (done) return { week, sent: done.sent };
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`The Weekly Digest of ${week} did not finish within a minute.`);
  });
  app.decorate('duplicatesPass', async () => {
    const id = await core.curation.ensureQueued(jobs, true);
    (jobs as { wake?: () => void }).wake?.();
    for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
      if (await core.curation.passDone(id)) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('The duplicates job did not finish within a minute.');
  });
  // The job's id keeps the digest to one pass per week, whichever process queues it; tests queue it themselves.
  // The same for the daily pass of the duplicates job (decision 080).
  if (config.env !== 'test') {
    let stopDigest = () => {};
    let stopCuration = () => {};
    app.addHook('onReady', async () => {
      stopDigest = weeklyDigest.schedule(jobs);
      stopCuration = core.curation.schedule(jobs);
    });
    app.addHook('onClose', async () => {
      stopDigest();
      stopCuration();
    });
    // Everyone's charts are counted again every few minutes, as a job (decision 081); tests count them themselves.
    let stopCharts = () => {};
    app.addHook('onReady', async () => void (stopCharts = core.catalog.chartCounting.schedule(jobs, app.log, config.charts.countEveryMs)));
    app.addHook('onClose', async () => stopCharts());
  }
  const security = createSecurityService({
    db,
    auth,
    limiter,
    clock,
    oauth: config.oauth,
    dataDir: config.dataDir,
    limitMultiplier: config.rateLimitMultiplier,
    realtime,
    tokens: accessTokens,
    profiles: core.profileRows,
    collectionIdsOf: collections.idsOwnedBy,
    // Each module that keeps totals over people takes a deleted person out of them; their jobs stop first.
    forgetPerson: [
      jobs.forget,
      ratings.forgetPerson,
      library.forgetPerson,
      reviews.forgetPerson,
      collections.forgetPerson,
      profiles.forgetPerson,
      notifications.forgetPerson,
      conversations.forgetPerson,
      core.siteReports.forgetPerson,
      // Last: other sites are told while the follows across sites are still there to find them.
      core.federation.forgetPerson,
    ],
  });
  const accountChanges = createAccountChangesService({
    db,
    limiter,
    clock,
    mailer,
    publicUrl: config.publicUrl,
    limitMultiplier: config.rateLimitMultiplier,
    confirmPassword: security.confirmPassword,
    currentUser: accounts.currentUser,
    languageOf: async (userId) => readLanguage((await settings.read(userId)).appearance.language),
    onMailError: (error) => app.log.error({ err: error }, 'could not send an e-mail'),
    events,
  });
  identity.confirm = accountChanges.reauthenticate;
  const feed = createFeedService({
    clock,
    catalog,
    hydrator,
    settings,
    ratings,
    reviews,
    journal,
    profiles,
    remote: core.federation.enabled ? core.federation : undefined,
    timelines: core.homeTimelines,
  });
  const moderation = createModerationService({
    db,
    clock,
    adminEmails: config.adminEmails,
    hydrator,
    reviews,
    collections,
    catalog,
    conversations,
    profiles,
    accounts: accountReads,
    realtime,
    events,
    remote: core.federation.enabled ? core.federation.reports : undefined,
  });
  const genres = createGenresService({ db, clock, catalog, moderation, hydrator, priorWeight: config.charts.priorWeight });
  const site = createSiteService({ db, catalog, hydrator, clock, testimonials: reviews.testimonials });
  const listening = createListeningService({ db, clock, publicUrl: config.publicUrl, ratings: core.ratingLookup, hydrator });
  const listeningStats = createListeningStatsService({ db, clock, catalog, hydrator, profiles });
  const yearInReview = createYearInReviewService({
    clock,
    hydrator,
    covers,
    settings,
    ratings,
    journal,
    reviews,
    profiles,
    listening: listeningStats,
  });

  // Not encapsulated: counts the costly actions that routes declare with `config.pace`.
  await app.register(paceLimits, { limiter });
  // Not encapsulated: its hook resolves the session cookie into request.viewer for every route.
  await app.register(fastifyPlugin(accountsRoutes), { accounts });
  // Not encapsulated, after the accounts hook: a suspended or banned person reaches only their standing and sign-out.
  await app.register(fastifyPlugin(sanctionGuard), { moderation });
  // After the accounts hook: the socket's upgrade needs request.viewer.
  await realtime.register(app);
  await app.register(settingsRoutes, { settings });
  await app.register(notificationsRoutes, { notifications });
  await app.register(pushRoutes, { push: core.push });
  await app.register(accessTokensRoutes, { tokens: accessTokens });
  await app.register(securityRoutes, { security, auth, publicUrl: config.publicUrl, callbackProviders: callbackProviderIds(config.oauth) });
  await app.register(accountChangesRoutes, { changes: accountChanges });
  await app.register(healthRoutes, {
    checks: { database: () => ping(db), ...(config.redisUrl ? { redis: () => cluster.ping() } : {}) },
  });
  await serveMetrics(app, metrics, config.metrics);
  await app.register(catalogRoutes, {
    catalog,
    caches: config.caches,
    onArtistViewed: catalogMusicBrainz.refreshArtistSoon,
    originOf,
  });
  await app.register(musicbrainzRoutes, { catalogMusicBrainz, enrichmentState: enrichment.state });
  await app.register(linksRoutes, { links });
  await app.register(coverRoutes, { covers });
  await registerUploads(app, config.dataDir);
  await app.register(ratingsRoutes, { ratings });
  await app.register(libraryRoutes, { library });
  await app.register(editionsRoutes, { editions: core.editions });
  await app.register(reviewsRoutes, { reviews });
  await app.register(imageProxyRoutes, { imageProxy });
  await app.register(collectionsRoutes, { collections });
  await app.register(profilesRoutes, { profiles });
  await app.register(blocksRoutes, { blocks });
  await app.register(moderationRoutes, { moderation });
  await app.register(genresRoutes, { genres });
  await app.register(curationRoutes, { curation: core.curation });
  await app.register(importsRoutes, { imports, originOf });
  await app.register(dataExportRoutes, { dataExport });
  await app.register(journalRoutes, { journal });
  // The ListenBrainz-compatible API for music players (decision 072), at the site's own /1/.
  await app.register(listenBrainzRoutes, {
    prefix: '/1',
    listenBrainz: createListenBrainzService({ db, clock, listens: core.listens, hydrator, settings }),
    tokens: accessTokens,
    limiter,
    rateLimit: config.apiTokenRateLimit,
    sanctioned: async (viewer) => (await moderation.activeSanction(viewer)) !== null,
  });
  await app.register(listensRoutes, { listens: core.listens });
  await app.register(listeningRoutes, { listening });
  await app.register(listenbrainzForwardingRoutes, { forwarding: core.listenbrainzForwarding });
  await app.register(listeningStatsRoutes, { listeningStats });
  await app.register(feedRoutes, { feed });
  await app.register(federationRoutes, { federation: core.federation, limiter, limitMultiplier: config.rateLimitMultiplier });
  await app.register(conversationsRoutes, { conversations });
  await app.register(searchRoutes, { search, caches: config.caches });
  await app.register(siteRoutes, { site });
  await app.register(yearInReviewRoutes, { yearInReview });
  await app.register(sitemapRoutes, {
    publicUrl: config.publicUrl,
    shares: {
      catalog: catalog.sitemapShare,
      community: async (range) => [...(await reviews.sitemapShare(range)), ...(await collections.sitemapShare(range))],
    },
  });
  // Not encapsulated: the web app's not-found handler answers for the whole server.
  await app.register(fastifyPlugin(webRoutes), {
    webDist: config.webDist,
    serveSourceMaps: config.serveSourceMaps,
    publicUrl: config.publicUrl,
    pagePolicy: (inlineScriptHashes) => contentSecurityPolicy(config, inlineScriptHashes),
    previews: [
      ...catalogPreviews(catalog),
      ...genresPreviews(genres),
      ...reviewPreviews(reviews),
      ...collectionPreviews(collections),
      ...profilePreviews(profiles),
      ...yearInReviewPreviews(yearInReview),
    ],
    appearanceFor: async (userId) => (await settings.read(userId)).appearance,
    renderer: config.webRenderer,
    movedTo: catalog.movedPage,
  });

  return app;
}

/** Request headers that carry credentials: never written to the logs. */
const LOG_REDACTIONS = {
  paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie', 'res.headers["set-cookie"]'],
  censor: '[redacted]',
};

function trustNearestHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/**
 * An album changed in one process (a rating, a review, an import): every other process drops it from its caches at
 * once instead of serving the old page until the cache expires.
 */
function shareCatalogChanges(catalog: CatalogService, cluster: ClusterBus): void {
  let fromElsewhere = false;
  catalog.onChange((albumId) => {
    if (!fromElsewhere) cluster.publish('catalog-changed', { albumId });
  });
  cluster.subscribe('catalog-changed', (message) => {
    const { albumId } = message as { albumId: string | null };
    fromElsewhere = true;
    try {
      if (albumId) catalog.invalidateAlbum(albumId);
      else catalog.invalidateAll();
    } finally {
      fromElsewhere = false;
    }
  });
}
