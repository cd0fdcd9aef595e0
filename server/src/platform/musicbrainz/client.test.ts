import { readFileSync } from 'node:fs';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/database.ts';
import { startFakeMusicBrainz, type FakeMusicBrainz } from '../../../test/musicbrainz.ts';
import type { DatabaseHandle } from '../db/index.ts';
import { createMusicBrainz, type MusicBrainzOptions } from './client.ts';
import { parseArtist, parseRelease, parseReleaseBrowse, parseReleaseGroup, parseReleaseGroupSearch } from './parse.ts';
import { MusicBrainzUnavailable, type MusicBrainz } from './types.ts';

const sample = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../../test/fixtures/musicbrainz/samples/${name}`, import.meta.url), 'utf8'));

const DARK_SIDE = 'f5093c06-23e3-404f-aeaa-40f72885ee3a';
const MEDDLE = '4e98c9b4-92f6-3049-b9da-a1088b623672';
const NEVERMIND = '1b022e01-4da6-387b-8658-8678046e4cef';
const PINK_FLOYD = '83d91898-7763-47d7-b03b-b92132375c47';

describe('reading ws/2 answers', () => {
  it('reads search hits with their type, date, score and credit, whatever fields a hit leaves out', () => {
    const hits = parseReleaseGroupSearch(sample('release-group-search.rumours.json'));
    expect(hits).toHaveLength(5);
    expect(hits[1]).toMatchObject({ title: 'Rumours', primaryType: 'Album', firstReleaseDate: '1996-07-21', score: 100 });
    expect(hits[1]!.credits[0]!.name).toBe('Freddie McGregor');
    expect(hits[4]!.firstReleaseDate).toBeNull();
    expect(parseReleaseGroupSearch({})).toEqual([]);
    expect(parseReleaseGroupSearch({ 'release-groups': [null, 3, { id: 'x' }] })).toEqual([]);
  });

  it('reads a release with several discs, numbers, titles and lengths', () => {
    const release = parseRelease(sample('release-lookup.multidisc.inc-recordings+release-groups.json'))!;
    expect(release.media.map((medium) => [medium.position, medium.format, medium.tracks.length])).toEqual([
      [1, 'CD', 4],
      [2, 'DVD-Video', 3],
    ]);
    expect(release.media[1]!.tracks[0]).toEqual({ position: 1, number: '1', title: 'ケアレス (Music Video)', lengthMs: 249000 });
    expect(release.releaseGroupMbid).toBe('b89c4dbd-1734-4536-a16d-dde648f735c0');
    // A release as a search embeds it: no labels, no relations, still read.
    const bare = parseRelease(sample('release-lookup.no-type.json'))!;
    expect(bare.labels).toEqual([]);
    expect(bare.links).toEqual([]);
  });

  it('reads releases of a release group with labels, catalogue numbers, formats and track counts', () => {
    const releases = parseReleaseBrowse(sample('release-browse.by-release-group.inc-labels+media.json'));
    expect(releases).toHaveLength(3);
    expect(releases[0]).toMatchObject({
      status: 'Official',
      date: '2009-08-07',
      formats: ['CD'],
      trackCount: 5,
      labels: [{ name: 'label A', catalogueNumber: 'cat 123' }],
    });
  });

  it('reads a release group’s secondary types, credit and Discogs master, and an artist’s life span', () => {
    const grey = parseReleaseGroup(sample('release-group-lookup.the-grey-album.inc-all.json'))!;
    expect(grey).toMatchObject({ title: 'The Grey Album', primaryType: 'Album', secondaryTypes: ['Remix'], discogsMasterIds: [52188] });
    expect(grey.credits.map((credit) => credit.name)).toEqual(['Danger Mouse']);
    const serge = parseArtist(sample('artist-lookup.serge-gainsbourg.ended.json'))!;
    expect(serge).toMatchObject({
      name: 'Serge Gainsbourg',
      type: 'Person',
      area: 'France',
      beginDate: '1928-04-02',
      endDate: '1991-03-02',
      ended: true,
      members: [],
    });
  });

  it('keeps one http(s) link per streaming service and the official site, and reads a group’s members', () => {
    const group = parseReleaseGroup({
      id: DARK_SIDE,
      title: 'T',
      relations: [
        { type: 'free streaming', url: { resource: 'https://open.spotify.com/album/1' } },
        { type: 'free streaming', url: { resource: 'https://open.spotify.com/album/2' } },
        { type: 'streaming', url: { resource: 'https://listen.tidal.com/album/3' } },
        { type: 'purchase for download', url: { resource: 'https://artist.bandcamp.com/album/x' } },
        { type: 'official homepage', url: { resource: 'https://example.org/' } },
        { type: 'free streaming', url: { resource: 'javascript:alert(1)' } },
        { type: 'other databases', url: { resource: 'https://rateyourmusic.com/x' } },
      ],
    })!;
    expect(group.links).toEqual([
      { service: 'bandcamp', url: 'https://artist.bandcamp.com/album/x' },
      { service: 'spotify', url: 'https://open.spotify.com/album/1' },
      { service: 'tidal', url: 'https://listen.tidal.com/album/3' },
      { service: 'official-site', url: 'https://example.org/' },
    ]);
    const band = parseArtist({
      id: PINK_FLOYD,
      name: 'Band',
      relations: [
        { type: 'member of band', direction: 'backward', artist: { id: 'a', name: 'Left' }, begin: '1965', end: '1968', ended: true },
        { type: 'member of band', direction: 'backward', artist: { id: 'b', name: 'Stayed' }, begin: '1965', ended: false },
        { type: 'member of band', direction: 'backward', artist: { id: 'b', name: 'Stayed' }, begin: '1963', end: '1964', ended: true },
        { type: 'member of band', direction: 'forward', artist: { id: 'c', name: 'A band it joined' } },
      ],
    })!;
    expect(band.members).toEqual([
      { mbid: 'a', name: 'Left', beginDate: '1965', endDate: '1968', ended: true },
      { mbid: 'b', name: 'Stayed', beginDate: '1963', endDate: null, ended: false },
    ]);
  });
});

describe('the client', () => {
  let mb: FakeMusicBrainz;
  let database: DatabaseHandle;
  const clients: MusicBrainz[] = [];

  function client(options: Partial<MusicBrainzOptions> = {}): MusicBrainz {
    const made = createMusicBrainz({
      db: database.db,
      enabled: true,
      baseUrl: mb.url,
      contact: 'ops@hearsay.test',
      version: '9.9.9',
      minIntervalMs: 100,
      ...options,
    });
    clients.push(made);
    return made;
  }

  const wsRequests = () => mb.requests.filter((request) => request.path.startsWith('/ws/2/'));
  /**
   * The pacer gives each request a slot one interval after the previous one's, and none goes before its slot. The
   * stand-in sees when requests arrive, not when they left: on a busy machine one may arrive late (its timer fired
   * late) and the next on time, so two arrivals can be closer than an interval without anything sent early. What
   * holds however late some arrive: the k-th arrives at least k intervals after the first (less a little, should the
   * first itself arrive late).
   */
  const JITTER_MS = 40;
  function expectPaced(intervalMs: number) {
    const times = wsRequests().map((request) => request.at);
    times.forEach((at, index) => expect(at - times[0]!).toBeGreaterThanOrEqual(index * intervalMs - JITTER_MS));
  }

  beforeAll(async () => {
    mb = await startFakeMusicBrainz();
    database = await freshDatabase();
  });
  afterEach(async () => {
    mb.reset();
    await database.db.deleteFrom('musicbrainz_answer').execute();
  });
  afterAll(async () => {
    for (const made of clients) await made.close();
    await database.destroy();
    await mb.close();
  });

  it('names Hearsay, its version and the operator in the User-Agent', async () => {
    const found = await client().searchReleaseGroups({ text: 'meddle' });
    expect(found.map((hit) => hit.mbid)).toEqual([MEDDLE]);
    expect(wsRequests()[0]!.userAgent).toBe('Hearsay/9.9.9 ( ops@hearsay.test )');
  });

  it('sends one request per interval, however many are asked at once', async () => {
    const musicbrainz = client({ minIntervalMs: 100 });
    await Promise.all([
      musicbrainz.releaseGroup(DARK_SIDE),
      musicbrainz.releaseGroup(MEDDLE),
      musicbrainz.releaseGroup(NEVERMIND),
      musicbrainz.artist(PINK_FLOYD),
      musicbrainz.releasesOf(DARK_SIDE),
      musicbrainz.releasesOf(MEDDLE),
      musicbrainz.searchReleaseGroups({ text: 'low' }),
      musicbrainz.searchReleaseGroups({ text: 'heroes' }),
      musicbrainz.searchReleaseGroups({ artist: 'Nirvana', title: 'Nevermind' }),
      musicbrainz.releaseGroupOfDiscogsMaster(10362),
    ]);
    expect(wsRequests()).toHaveLength(10);
    expectPaced(100);
  });

  it('keeps to one request a second by default', async () => {
    const musicbrainz = client({ minIntervalMs: undefined });
    await Promise.all([musicbrainz.releaseGroup(DARK_SIDE), musicbrainz.releaseGroup(MEDDLE), musicbrainz.artist(PINK_FLOYD)]);
    expectPaced(1000);
  });

  it('shares the pace between processes through Redis', async () => {
    const redisKey = `hearsay:test:musicbrainz:${process.pid}:${Date.now()}`;
    const one = client({ redisUrl: 'redis://127.0.0.1:6379', redisKey, minIntervalMs: 150 });
    const two = client({ redisUrl: 'redis://127.0.0.1:6379', redisKey, minIntervalMs: 150 });
    await Promise.all([one.releaseGroup(DARK_SIDE), two.releaseGroup(MEDDLE), one.artist(PINK_FLOYD), two.releaseGroup(NEVERMIND)]);
    expect(wsRequests()).toHaveLength(4);
    expectPaced(150);
    const redis = new Redis('redis://127.0.0.1:6379');
    await redis.del(redisKey);
    await redis.quit();
  });

  it('threads of one process share the pace through their shared slot', async () => {
    const sharedSlot = new SharedArrayBuffer(8);
    const one = client({ sharedSlot, minIntervalMs: 120 });
    const two = client({ sharedSlot, minIntervalMs: 120 });
    await Promise.all([one.releaseGroup(DARK_SIDE), two.releaseGroup(MEDDLE), one.artist(PINK_FLOYD)]);
    expectPaced(120);
  });

  it('waits out a 503 for as long as Retry-After says, then asks again', async () => {
    mb.fail(1, { status: 503, retryAfter: 1 });
    const group = await client().releaseGroup(DARK_SIDE, { background: true });
    expect(group?.title).toBe('The Dark Side of the Moon');
    const [refused, retried] = wsRequests();
    expect(refused!.status).toBe(503);
    expect(retried!.status).toBe(200);
    expect(retried!.at - refused!.at).toBeGreaterThanOrEqual(1000);
  });

  it('gives a person an answer rather than a long wait when MusicBrainz asks for one', async () => {
    mb.fail(5, { status: 503, retryAfter: 60 });
    const started = Date.now();
    await expect(client().releaseGroup(DARK_SIDE)).rejects.toMatchObject({ reason: 'unreachable' });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(wsRequests()).toHaveLength(1);
  });

  it('says MusicBrainz is unreachable when it is, and does not ask again for a while', async () => {
    mb.offline();
    const musicbrainz = client();
    await expect(musicbrainz.searchReleaseGroups({ text: 'meddle' })).rejects.toBeInstanceOf(MusicBrainzUnavailable);
    const asked = mb.requests.length;
    const started = Date.now();
    await expect(musicbrainz.releaseGroup(DARK_SIDE)).rejects.toMatchObject({ reason: 'unreachable' });
    expect(Date.now() - started).toBeLessThan(100);
    expect(mb.requests.length).toBe(asked);
  });

  it('asks nothing at all when switched off', async () => {
    await expect(client({ enabled: false }).releaseGroup(DARK_SIDE)).rejects.toMatchObject({ reason: 'off' });
    expect(mb.requests).toHaveLength(0);
  });

  it('remembers answers, "no such id" included, and asks once for the same thing asked twice at once', async () => {
    const musicbrainz = client();
    const [first, second] = await Promise.all([musicbrainz.releaseGroup(DARK_SIDE), musicbrainz.releaseGroup(DARK_SIDE)]);
    expect(first).toEqual(second);
    expect(await client().releaseGroup(DARK_SIDE)).toEqual(first);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(await musicbrainz.releaseGroup(unknown)).toBeNull();
    expect(await musicbrainz.releaseGroup(unknown)).toBeNull();
    expect(wsRequests().map((request) => request.path.split('?')[0])).toEqual([
      `/ws/2/release-group/${DARK_SIDE}`,
      `/ws/2/release-group/${unknown}`,
    ]);
  });

  it('browses an artist’s release groups and maps a Discogs master to its release group', async () => {
    const musicbrainz = client();
    const groups = await musicbrainz.releaseGroupsOfArtist(PINK_FLOYD);
    expect(groups.map((group) => group.title)).toEqual(
      expect.arrayContaining(['The Dark Side of the Moon', 'Wish You Were Here', 'Meddle']),
    );
    expect(await musicbrainz.releaseGroupOfDiscogsMaster(10362)).toBe(DARK_SIDE);
    expect(await musicbrainz.releaseGroupOfDiscogsMaster(1)).toBeNull();
  });
});
