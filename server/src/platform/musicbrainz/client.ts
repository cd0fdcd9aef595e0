import type { DB } from '../db/index.ts';
import { cachedAnswer, storeAnswer } from './cache.repository.ts';
import { createPacer } from './pacer.ts';
import {
  parseArtist,
  parseRelease,
  parseReleaseBrowse,
  releaseCount,
  parseReleaseGroup,
  parseReleaseGroupBrowse,
  parseReleaseGroupSearch,
  parseUrlReleaseGroup,
  parseUrlTargets,
  parseRecordingReleaseGroup,
} from './parse.ts';
import {
  MusicBrainzUnavailable,
  type MbReleaseGroupSummary,
  type MbReleaseSummary,
  type MbRequestOptions,
  type MusicBrainz,
} from './types.ts';

export interface MusicBrainzOptions {
  db: DB;
  enabled: boolean;
  /** https://musicbrainz.org or a mirror; requests go to `{baseUrl}/ws/2/…`. */
  baseUrl: string;
  /** Named in the User-Agent, as MusicBrainz asks: a URL or an e-mail address. */
  contact: string;
  version: string;
  redisUrl?: string;
  /** Time between requests (1000 for musicbrainz.org). */
  minIntervalMs?: number;
  /** Shared with the other thread of this process, so both keep to one pace. */
  sharedSlot?: SharedArrayBuffer;
  /** Redis key of the site-wide slot (tests use their own). */
  redisKey?: string;
  fetch?: typeof fetch;
  clock?: () => Date;
  log?: { warn(details: object, message: string): void };
}

const DAY_MS = 24 * 3600 * 1000;
/** How long answers are kept: a search a day, a lookup a month, "no such id" a day. */
const KEEP_MS = { search: DAY_MS, lookup: 30 * DAY_MS, missing: DAY_MS };
/** A person waits at most this long for one answer; background work is more patient. */
const TIMEOUT_MS = { foreground: 8_000, background: 20_000 };
/** After MusicBrainz could not be reached, people's requests fail at once for this long instead of waiting again. */
const SKIP_AFTER_FAILURE_MS = 30_000;
/** Tries of one request refused with 503 or 429: background work waits out Retry-After, a person only a short one. */
const TRIES = { foreground: 2, background: 4 };
const FOREGROUND_RETRY_AFTER_MAX_S = 5;
const BROWSE_PAGE = 100;
const BROWSE_MAX = 500;

type Kind = keyof typeof KEEP_MS;

/** Lucene's special characters, escaped so a title like "AC/DC: Live!" is searched as written. */
function escapeLucene(value: string): string {
  return value.replace(/([+\-&|!(){}[\]^"~*?:\\/])/g, '\\$1');
}

/**
 * The MusicBrainz ws/2 client (decision 018): paced, identified, patient with 503s, quick to say when MusicBrainz
 * cannot be reached, and remembering answers in the database.
 */
export function createMusicBrainz(options: MusicBrainzOptions): MusicBrainz {
  const { db } = options;
  const fetchImpl = options.fetch ?? fetch;
  const clock = options.clock ?? (() => new Date());
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const userAgent = `Hearsay/${options.version} ( ${options.contact} )`;
  const pacer = createPacer({
    intervalMs: options.minIntervalMs ?? 1000,
    shared: options.sharedSlot,
    redisUrl: options.redisUrl,
    redisKey: options.redisKey,
    log: options.log,
  });
  const inFlight = new Map<string, Promise<unknown>>();
  let unreachableUntil = 0;

  const unreachable = (message: string) => new MusicBrainzUnavailable('unreachable', message);

  /** The JSON answer of `GET /ws/2/{path}?{query}`, or null when MusicBrainz has no such thing. */
  function get(path: string, query: Record<string, string>, kind: 'search' | 'lookup', request: MbRequestOptions): Promise<unknown> {
    if (!options.enabled) return Promise.reject(new MusicBrainzUnavailable('off', 'MusicBrainz is switched off on this site.'));
    const params = new URLSearchParams({ ...query, fmt: 'json' });
    params.sort();
    const key = `/ws/2/${path}?${params}`;
    let answer = inFlight.get(key);
    if (!answer) {
      answer = ask(key, kind, request.background ?? false).finally(() => inFlight.delete(key));
      inFlight.set(key, answer);
    }
    return answer;
  }

  async function ask(key: string, kind: 'search' | 'lookup', background: boolean): Promise<unknown> {
    const cached = await cachedAnswer(db, key, clock().toISOString());
    if (cached) return cached.status === 404 ? null : JSON.parse(cached.body);
    const tries = background ? TRIES.background : TRIES.foreground;
    for (let attempt = 1; ; attempt++) {
      if (!background && Date.now() < unreachableUntil) throw unreachable('MusicBrainz could not be reached a moment ago.');
      await pacer.slot(background);
      let response: Response;
      try {
        response = await fetchImpl(`${baseUrl}${key}`, {
          headers: { 'user-agent': userAgent, accept: 'application/json' },
          signal: AbortSignal.timeout(background ? TIMEOUT_MS.background : TIMEOUT_MS.foreground),
        });
      } catch (error) {
        unreachableUntil = Date.now() + SKIP_AFTER_FAILURE_MS;
        options.log?.warn({ err: error, request: key }, 'MusicBrainz could not be reached');
        throw unreachable('MusicBrainz could not be reached.');
      }
      if (response.ok) {
        const body = await response.text();
        let parsed: unknown;
        try {
          parsed = JSON.parse(body);
        } catch {
          // A proxy's error page, say: not an answer to keep.
          throw unreachable('MusicBrainz answered something other than JSON.');
        }
        await remember(key, 200, body, kind);
        return parsed;
      }
      await response.body?.cancel().catch(() => {});
      if (response.status === 404) {
        await remember(key, 404, '', 'missing');
        return null;
      }
      if (response.status === 400) return null;
      // 503 (too fast, or busy), 429, 5xx: wait as told, then try again, as far as the caller can wait.
      const retryAfter = Number.parseInt(response.headers.get('retry-after') ?? '', 10);
      const waitS = Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : 2 ** attempt;
      const canWait = background || waitS <= FOREGROUND_RETRY_AFTER_MAX_S;
      pacer.holdUntil(Date.now() + waitS * 1000);
      if (attempt >= tries || !canWait) {
        options.log?.warn({ status: response.status, request: key }, 'MusicBrainz refused the request');
        throw unreachable(`MusicBrainz answered ${response.status}.`);
      }
    }
  }

  async function remember(key: string, status: number, body: string, kind: Kind): Promise<void> {
    const now = clock();
    await storeAnswer(db, key, { status, body }, now.toISOString(), new Date(now.getTime() + KEEP_MS[kind]).toISOString()).catch(
      (error: unknown) => options.log?.warn({ err: error }, 'could not keep a MusicBrainz answer'),
    );
  }

  return {
    enabled: options.enabled,

    async searchReleaseGroups(query, request = {}) {
      const lucene =
        'text' in query
          ? escapeLucene(query.text.trim())
          : `artist:"${escapeLucene(query.artist)}" AND releasegroup:"${escapeLucene(query.title)}"`;
      const limit = String(Math.min(Math.max(request.limit ?? 10, 1), 100));
      return parseReleaseGroupSearch(await get('release-group', { query: lucene, limit }, 'search', request));
    },

    async releaseGroup(mbid, request = {}) {
      const body = await get(`release-group/${encodeURIComponent(mbid)}`, { inc: 'artist-credits+aliases+url-rels' }, 'lookup', request);
      return body === null ? null : parseReleaseGroup(body);
    },

    async releasesOf(releaseGroupMbid, request = {}) {
      const body = await get('release', { 'release-group': releaseGroupMbid, inc: 'media+labels', limit: '100' }, 'lookup', request);
      return body === null ? [] : parseReleaseBrowse(body);
    },

    async editionsOf(releaseGroupMbid, request = {}) {
      const releases: MbReleaseSummary[] = [];
      for (let offset = 0; offset < BROWSE_MAX; offset += BROWSE_PAGE) {
        const query: Record<string, string> = { 'release-group': releaseGroupMbid, inc: 'media+labels', limit: String(BROWSE_PAGE) };
        if (offset > 0) query.offset = String(offset);
        const body = await get('release', query, 'lookup', request);
        if (body === null) break;
        const page = parseReleaseBrowse(body);
        releases.push(...page);
        if (page.length < BROWSE_PAGE || releases.length >= releaseCount(body)) break;
      }
      return releases;
    },

    async release(mbid, request = {}) {
      const body = await get(
        `release/${encodeURIComponent(mbid)}`,
        { inc: 'recordings+labels+artist-credits+url-rels+release-groups' },
        'lookup',
        request,
      );
      return body === null ? null : parseRelease(body);
    },

    async artist(mbid, request = {}) {
      const body = await get(`artist/${encodeURIComponent(mbid)}`, { inc: 'aliases+url-rels+artist-rels' }, 'lookup', request);
      return body === null ? null : parseArtist(body);
    },

    async releaseGroupsOfArtist(artistMbid, request = {}) {
      const groups: MbReleaseGroupSummary[] = [];
      for (let offset = 0; offset < BROWSE_MAX; offset += BROWSE_PAGE) {
        const body = await get(
          'release-group',
          { artist: artistMbid, limit: String(BROWSE_PAGE), offset: String(offset) },
          'lookup',
          request,
        );
        if (body === null) break;
        const page = parseReleaseGroupBrowse(body);
        groups.push(...page.groups);
        if (page.groups.length < BROWSE_PAGE || groups.length >= page.total) break;
      }
      return groups;
    },

    async releaseGroupOfDiscogsMaster(masterId, request = {}) {
      const body = await get(
        'url',
        { resource: `https://www.discogs.com/master/${masterId}`, inc: 'release-group-rels' },
        'lookup',
        request,
      );
      return body === null ? null : parseUrlReleaseGroup(body);
    },

    async targetsOfUrl(url, request = {}) {
      const body = await get('url', { resource: url, inc: 'release-rels+release-group-rels' }, 'lookup', request);
      return body === null ? { releaseGroups: [], releases: [] } : parseUrlTargets(body);
    },

    async releaseGroupOfRecording(mbid, request = {}) {
      const body = await get(`recording/${encodeURIComponent(mbid)}`, { inc: 'releases+release-groups' }, 'lookup', request);
      return body === null ? null : parseRecordingReleaseGroup(body);
    },

    close: () => pacer.close(),
  };
}
