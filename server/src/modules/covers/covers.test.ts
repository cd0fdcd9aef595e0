import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildAlbum } from '../../../test/factories.ts';
import { generatedAlbumCover, generatedArtistImage } from './generated-cover.ts';

/** A local stand-in for the Cover Art Archive: one cover, one missing album, one broken one. */
let archive: Server;
let archiveUrl: string;
const hits: string[] = [];
const MBID_OK = '1dc4c347-a1db-32aa-b14f-bc9cc507b843';
const MBID_LATER = '2dc4c347-a1db-32aa-b14f-bc9cc507b843';
const MBID_MISSING = '00000000-0000-0000-0000-000000000404';
const MBID_BROKEN = '00000000-0000-0000-0000-000000000500';

let t: TestApp;
const albums: Record<string, string> = {};

beforeAll(async () => {
  const jpeg = await sharp({ create: { width: 800, height: 800, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg()
    .toBuffer();
  archive = createServer((request, response) => {
    hits.push(request.url ?? '');
    if (
      [MBID_OK, MBID_LATER].some((mbid) =>
        [`/release-group/${mbid}/front-500`, `/release-group/${mbid}/front-250`].includes(request.url ?? ''),
      )
    ) {
      response.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
    } else if (request.url?.includes(MBID_BROKEN)) {
      response.writeHead(500).end('oops');
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => archive.listen(0, '127.0.0.1', resolve));
  archiveUrl = `http://127.0.0.1:${(archive.address() as AddressInfo).port}`;
  t = await createTestApp({ env: { COVER_ART: 'remote', COVER_ART_URL: archiveUrl } });
  albums.ok = await buildAlbum(t.db, { title: 'Nevermind', artist: 'Nirvana', mbid: MBID_OK });
  albums.missing = await buildAlbum(t.db, { title: 'Unknown Cover', artist: 'Somebody', mbid: MBID_MISSING });
  albums.broken = await buildAlbum(t.db, { title: 'Broken Archive', artist: 'Somebody Else', mbid: MBID_BROKEN });
  albums.plain = await buildAlbum(t.db, { title: 'No Id', artist: 'Nobody', mbid: null });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => archive.close(resolve));
});

describe('album covers', () => {
  it('fetches a cover once from the archive, keeps it as WebP and serves it with cache headers', async () => {
    const first = await t.inject(`/covers/albums/${albums.ok}`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/webp');
    expect(first.headers['cache-control']).toContain('max-age=');
    const metadata = await sharp(first.rawPayload).metadata();
    expect(metadata.format).toBe('webp');
    expect(metadata.width).toBe(500);
    expect(existsSync(join(t.config.dataDir, 'covers', 'albums', `${albums.ok}.webp`))).toBe(true);

    const before = hits.length;
    const second = await t.inject(`/covers/albums/${albums.ok}`);
    expect(second.statusCode).toBe(200);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(hits.length).toBe(before);
  });

  it('names the found cover on the album page at once, though the page was cached before', async () => {
    const album = await buildAlbum(t.db, { title: 'In Utero', artist: 'Nirvana', mbid: MBID_LATER });
    const coverUrl = async () => (await t.inject(`/api/albums/${album}`)).json<{ coverUrl: string }>().coverUrl;
    const generated = await coverUrl();
    expect((await t.inject(`/covers/albums/${album}`)).statusCode).toBe(200);
    const found = await coverUrl();
    expect(found).not.toBe(generated);
    expect(found).toContain(`/covers/albums/${album}`);
  });

  it('serves the archive’s 250 px thumbnail for small places, fetched and kept once, never the full-size image', async () => {
    const small = await t.inject(`/covers/albums/${albums.ok}?size=250`);
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-type']).toBe('image/webp');
    expect((await sharp(small.rawPayload).metadata()).width).toBe(250);
    expect(hits).toContain(`/release-group/${MBID_OK}/front-250`);
    expect(hits.some((hit) => hit.endsWith('/front'))).toBe(false);
    const before = hits.length;
    const again = await t.inject(`/covers/albums/${albums.ok}?size=250&v=c`);
    expect(again.rawPayload.equals(small.rawPayload)).toBe(true);
    expect(hits.length).toBe(before);
    const large = await t.inject(`/covers/albums/${albums.ok}?size=500`);
    expect((await sharp(large.rawPayload).metadata()).width).toBe(500);
    const bad = await t.inject(`/covers/albums/${albums.ok}?size=1200`);
    expect(bad.statusCode).toBe(400);
  });

  it('gives generated covers several layouts', async () => {
    const layouts = new Set(
      Array.from(
        { length: 12 },
        (_, index) => /data-layout="(\d+)"/.exec(generatedAlbumCover(`Variety ${index}`, `Painter ${index}`).svg)?.[1],
      ),
    );
    expect(layouts.size).toBeGreaterThan(3);
  });

  it('serves a generated cover as WebP when the archive has none or fails, and does not ask again at once', async () => {
    for (const id of [albums.missing, albums.broken]) {
      const response = await t.inject(`/covers/albums/${id}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers['cache-control']).toBe('public, max-age=86400');
      const metadata = await sharp(response.rawPayload).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', 500, 500]);
    }
    const before = hits.length;
    await t.inject(`/covers/albums/${albums.missing}`);
    expect(hits.length).toBe(before);
  });

  it('draws a generated cover once per size, however many ask at once, and keeps it for the next', async () => {
    const id = await buildAlbum(t.db, { title: 'Drawn Once', artist: 'Patient Painter', mbid: null });
    const drawnFiles = () => readdirSync(join(t.config.dataDir, 'covers', 'generated'));
    const before = drawnFiles().length;
    const small = await Promise.all(Array.from({ length: 6 }, () => t.inject(`/covers/albums/${id}?size=250`)));
    expect(small.map((response) => response.statusCode)).toEqual(Array(6).fill(200));
    for (const response of small) expect(response.rawPayload.equals(small[0]!.rawPayload)).toBe(true);
    expect((await sharp(small[0]!.rawPayload).metadata()).width).toBe(250);
    expect(drawnFiles().length).toBe(before + 1);
    const large = await t.inject(`/covers/albums/${id}?size=500`);
    expect((await sharp(large.rawPayload).metadata()).width).toBe(500);
    expect(drawnFiles().length).toBe(before + 2);
    const again = await t.inject(`/covers/albums/${id}?size=250`);
    expect(again.rawPayload.equals(small[0]!.rawPayload)).toBe(true);
    expect(again.headers['last-modified']).toBe(small[0]!.headers['last-modified']);
    expect(drawnFiles().length).toBe(before + 2);
    expect(drawnFiles().filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('draws the title and artist on a generated cover, and a new cover when the album is renamed', async () => {
    const id = await buildAlbum(t.db, { title: 'Words On It', artist: 'Letterer', mbid: null });
    const served = (await t.inject(`/covers/albums/${id}?size=250`)).rawPayload;
    // The same drawing without its words: what is served must differ from it where the words are.
    const { svg } = generatedAlbumCover('Words On It', 'Letterer');
    const blank = await sharp(Buffer.from(svg.replace(/<text[\s\S]*?<\/text>/g, '')), { density: 30 })
      .resize(250, 250)
      .removeAlpha()
      .raw()
      .toBuffer();
    const drawn = await sharp(served).removeAlpha().raw().toBuffer();
    let differing = 0;
    for (let index = 0; index < drawn.length; index += 1) if (Math.abs(drawn[index]! - blank[index]!) > 40) differing += 1;
    expect(differing).toBeGreaterThan(1000);

    await t.db.updateTable('album').set({ title: 'Other Words' }).where('id', '=', id).execute();
    const renamed = (await t.inject(`/covers/albums/${id}?size=250`)).rawPayload;
    expect(renamed.equals(served)).toBe(false);
  });

  it('leaves words in scripts a server may have no font for to the reader: such covers stay SVG', async () => {
    const id = await buildAlbum(t.db, { title: '居場所 <b>', artist: 'Sakamoto', mbid: null });
    const response = await t.inject(`/covers/albums/${id}?size=250`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.body).toContain('居場所 &#60;b&#62;');
    expect(response.body).toContain('@media (max-width: 95px) { .words { display: none } }');
    const greek = await buildAlbum(t.db, { title: 'Ωδή', artist: 'Ψάπφω', mbid: null });
    expect((await t.inject(`/covers/albums/${greek}`)).headers['content-type']).toBe('image/webp');
  });

  it('generates covers for albums without a MusicBrainz id, deterministically and safely', async () => {
    const before = hits.length;
    const first = await t.inject(`/covers/albums/${albums.plain}`);
    const second = await t.inject(`/covers/albums/${albums.plain}`);
    expect(hits.length).toBe(before);
    expect(first.rawPayload.equals(second.rawPayload)).toBe(true);
    expect(first.headers['content-type']).toBe('image/webp');
    expect(first.headers['x-content-type-options']).toBe('nosniff');
  });

  it('never contacts the archive when remote covers are off', async () => {
    const offline = await createTestApp({ env: { COVER_ART: 'off', COVER_ART_URL: archiveUrl } });
    try {
      const id = await buildAlbum(offline.db, { title: 'Offline', artist: 'Quiet', mbid: MBID_OK });
      const before = hits.length;
      const response = await offline.inject(`/covers/albums/${id}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(hits.length).toBe(before);
    } finally {
      await offline.close();
    }
  });

  it('draws covers for titles with markup in them', async () => {
    const id = await buildAlbum(t.db, { title: '<script>alert(1)</script> & "Friends"', artist: 'Mallory' });
    const response = await t.inject(`/covers/albums/${id}`);
    expect(response.statusCode).toBe(200);
    expect((await sharp(response.rawPayload).metadata()).format).toBe('webp');
  });

  it('answers unknown albums and artists with a 404 error body', async () => {
    const album = await t.inject('/covers/albums/nope');
    expect(album.statusCode).toBe(404);
    expect(album.json().error.code).toBeTruthy();
    const artist = await t.inject('/covers/artists/nope');
    expect(artist.statusCode).toBe(404);
  });

  it('draws artist images', async () => {
    const artist = await t.db.selectFrom('artist').select('id').where('name', '=', 'Nirvana').executeTakeFirstOrThrow();
    const response = await t.inject(`/covers/artists/${artist.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    const metadata = await sharp(response.rawPayload).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', 400, 400]);
  });
});

describe('generated covers', () => {
  it('stay valid pictures whatever a title holds: markup characters escaped, control characters dropped', async () => {
    const album = generatedAlbumCover('Bell\u0007 <&> "Songs"\u001b', 'Tab\tand\u0000Nul').svg;
    const artist = generatedArtistImage('<Bell\u0007> \u001bNul').svg;
    expect(album).toContain('&#60;&#38;&#62;');
    expect(artist).toContain('&#60;');
    for (const svg of [album, artist]) {
      for (const control of ['\u0000', '\u0007', '\u001b']) expect(svg).not.toContain(control);
      // An SVG with a control character is not XML: the image library refuses it.
      const metadata = await sharp(Buffer.from(svg)).metadata();
      expect(metadata.format).toBe('svg');
    }
  });
});
