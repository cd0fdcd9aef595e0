import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LinkResolution } from '@hearsay/contracts/links';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildAlbum } from '../../../test/factories.ts';
import { startFakeMusicBrainz, type FakeMusicBrainz } from '../../../test/musicbrainz.ts';
import { createUser, type TestUser } from '../../../test/users.ts';

/** The fake MusicBrainz's world (test/fixtures/musicbrainz/SOURCES.md). */
const DARK_SIDE = 'f5093c06-23e3-404f-aeaa-40f72885ee3a';
const DARK_SIDE_GB_RELEASE = 'b84ee12a-09ef-421b-82de-0441a926375b';
const SPEAK_TO_ME = 'bef3fddb-5aca-49f5-b2fd-d56a23268d63';
const MEDDLE_ON_SPOTIFY = 'https://open.spotify.com/album/468ZwCchVtzEbt9BHmXopb';
/** The page of test/fixtures/link-pages/spotify-album.ye.html. */
const YE_ON_SPOTIFY = 'https://open.spotify.com/album/5EBGCvO6upi3GNknMVe9x9';

/** The music sites' pages, played on 127.0.0.1 by host and path; every request kept. */
interface PageServer {
  url: string;
  requests: string[];
  close(): Promise<void>;
}

async function startPages(): Promise<PageServer> {
  const ye = readFileSync(new URL('../../../test/fixtures/link-pages/spotify-album.ye.html', import.meta.url));
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    const page = `${request.headers.host}${request.url}`;
    requests.push(page);
    if (page === 'open.spotify.com/album/5EBGCvO6upi3GNknMVe9x9') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ye);
    } else if (page === 'open.spotify.com/album/0RedirectsElsewhere00') {
      // A page sending the reader to the cloud's metadata address, which must never be asked.
      response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    } else {
      response.writeHead(404, { 'content-type': 'text/html' }).end('<html><head><title>Page not found</title></head></html>');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let mb: FakeMusicBrainz;
let pages: PageServer;
let connected: TestApp;
let offline: TestApp;
let member: TestUser;
let offlineMember: TestUser;

async function resolveAs(t: TestApp, query: Record<string, string>, person?: TestUser) {
  return t.inject({
    method: 'GET',
    url: `/api/links/resolve?${new URLSearchParams(query)}`,
    headers: person ? { cookie: person.cookie } : {},
  });
}

async function resolved(t: TestApp, query: Record<string, string>, person?: TestUser): Promise<LinkResolution> {
  const response = await resolveAs(t, query, person);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as LinkResolution;
}

beforeAll(async () => {
  [mb, pages] = await Promise.all([startFakeMusicBrainz(), startPages()]);
  const linkPages = { allowLoopback: true, connectTo: pages.url };
  connected = await createTestApp({
    env: {
      MUSICBRAINZ: 'on',
      MUSICBRAINZ_URL: mb.url,
      MUSICBRAINZ_MIN_INTERVAL_MS: '20',
      MUSICBRAINZ_CONTACT: 'ops@hearsay.test',
      CATALOG_ENRICH: 'false',
    },
    linkPages,
  });
  offline = await createTestApp({ env: { MUSICBRAINZ: 'off' }, linkPages });
  member = await createUser(connected);
  offlineMember = await createUser(offline);
  await buildAlbum(offline.db, { title: 'The Dark Side of the Moon', artist: 'Pink Floyd', mbid: DARK_SIDE });
  await buildAlbum(offline.db, { title: 'ye', artist: 'Kanye West', mbid: null });
  await buildAlbum(connected.db, { title: 'ye', artist: 'Kanye West', mbid: null });
}, 60_000);

afterAll(async () => {
  await Promise.all([connected?.close(), offline?.close()]);
  await Promise.all([mb?.close(), pages?.close()]);
});

beforeEach(() => {
  mb.reset();
  pages.requests.length = 0;
});

describe('a MusicBrainz link', () => {
  it('opens the catalog album of the release group it names, with MusicBrainz switched off', async () => {
    const answer = await resolved(offline, { url: `https://musicbrainz.org/release-group/${DARK_SIDE}` }, offlineMember);
    expect(answer).toMatchObject({ outcome: 'album', via: 'musicbrainz_id', service: 'musicbrainz', added: false });
    expect(answer.album?.title).toBe('The Dark Side of the Moon');
  });

  it('adds the album of a release from MusicBrainz for a member when the catalog lacks it, and finds it again after', async () => {
    const first = await resolved(connected, { url: `https://musicbrainz.org/release/${DARK_SIDE_GB_RELEASE}` }, member);
    expect(first).toMatchObject({ outcome: 'album', via: 'musicbrainz_id', added: true });
    expect(first.album).toMatchObject({ title: 'The Dark Side of the Moon', artistCredit: 'Pink Floyd' });
    const again = await resolved(connected, { url: `https://beta.musicbrainz.org/release-group/${DARK_SIDE}/` }, member);
    expect(again).toMatchObject({ outcome: 'album', added: false, album: { id: first.album!.id } });
  });

  it('opens the album a recording is on', async () => {
    const answer = await resolved(connected, { url: `https://musicbrainz.org/recording/${SPEAK_TO_ME}` }, member);
    expect(answer).toMatchObject({ outcome: 'album', via: 'musicbrainz_id', album: { title: 'The Dark Side of the Moon' } });
    expect(mb.requests.some((request) => request.path.startsWith(`/ws/2/recording/${SPEAK_TO_ME}`))).toBe(true);
  });

  it('is searched for, without adding anything, when a visitor shares an album the catalog lacks', async () => {
    const answer = await resolved(connected, { url: 'https://musicbrainz.org/release-group/4e98c9b4-92f6-3049-b9da-a1088b623672' });
    expect(answer).toMatchObject({ outcome: 'search', album: null, added: false });
  });
});

describe('a streaming link', () => {
  it('is looked up in MusicBrainz’s URL relationships and its album added, tracking parameters dropped', async () => {
    const answer = await resolved(connected, { url: `${MEDDLE_ON_SPOTIFY}?si=4f1c2a9be0d34c1e` }, member);
    expect(answer).toMatchObject({
      outcome: 'album',
      via: 'musicbrainz_link',
      service: 'spotify',
      added: true,
      album: { title: 'Meddle' },
    });
    const lookup = mb.requests.find((request) => request.path.startsWith('/ws/2/url'));
    expect(new URLSearchParams(lookup!.path.split('?')[1]).get('resource')).toBe(MEDDLE_ON_SPOTIFY);
    expect(pages.requests).toEqual([]);
  });

  it('is found by the words shared with it when MusicBrainz is off ("Album by Artist", "Artist - Album")', async () => {
    for (const text of ['The Dark Side of the Moon by Pink Floyd', 'Pink Floyd - The Dark Side of the Moon']) {
      const answer = await resolved(offline, { text, url: 'https://open.spotify.com/album/4LH4d3cOWNNsVw41Gqt2kv' }, offlineMember);
      expect(answer, text).toMatchObject({ outcome: 'album', via: 'shared_text', album: { title: 'The Dark Side of the Moon' } });
    }
    // Apple Music's share title, with its invisible mark and the site's name.
    const apple = await resolved(
      offline,
      {
        title: '\u200eThe Dark Side of the Moon - Album by Pink Floyd - Apple Music',
        url: 'https://music.apple.com/gb/album/the-dark-side-of-the-moon/1065973699',
      },
      offlineMember,
    );
    expect(apple).toMatchObject({ outcome: 'album', via: 'shared_text', service: 'apple_music' });
    expect(pages.requests).toEqual([]);
  });

  it('finds the link inside the shared text when the share sheet sends no url', async () => {
    const answer = await resolved(
      offline,
      { text: 'Pink Floyd - The Dark Side of the Moon https://tidal.com/browse/album/1234567' },
      offlineMember,
    );
    expect(answer).toMatchObject({ outcome: 'album', service: 'tidal', album: { title: 'The Dark Side of the Moon' } });
  });

  it('is found by its page’s tags when nothing else names it, for members only, reading the page once', async () => {
    const visitor = await resolved(offline, { url: YE_ON_SPOTIFY });
    expect(visitor).toMatchObject({ outcome: 'search', service: 'spotify' });
    expect(pages.requests).toEqual([]);
    for (let time = 0; time < 2; time++) {
      const answer = await resolved(offline, { url: YE_ON_SPOTIFY }, offlineMember);
      expect(answer).toMatchObject({ outcome: 'album', via: 'page_tags', album: { title: 'ye', artistCredit: 'Kanye West' } });
    }
    expect(pages.requests).toEqual(['open.spotify.com/album/5EBGCvO6upi3GNknMVe9x9']);
  });

  it('falls back to a search prefilled with what was shared', async () => {
    const answer = await resolved(
      offline,
      { title: 'Blue - Album by Joni Mitchell | Spotify', url: 'spotify:album:1vz94WpXDVYE6jxU7lE3wf' },
      offlineMember,
    );
    expect(answer).toMatchObject({ outcome: 'search', album: null, service: 'spotify', query: 'Joni Mitchell Blue' });
  });
});

describe('what is refused', () => {
  it('never reads the page of another host, an address, a look-alike host, or a page redirecting off the music sites', async () => {
    for (const url of [
      'https://evil.example.com/album/1',
      'http://127.0.0.1/album/1',
      'https://open.spotify.com.evil.example/album/5EBGCvO6upi3GNknMVe9x9',
      'https://evil.example/open.spotify.com/album/5EBGCvO6upi3GNknMVe9x9',
      'https://169.254.169.254/latest/meta-data/',
    ]) {
      const response = await resolveAs(offline, { url }, offlineMember);
      expect(response.statusCode, url).toBe(200);
      expect(response.json().album, url).toBeNull();
    }
    expect(pages.requests).toEqual([]);
    const redirected = await resolved(offline, { url: 'https://open.spotify.com/album/0RedirectsElsewhere00' }, offlineMember);
    expect(redirected).toMatchObject({ outcome: 'search', album: null });
    expect(pages.requests).toEqual(['open.spotify.com/album/0RedirectsElsewhere00']);
  });

  it('answers that a link of no music site, with nothing else shared, is not one it reads', async () => {
    expect(await resolved(offline, { url: 'https://example.org/some/page' }, offlineMember)).toMatchObject({
      outcome: 'unsupported',
      service: null,
      query: '',
    });
  });

  it('refuses malformed input with a clear code, never a server error', async () => {
    const cases: [Record<string, string>, string][] = [
      [{}, 'search_empty'],
      [{ url: '   ' }, 'search_empty'],
      [{ url: 'not a link' }, 'not_a_link'],
      [{ url: 'javascript:alert(1)' }, 'not_a_link'],
      [{ url: 'ftp://open.spotify.com/album/x' }, 'not_a_link'],
      [{ url: `https://open.spotify.com/album/${'a'.repeat(3000)}` }, 'too_long'],
      [{ text: 'x'.repeat(1001) }, 'too_long'],
    ];
    for (const [query, code] of cases) {
      const response = await resolveAs(offline, query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(JSON.stringify(response.json().error.issues), JSON.stringify(query)).toContain(code);
    }
    const unknownIds = await resolved(offline, { url: 'https://musicbrainz.org/release-group/not-an-id' });
    expect(unknownIds).toMatchObject({ outcome: 'search', service: 'musicbrainz' });
  });

  it('answers when MusicBrainz cannot be reached, from the shared words', async () => {
    mb.offline();
    const answer = await resolved(
      connected,
      { url: 'https://open.spotify.com/album/5EBGCvO6upi3GNknMVe9x9', text: 'ye by Kanye West' },
      member,
    );
    expect(answer).toMatchObject({ outcome: 'album', via: 'shared_text', album: { title: 'ye' } });
  });
});
