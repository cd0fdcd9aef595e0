import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/**
 * A local stand-in for MusicBrainz's web service (ws/2, JSON) and the Cover Art Archive, playing a small world of
 * recorded answers (test/fixtures/musicbrainz/world.json; SOURCES.md says where each entity comes from). No test
 * reaches the internet. It answers what Hearsay asks: release-group search (free text, or `artist:"…" AND
 * releasegroup:"…"`), release-group, release and artist lookups, releases of a release group, release groups of an
 * artist, Discogs master URLs, and front covers (as small generated JPEGs). Tests can make it refuse (503 with
 * Retry-After), slow down or drop connections, and read every request it got.
 */

// The fixtures are ws/2 JSON of many shapes, read loosely as MusicBrainz writes them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

interface World {
  artists: Json[];
  releaseGroups: Json[];
  releases: Json[];
  discogsMasters: Record<string, string>;
  coverless: string[];
}

export interface FakeRequest {
  path: string;
  at: number;
  userAgent: string;
  status: number;
}

export interface FakeMusicBrainz {
  url: string;
  requests: FakeRequest[];
  /** The next `count` ws/2 requests are refused with this status (and Retry-After, in seconds). */
  fail(count: number, answer: { status: number; retryAfter?: number }): void;
  /** Every answer waits this long first. */
  delay(ms: number): void;
  /** Connections are dropped without an answer, as an unreachable host would. */
  offline(on?: boolean): void;
  reset(): void;
  close(): Promise<void>;
}

const world = JSON.parse(readFileSync(new URL('./fixtures/musicbrainz/world.json', import.meta.url), 'utf8')) as World;

/** Lower case, letters and digits only: how the stand-in compares names, leniently as MusicBrainz's search does. */
const fold = (value: string) =>
  value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');

const without = (entity: Json, ...keys: string[]) => Object.fromEntries(Object.entries(entity).filter(([key]) => !keys.includes(key)));
const summaryOf = (group: Json) => without(group, 'relations', '_source');

function creditNames(group: Json): string[] {
  const credits: Json[] = group['artist-credit'] ?? [];
  const names = [credits.map((credit) => `${credit.name}${credit.joinphrase ?? ''}`).join('')];
  for (const credit of credits) {
    names.push(credit.name, credit.artist?.name ?? '', ...(credit.artist?.aliases ?? []).map((alias: Json) => alias.name));
  }
  return names.filter(Boolean).map(fold);
}

function search(query: string): Json {
  const unescape = (value: string) => value.replace(/\\(.)/g, '$1');
  const fielded = /^artist:"((?:[^"\\]|\\.)*)" AND releasegroup:"((?:[^"\\]|\\.)*)"$/.exec(query);
  const hits = world.releaseGroups.filter((group) => {
    if (fielded) {
      return creditNames(group).includes(fold(unescape(fielded[1]!))) && fold(group.title).includes(fold(unescape(fielded[2]!)));
    }
    const words = unescape(query).split(/\s+/).map(fold).filter(Boolean);
    const haystack = `${fold(group.title)} ${creditNames(group).join(' ')}`;
    return words.length > 0 && words.every((word) => haystack.includes(word));
  });
  return {
    created: '2026-01-01T00:00:00.000Z',
    count: hits.length,
    offset: 0,
    'release-groups': hits.map((group) => ({ ...summaryOf(group), score: 100 })),
  };
}

function releasesOf(groupId: string, offset: number, limit: number): Json {
  const releases = world.releases
    .filter((release) => release['release-group']?.id === groupId)
    .map((release) => ({
      ...without(release, 'relations', 'artist-credit', '_source', 'release-group'),
      media: (release.media ?? []).map((medium: Json) => ({
        ...without(medium, 'tracks'),
        'track-count': medium['track-count'] ?? medium.tracks?.length ?? 0,
      })),
    }));
  return { 'release-count': releases.length, 'release-offset': offset, releases: releases.slice(offset, offset + limit) };
}

function groupsOf(artistId: string, offset: number, limit: number): Json {
  const artist = world.artists.find((candidate) => candidate.id === artistId);
  const credited = world.releaseGroups.filter((group) =>
    (group['artist-credit'] ?? []).some((credit: Json) => credit.artist?.id === artistId),
  );
  const all = new Map<string, Json>();
  for (const group of [...credited.map(summaryOf), ...(artist?.['release-groups'] ?? []).map((group: Json) => without(group, '_source'))]) {
    if (!all.has(group.id)) all.set(group.id, without(group, 'artist-credit'));
  }
  const groups = [...all.values()];
  return { 'release-group-count': groups.length, 'release-group-offset': offset, 'release-groups': groups.slice(offset, offset + limit) };
}

/**
 * `GET /ws/2/url?resource=…`: the entities whose URL relationships name the resource, as backward relationships in
 * the shape of musicbrainz-server's recorded answer (test/fixtures/musicbrainz/samples/url-lookup.*.json), each
 * relationship's type as the entity states it. Discogs masters map to their release group as before.
 */
function urlLookup(resource: string, inc: string): Json | null {
  const includes = new Set(inc.split('+'));
  const master = /discogs\.com\/master\/(\d+)$/.exec(resource);
  const linked = (entity: Json) => (entity.relations ?? []).find((relation: Json) => relation.url?.resource === resource);
  const relationOf = (found: Json, targetType: 'release' | 'release_group', target: Json): Json => ({
    'attribute-ids': {},
    'attribute-values': {},
    attributes: [],
    begin: null,
    direction: 'backward',
    end: null,
    ended: false,
    'source-credit': '',
    'target-credit': '',
    'target-type': targetType,
    type: found.type,
    'type-id': found['type-id'] ?? null,
    [targetType]: target,
  });
  const relations: Json[] = [];
  for (const group of world.releaseGroups) {
    const found = master && world.discogsMasters[master[1]!] === group.id ? { type: 'discogs' } : linked(group);
    if (found && includes.has('release-group-rels')) relations.push(relationOf(found, 'release_group', summaryOf(group)));
  }
  for (const release of world.releases) {
    const found = linked(release);
    if (found && includes.has('release-rels')) {
      relations.push(
        relationOf(found, 'release', without(release, 'relations', 'artist-credit', 'media', 'label-info', 'release-group', '_source')),
      );
    }
  }
  const known = master ? world.discogsMasters[master[1]!] : [...world.releaseGroups, ...world.releases].some(linked);
  if (!known) return null;
  return { id: '00000000-0000-4000-8000-000000000001', resource, relations };
}

/** `GET /ws/2/recording/{mbid}?inc=releases+release-groups`: a recording of a world release's tracklist, with the releases it is on. */
function recordingLookup(mbid: string): Json | null {
  const releases = world.releases.filter((release) =>
    (release.media ?? []).some((medium: Json) => (medium.tracks ?? []).some((track: Json) => track.recording?.id === mbid)),
  );
  const track = releases[0]?.media
    .flatMap((medium: Json) => medium.tracks ?? [])
    .find((candidate: Json) => candidate.recording?.id === mbid);
  if (!track) return null;
  const groupOf = (id: string) => summaryOf(world.releaseGroups.find((group) => group.id === id) ?? { id });
  return {
    ...track.recording,
    releases: releases.map((release) => ({
      ...without(release, 'relations', 'artist-credit', 'media', 'label-info', 'release-group', '_source'),
      'release-group': without(groupOf(release['release-group'].id), 'artist-credit'),
    })),
  };
}

/** The ws/2 answer for a path and query, or null for 404. */
function answer(path: string, query: URLSearchParams): Json | null {
  const lookup = /^\/ws\/2\/(release-group|release|artist)\/([0-9a-f-]{36})$/.exec(path);
  if (lookup) {
    const [, kind, id] = lookup;
    const found =
      kind === 'release-group'
        ? world.releaseGroups.find((group) => group.id === id)
        : kind === 'release'
          ? world.releases.find((release) => release.id === id && release.media?.some((medium: Json) => medium.tracks?.length))
          : world.artists.find((artist) => artist.id === id);
    return found ? without(found, '_source', 'release-groups') : null;
  }
  if (path === '/ws/2/release-group' && query.has('query')) return search(query.get('query')!);
  if (path === '/ws/2/release-group' && query.has('artist')) {
    return groupsOf(query.get('artist')!, Number(query.get('offset') ?? 0), Number(query.get('limit') ?? 25));
  }
  if (path === '/ws/2/release' && query.has('release-group')) {
    return releasesOf(query.get('release-group')!, Number(query.get('offset') ?? 0), Number(query.get('limit') ?? 25));
  }
  if (path === '/ws/2/url') return urlLookup(query.get('resource') ?? '', query.get('inc') ?? '');
  const recording = /^\/ws\/2\/recording\/([0-9a-f-]{36})$/.exec(path);
  if (recording) return recordingLookup(recording[1]!);
  return null;
}

const coverCache = new Map<string, Buffer>();

async function cover(mbid: string, size: number): Promise<Buffer> {
  const key = `${mbid}-${size}`;
  let image = coverCache.get(key);
  if (!image) {
    const hue = Number.parseInt(mbid.slice(0, 6), 16);
    image = await sharp({
      create: { width: size, height: size, channels: 3, background: { r: hue & 255, g: (hue >> 8) & 255, b: (hue >> 16) & 255 } },
    })
      .jpeg()
      .toBuffer();
    coverCache.set(key, image);
  }
  return image;
}

export async function startFakeMusicBrainz(): Promise<FakeMusicBrainz> {
  const requests: FakeRequest[] = [];
  let failures: { count: number; status: number; retryAfter?: number } = { count: 0, status: 503 };
  let delayMs = 0;
  let dropping = false;

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fake.invalid');
    const record: FakeRequest = {
      path: `${url.pathname}${url.search}`,
      at: Date.now(),
      userAgent: request.headers['user-agent'] ?? '',
      status: 0,
    };
    requests.push(record);
    if (dropping) {
      request.socket.destroy();
      return;
    }
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    const send = (status: number, body: string | Buffer, headers: Record<string, string> = {}) => {
      record.status = status;
      response.writeHead(status, headers).end(body);
    };
    if (url.pathname.startsWith('/ws/2/')) {
      if (failures.count > 0) {
        failures.count--;
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (failures.retryAfter !== undefined) headers['retry-after'] = String(failures.retryAfter);
        send(failures.status, JSON.stringify({ error: 'Your requests are exceeding the allowable rate limit.' }), headers);
        return;
      }
      const body = answer(url.pathname, url.searchParams);
      if (body) send(200, JSON.stringify(body), { 'content-type': 'application/json; charset=utf-8' });
      else send(404, JSON.stringify({ error: 'Not Found' }), { 'content-type': 'application/json' });
      return;
    }
    // The Cover Art Archive: /release-group/{mbid}/front[-250|-500|-1200] redirects to the image, as the archive does.
    const front = /^\/(release-group|release)\/([0-9a-f-]{36})\/front(?:-(250|500|1200))?$/.exec(url.pathname);
    if (front) {
      const [, , mbid, size] = front;
      const known = world.releaseGroups.some((group) => group.id === mbid) || world.releases.some((release) => release.id === mbid);
      if (!known || world.coverless.includes(mbid!)) send(404, 'Not Found');
      else send(307, '', { location: `/img/${mbid}-${size ?? 'full'}.jpg` });
      return;
    }
    const image = /^\/img\/([0-9a-f-]{36})-(250|500|1200|full)\.jpg$/.exec(url.pathname);
    if (image) {
      send(200, await cover(image[1]!, image[2] === 'full' ? 1400 : Number(image[2])), { 'content-type': 'image/jpeg' });
      return;
    }
    send(404, 'Not Found');
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => response.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    fail(count, { status, retryAfter }) {
      failures = { count, status, retryAfter };
    },
    delay(ms) {
      delayMs = ms;
    },
    offline(on = true) {
      dropping = on;
    },
    reset() {
      requests.length = 0;
      failures = { count: 0, status: 503 };
      delayMs = 0;
      dropping = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
