import { createECDH, generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import type { CacheMode } from './memory-cache.ts';
import { z } from 'zod';

/**
 * Configuration comes from the environment, parsed once at boot. Every variable has a default
 * that makes `npm start` work on a fresh clone; an invalid value stops start-up with a message
 * naming the variable (see README "Configuration").
 */

const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const positiveInt = (max: number) =>
  z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(0, { error: 'must not be negative' })
    .max(max, { error: `must be at most ${max}` });

const databaseUrl = z.string().refine((value) => /^(sqlite:|postgres:\/\/|postgresql:\/\/)/.test(value), {
  error: 'must start with sqlite: (a file path) or postgres:// (a PostgreSQL connection URL)',
});

const trustProxy = z.string().transform((value, ctx): boolean | number | string[] => {
  const trimmed = value.trim();
  if (trimmed === '' || trimmed === 'false' || trimmed === '0') return false;
  if (trimmed === 'true') return true;
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const entries = trimmed.split(',').map((entry) => entry.trim());
  if (entries.every((entry) => /^[0-9a-fA-F.:/]+$/.test(entry))) return entries;
  ctx.addIssue({
    code: 'custom',
    message: 'must be false, true, a number of hops, or a comma-separated list of proxy IP addresses',
  });
  return z.NEVER;
});

const EnvSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: positiveInt(65535).default(3000),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: databaseUrl.optional(),
  DATABASE_POOL_SIZE: positiveInt(200).default(10),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().min(3).optional(),
  AUTH_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  TRUST_PROXY: trustProxy.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  COVER_ART: z.enum(['remote', 'off'], { error: 'must be remote or off' }).default('remote'),
  COVER_ART_URL: z.url().default('https://coverartarchive.org'),
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((address) => address.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email({ error: 'must be e-mail addresses separated by commas' }))),
  MUSICBRAINZ: z.enum(['on', 'off'], { error: 'must be on or off' }).optional(),
  MUSICBRAINZ_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).default('https://musicbrainz.org'),
  MUSICBRAINZ_CONTACT: z.string().trim().min(3).max(200).optional(),
  MUSICBRAINZ_MIN_INTERVAL_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(0).max(60_000).optional(),
  CATALOG_ENRICH: booleanish.default(true),
  CACHES: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  REVIEW_IMAGES: z.enum(['proxy', 'off'], { error: 'must be proxy or off' }).default('proxy'),
  REVIEW_IMAGE_CACHE_MB: positiveInt(1_000_000).default(1024),
  SHARED_LINK_PAGES: z.enum(['fetch', 'off'], { error: 'must be fetch or off' }).default('fetch'),
  CATALOG_AUTOLOAD: booleanish.default(true),
  JOB_THREAD: booleanish.default(true),
  CHART_PRIOR_WEIGHT: positiveInt(100_000).default(5),
  CHART_MIN_RATINGS: positiveInt(100_000).default(3),
  /** How often everyone's charts are counted again (decision 081). */
  CHART_COUNTING_SECONDS: positiveInt(86_400).default(300),
  /** Members who have not read their feed for this many days are left out of fan-outs and rebuilt on return (decision 087). */
  TIMELINE_ACTIVE_DAYS: positiveInt(3650).min(1, { error: 'must be at least 1' }).default(30),
  /** Entries kept in each member's home timeline, at least a page of the feed; older pages are read from the activity. */
  TIMELINE_SIZE: positiveInt(100_000).min(30, { error: 'must be at least 30, a page of the feed' }).default(800),
  /** Followers whose timelines one step of a fan-out writes. */
  TIMELINE_FAN_OUT_BATCH: positiveInt(100_000).min(1, { error: 'must be at least 1' }).default(1000),
  /** Generous: imported albums stay private to their importer until confirmed, and a real export never reaches these (decision 054). */
  IMPORT_NEW_ALBUMS_PER_IMPORT: positiveInt(1_000_000).default(50_000),
  IMPORT_NEW_ALBUMS_PER_DAY: positiveInt(1_000_000).default(50_000),
  /** The most one listening-history upload (a ListenBrainz export, Last.fm CSVs) may hold, in megabytes. */
  IMPORT_LISTENS_MAX_MB: positiveInt(10_000).min(1, { error: 'must be at least 1' }).default(512),
  /** Last.fm's API key (https://www.last.fm/api/account/create): members may import their scrobbles through it. */
  LASTFM_API_KEY: z.string().trim().min(1).max(200).optional(),
  LASTFM_API_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .default('https://ws.audioscrobbler.com/2.0/'),
  /** Pause between two pages asked of Last.fm. */
  LASTFM_PAUSE_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(0).max(60_000).default(1000),
  /** A pending album is confirmed by members once this many independent members with standing found it (decision 058). */
  CATALOG_CONFIRMATIONS_BY_MEMBERS: positiveInt(1000).min(1, { error: 'must be at least 1' }).default(2),
  /** Standing: an account this many days old … */
  CATALOG_STANDING_DAYS: positiveInt(3650).default(14),
  /** … that rated this many confirmed albums it did not add. */
  CATALOG_STANDING_RATINGS: positiveInt(100_000).default(20),
  WEB_DIST: z.string().optional(),
  SOURCE_MAPS: booleanish.default(false),
  RATE_LIMIT_MULTIPLIER: positiveInt(1000).default(1),
  /** Notification e-mails one person may get in an hour, every kind together (the bell still has everything). */
  NOTIFICATION_EMAILS_PER_HOUR: positiveInt(10_000).min(1, { error: 'must be at least 1' }).default(10),
  /** Requests one personal access token may make per window (API_TOKEN_WINDOW_SECONDS), reads and writes together. */
  API_TOKEN_RATE_LIMIT: positiveInt(1_000_000).min(1, { error: 'must be at least 1' }).default(600),
  API_TOKEN_WINDOW_SECONDS: positiveInt(86_400).min(1, { error: 'must be at least 1' }).default(600),
  /** /metrics answers only with `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: z
    .string()
    .min(16, { error: 'must be at least 16 characters' })
    .regex(/^[\x21-\x7e]+$/, { error: 'must be printable characters without spaces' })
    .optional(),
  /** /metrics on a listener of its own (METRICS_HOST, 127.0.0.1 by default) instead of the main port. */
  METRICS_PORT: positiveInt(65535).min(1, { error: 'must be at least 1' }).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** Each thread's statements summed by shape, written as JSON files beginning with this path (docs/OPERATIONS.md). */
  STATEMENT_TIMES: z.string().min(1).optional(),
  SPOTIFY_CLIENT_ID: z.string().optional(),
  SPOTIFY_CLIENT_SECRET: z.string().optional(),
  APPLE_CLIENT_ID: z.string().optional(),
  APPLE_CLIENT_SECRET: z.string().optional(),
  FACEBOOK_CLIENT_ID: z.string().optional(),
  FACEBOOK_CLIENT_SECRET: z.string().optional(),
  X_CLIENT_ID: z.string().optional(),
  X_CLIENT_SECRET: z.string().optional(),
  OIDC_ISSUER: z.url({ protocol: /^https?$/, error: 'must be the http(s) URL of an OpenID Connect issuer' }).optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_NAME: z.string().max(40).optional(),
  /** ActivityPub with other Hearsay sites and the fediverse (decision 067): needs a public https PUBLIC_URL. */
  FEDERATION: z.enum(['on', 'off'], { error: 'must be on or off' }).default('off'),
  /** Development and tests only: federate over plain http with loopback and private addresses. */
  FEDERATION_ALLOW_PRIVATE: booleanish.default(false),
  /** Other servers must sign their requests to read our actors and objects ("authorized fetch"). */
  FEDERATION_AUTHORIZED_FETCH: booleanish.default(false),
  /** Members may forward their listens to their ListenBrainz accounts (decision 076); off in tests unless a test turns it on. */
  LISTENBRAINZ_FORWARDING: z.enum(['on', 'off'], { error: 'must be on or off' }).optional(),
  /** Development and tests only: forward listens to ListenBrainz servers over plain http and private addresses. */
  LISTENBRAINZ_ALLOW_PRIVATE: booleanish.default(false),
  /** Web Push's VAPID keys (decision 084): the public key's 65 bytes and the private key's 32, base64url. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^B[A-Za-z0-9_-]{86}$/, { error: 'must be a P-256 public key: 65 bytes, base64url (87 characters)' })
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'must be a P-256 private key: 32 bytes, base64url (43 characters)' })
    .optional(),
  /** Who push services may contact about this site's pushes: a mailto: address or an https: URL. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/, { error: 'must be a mailto: address or an https:// URL' })
    .optional(),
  /** Development and tests only: push subscriptions with endpoints on plain http and private addresses (a local stand-in). */
  PUSH_ALLOW_PRIVATE: booleanish.optional(),
});

export type Env = z.input<typeof EnvSchema>;

export interface Config {
  env: 'production' | 'development' | 'test';
  host: string;
  port: number;
  publicUrl: string;
  secureCookies: boolean;
  dataDir: string;
  databaseUrl: string;
  databasePoolSize: number;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  authSecret: string;
  trustProxy: boolean | number | string[];
  logLevel: string;
  coverArt: { mode: 'remote' | 'off'; baseUrl: string };
  /** MusicBrainz (decision 018): whether to ask it, where, who to name in the User-Agent, how often, and enrichment. */
  musicbrainz: { enabled: boolean; baseUrl: string; contact: string; minIntervalMs: number; enrichOnStart: boolean };
  /** Pictures from other sites in reviews: shown through the site's image proxy, or not shown. */
  reviewImages: 'proxy' | 'off';
  reviewImageCacheBytes: number;
  /** Whether the page of a shared music link (Spotify, Bandcamp, …) may be read for its title and artist (decision 086). */
  sharedLinkPages: 'fetch' | 'off';
  catalogAutoload: boolean;
  /** In-process caches of answers (album pages, cards, charts, search, visitors' answers); off computes every one. */
  caches: CacheMode;
  /** Background jobs run in a worker thread of their own (else in short steps on the server's thread). */
  jobThread: boolean;
  charts: { priorWeight: number; minRatings: number; countEveryMs: number };
  /** Members' home timelines, written when things happen (decision 087). */
  timelines: { size: number; activeDays: number; fanOutBatch: number };
  memberConfirmation: { members: number; standingDays: number; standingRatings: number };
  /** How many albums new to the catalog one import, and one person's imports in 24 hours, may add. */
  importLimits: { newAlbumsPerImport: number; newAlbumsPerDay: number; listenFileBytes: number };
  /** Last.fm's API, for importing scrobbles (decision 074): on with an API key, unless outbound requests are off. */
  lastfm: { enabled: boolean; apiKey: string; baseUrl: string; pauseMs: number };
  webDist: string;
  /** The web app's server renderer, built beside it (`web/dist-ssr`); pages are rendered in the browser without it. */
  webRenderer: string;
  /** Serve the web app's `.map` files (they show its source to anyone who asks). */
  serveSourceMaps: boolean;
  rateLimitMultiplier: number;
  notificationEmailsPerHour: number;
  /** The budget of each personal access token (decision 024). */
  apiTokenRateLimit: { requests: number; windowMs: number };
  /** Prometheus metrics: served when a token or a port of their own is set, else not at all. */
  metrics: { token: string | undefined; port: number | undefined; host: string };
  /** Where each thread writes its statements' times (`<path>-<pid>-server.json`, `…-jobs.json`), or not at all. */
  statementTimes: string | undefined;
  /** The operators: signed in with one of these addresses, a person may moderate. */
  adminEmails: readonly string[];
  /** Sign-in providers with both halves of their credentials set; the others are shown as unavailable. */
  oauth: OAuthConfig;
  /** ActivityPub (decision 067): on, over private addresses too (development), signed fetches required. */
  federation: { enabled: boolean; allowPrivate: boolean; authorizedFetch: boolean };
  /** Forwarding members' listens to their ListenBrainz accounts (decision 076): on at all, private addresses allowed too. */
  listenbrainz: { forwarding: boolean; allowPrivate: boolean };
  /**
   * Web Push (decision 084): the VAPID key pair push services check our pushes with, who they may contact, and whether
   * subscriptions may point at plain http and private addresses (development and tests).
   */
  push: { vapidPublicKey: string; vapidPrivateKey: string; subject: string; allowPrivate: boolean };
}

export type SocialProviderId = 'spotify' | 'apple' | 'facebook' | 'x';

export interface OAuthConfig {
  social: Partial<Record<SocialProviderId, { clientId: string; clientSecret: string }>>;
  oidc: { issuer: string; clientId: string; clientSecret: string; name: string } | null;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parse the environment into a Config, or throw a ConfigError naming every bad variable. */
export function loadConfig(environment: Record<string, string | undefined> = process.env): Config {
  const relevant = Object.fromEntries(Object.keys(EnvSchema.shape).map((key) => [key, emptyToUndefined(environment[key])]));
  const parsed = EnvSchema.safeParse(relevant);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${String(issue.path[0])}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
    throw new ConfigError('Invalid configuration:\n  METRICS_PORT: must differ from PORT');
  }
  const dataDir = resolve(env.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  const webDist = resolve(env.WEB_DIST ?? new URL('../../../web/dist', import.meta.url).pathname);
  const databaseUrl = normaliseSqliteUrl(env.DATABASE_URL ?? `sqlite:${join(dataDir, 'hearsay.db')}`);
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    publicUrl,
    secureCookies: publicUrl.startsWith('https://'),
    dataDir,
    databaseUrl,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    redisUrl: env.REDIS_URL,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM ?? `Hearsay <no-reply@${new URL(publicUrl).hostname}>`,
    authSecret: env.AUTH_SECRET ?? persistentSecret(dataDir, 'auth'),
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    coverArt: { mode: env.COVER_ART, baseUrl: env.COVER_ART_URL.replace(/\/+$/, '') },
    musicbrainz: musicbrainzConfig(env, publicUrl),
    reviewImages: env.REVIEW_IMAGES,
    reviewImageCacheBytes: env.REVIEW_IMAGE_CACHE_MB * 1024 * 1024,
    sharedLinkPages: env.SHARED_LINK_PAGES,
    catalogAutoload: env.CATALOG_AUTOLOAD,
    caches: env.CACHES,
    jobThread: env.JOB_THREAD,
    charts: { priorWeight: env.CHART_PRIOR_WEIGHT, minRatings: env.CHART_MIN_RATINGS, countEveryMs: env.CHART_COUNTING_SECONDS * 1000 },
    timelines: { size: env.TIMELINE_SIZE, activeDays: env.TIMELINE_ACTIVE_DAYS, fanOutBatch: env.TIMELINE_FAN_OUT_BATCH },
    memberConfirmation: {
      members: env.CATALOG_CONFIRMATIONS_BY_MEMBERS,
      standingDays: env.CATALOG_STANDING_DAYS,
      standingRatings: env.CATALOG_STANDING_RATINGS,
    },
    importLimits: {
      newAlbumsPerImport: env.IMPORT_NEW_ALBUMS_PER_IMPORT,
      newAlbumsPerDay: env.IMPORT_NEW_ALBUMS_PER_DAY,
      listenFileBytes: env.IMPORT_LISTENS_MAX_MB * 1024 * 1024,
    },
    lastfm: {
      // A site that keeps MusicBrainz off is one that asks nothing of the outside.
      enabled: Boolean(env.LASTFM_API_KEY) && env.MUSICBRAINZ !== 'off',
      apiKey: env.LASTFM_API_KEY ?? '',
      baseUrl: env.LASTFM_API_URL,
      pauseMs: env.LASTFM_PAUSE_MS,
    },
    rateLimitMultiplier: Math.max(1, env.RATE_LIMIT_MULTIPLIER),
    notificationEmailsPerHour: env.NOTIFICATION_EMAILS_PER_HOUR,
    apiTokenRateLimit: { requests: env.API_TOKEN_RATE_LIMIT, windowMs: env.API_TOKEN_WINDOW_SECONDS * 1000 },
    metrics: { token: env.METRICS_TOKEN, port: env.METRICS_PORT, host: env.METRICS_HOST },
    statementTimes: env.STATEMENT_TIMES === undefined ? undefined : resolve(env.STATEMENT_TIMES),
    adminEmails: env.ADMIN_EMAILS,
    oauth: oauthConfig(env),
    federation: federationConfig(env, publicUrl),
    // Tests never reach the internet: forwarding is off for them unless a test starts its local stand-in.
    listenbrainz: {
      forwarding: (env.LISTENBRAINZ_FORWARDING ?? (env.NODE_ENV === 'test' ? 'off' : 'on')) === 'on',
      allowPrivate: env.LISTENBRAINZ_ALLOW_PRIVATE,
    },
    push: pushConfig(env, dataDir, publicUrl),
    serveSourceMaps: env.SOURCE_MAPS,
    webDist,
    webRenderer: join(webDist, '..', 'dist-ssr', 'entry-server.js'),
  };
}

/**
 * Federation speaks for the site at PUBLIC_URL: other servers fetch its actors there and check its signatures, so it
 * must be a public https address. Loopback, private addresses and plain http only with FEDERATION_ALLOW_PRIVATE.
 */
function federationConfig(env: z.output<typeof EnvSchema>, publicUrl: string): Config['federation'] {
  const enabled = env.FEDERATION === 'on';
  const allowPrivate = env.FEDERATION_ALLOW_PRIVATE;
  if (enabled && !allowPrivate) {
    const url = new URL(publicUrl);
    if (url.protocol !== 'https:' || isPrivateHost(url.hostname)) {
      throw new ConfigError(
        'Invalid configuration:\n  FEDERATION: needs PUBLIC_URL to be the public https:// address other servers reach this site at ' +
          `(it is ${publicUrl}); set FEDERATION_ALLOW_PRIVATE=true only to try federation between sites on one machine or network`,
      );
    }
  }
  return { enabled, allowPrivate: enabled && allowPrivate, authorizedFetch: env.FEDERATION_AUTHORIZED_FETCH };
}

/** localhost, a loopback, private or link-local address, or a name with no dot: not reachable from the internet. */
function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || (!host.includes('.') && !host.includes(':')))
    return true;
  if (/^(127\.|10\.|192\.168\.|169\.254\.|0\.)/.test(host) || /^172\.(1[6-9]|2\d|3[01])\./.test(host)) return true;
  return host === '::1' || host.startsWith('fc') || host.startsWith('fd') || host.startsWith('fe80:');
}

/**
 * The VAPID keys: given together in the environment (checked to be one pair), or generated once and kept in the data
 * directory's secrets.json beside AUTH_SECRET. Every process of a site must sign with the same pair: browsers
 * subscribed with its public key, and a push service refuses a push signed by another.
 */
function pushConfig(env: z.output<typeof EnvSchema>, dataDir: string, publicUrl: string): Config['push'] {
  const given = [env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY];
  if (given.some(Boolean) && !given.every(Boolean)) {
    throw new ConfigError('Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  }
  let keys: { publicKey: string; privateKey: string };
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
    keys = { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY };
    if (vapidPublicKeyOf(keys.privateKey) !== keys.publicKey) {
      throw new ConfigError('Invalid configuration:\n  VAPID_PUBLIC_KEY: is not the public key of VAPID_PRIVATE_KEY');
    }
  } else {
    const privateKey = persistentSecret(dataDir, 'vapidPrivateKey', () => {
      const { privateKey: key } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
      return key.export({ format: 'jwk' }).d!;
    });
    keys = { publicKey: vapidPublicKeyOf(privateKey), privateKey };
  }
  const admin = env.ADMIN_EMAILS[0];
  const subject =
    env.VAPID_SUBJECT ??
    (publicUrl.startsWith('https://') ? publicUrl : admin ? `mailto:${admin}` : `mailto:no-reply@${new URL(publicUrl).hostname}`);
  const allowPrivate = env.PUSH_ALLOW_PRIVATE ?? env.NODE_ENV !== 'production';
  return { vapidPublicKey: keys.publicKey, vapidPrivateKey: keys.privateKey, subject, allowPrivate };
}

/** The uncompressed P-256 public key (65 bytes, base64url) of a private key (32 bytes, base64url). */
function vapidPublicKeyOf(privateKey: string): string {
  const ecdh = createECDH('prime256v1');
  try {
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
  } catch {
    throw new ConfigError('Invalid configuration:\n  VAPID_PRIVATE_KEY: is not a P-256 private key');
  }
  return ecdh.getPublicKey().toString('base64url');
}

/** musicbrainz.org allows one request a second per client; only a mirror of one's own may be asked faster. */
const MUSICBRAINZ_ORG_INTERVAL_MS = 1000;

function musicbrainzConfig(env: z.output<typeof EnvSchema>, publicUrl: string): Config['musicbrainz'] {
  const baseUrl = env.MUSICBRAINZ_URL.replace(/\/+$/, '');
  const official = /(^|\.)musicbrainz\.org$/i.test(new URL(baseUrl).hostname);
  const interval = env.MUSICBRAINZ_MIN_INTERVAL_MS ?? MUSICBRAINZ_ORG_INTERVAL_MS;
  if (official && interval < MUSICBRAINZ_ORG_INTERVAL_MS) {
    throw new ConfigError('Invalid configuration:\n  MUSICBRAINZ_MIN_INTERVAL_MS: musicbrainz.org allows one request a second (1000)');
  }
  // Tests never reach the internet: MusicBrainz is off for them unless a test starts its local stand-in.
  const enabled = (env.MUSICBRAINZ ?? (env.NODE_ENV === 'test' ? 'off' : 'on')) === 'on';
  return {
    enabled,
    baseUrl,
    contact: env.MUSICBRAINZ_CONTACT ?? publicUrl,
    minIntervalMs: interval,
    enrichOnStart: enabled && env.CATALOG_ENRICH,
  };
}

function oauthConfig(env: z.output<typeof EnvSchema>): OAuthConfig {
  const pairs: Record<SocialProviderId, [string | undefined, string | undefined]> = {
    spotify: [env.SPOTIFY_CLIENT_ID, env.SPOTIFY_CLIENT_SECRET],
    apple: [env.APPLE_CLIENT_ID, env.APPLE_CLIENT_SECRET],
    facebook: [env.FACEBOOK_CLIENT_ID, env.FACEBOOK_CLIENT_SECRET],
    x: [env.X_CLIENT_ID, env.X_CLIENT_SECRET],
  };
  const social: OAuthConfig['social'] = {};
  for (const [id, [clientId, clientSecret]] of Object.entries(pairs) as [SocialProviderId, [string?, string?]][]) {
    if (Boolean(clientId) !== Boolean(clientSecret)) {
      const prefix = id.toUpperCase();
      throw new ConfigError(`Invalid configuration:\n  ${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET must be set together`);
    }
    if (clientId && clientSecret) social[id] = { clientId, clientSecret };
  }
  let oidc: OAuthConfig['oidc'] = null;
  if (env.OIDC_ISSUER || env.OIDC_CLIENT_ID) {
    if (!env.OIDC_ISSUER || !env.OIDC_CLIENT_ID) {
      throw new ConfigError('Invalid configuration:\n  OIDC_ISSUER and OIDC_CLIENT_ID must be set together');
    }
    oidc = {
      issuer: env.OIDC_ISSUER.replace(/\/+$/, ''),
      clientId: env.OIDC_CLIENT_ID,
      clientSecret: env.OIDC_CLIENT_SECRET ?? '',
      name: env.OIDC_NAME ?? 'OpenID Connect',
    };
  }
  return { social, oidc };
}

function emptyToUndefined(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

function normaliseSqliteUrl(url: string): string {
  if (!url.startsWith('sqlite:')) return url;
  const path = url.slice('sqlite:'.length);
  if (path === ':memory:') return url;
  return `sqlite:${isAbsolute(path) ? path : resolve(path)}`;
}

/**
 * Secrets not given in the environment are generated once and kept in the data directory, so
 * sessions survive restarts without any set-up. Several instances must share AUTH_SECRET (and the VAPID keys).
 */
function persistentSecret(dataDir: string, name: string, generate = () => randomBytes(32).toString('base64url')): string {
  const file = join(dataDir, 'secrets.json');
  const secrets: Record<string, string> = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
  const existing = secrets[name];
  if (existing) return existing;
  secrets[name] = generate();
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets[name];
}
