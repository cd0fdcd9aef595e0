import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants as zlibConstants, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildAlbum } from '../../../test/factories.ts';
import { createUser } from '../../../test/users.ts';

let t: TestApp;
let slug: string;
const webDist = mkdtempSync(join(tmpdir(), 'hearsay-web-'));
const BUILT = `export const words = ${JSON.stringify('compressed at build time '.repeat(200))};`;
// Levels other than the server's own when it compresses a file as it sends it: the bytes tell which was sent.
const BUILT_BR = brotliCompressSync(BUILT, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } });
const BUILT_GZ = gzipSync(BUILT, { level: 1 });
const INLINE_SCRIPT = "\n      globalThis.started = 'before the first paint';\n    ";

beforeAll(async () => {
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(
    join(webDist, 'index.html'),
    `<!doctype html><html lang="en"><head><script>${INLINE_SCRIPT}</script><!--hearsay:head--></head><body><div id="root"></div></body></html>`,
  );
  writeFileSync(join(webDist, 'assets', 'app-abc123.js'), `console.log(${JSON.stringify('x'.repeat(5000))});`);
  // As the build leaves a file: beside it, the same bytes compressed once with brotli and with gzip.
  writeFileSync(join(webDist, 'assets', 'built-def456.js'), BUILT);
  writeFileSync(join(webDist, 'assets', 'built-def456.js.br'), BUILT_BR);
  writeFileSync(join(webDist, 'assets', 'built-def456.js.gz'), BUILT_GZ);
  writeFileSync(join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(webDist, 'manifest.webmanifest'), '{"name":"Hearsay","start_url":"/"}');
  writeFileSync(join(webDist, 'assets', 'app-abc123.js.map'), '{"version":3,"sources":["src/secret-source.ts"]}');
  mkdirSync(join(webDist, '.vite'));
  writeFileSync(join(webDist, '.vite', 'manifest.json'), '{"src/secret-source.ts":{"file":"assets/app-abc123.js"}}');
  t = await createTestApp({ env: { WEB_DIST: webDist, PUBLIC_URL: 'https://music.example.org' } });
  const id = await buildAlbum(t.db, { title: 'Songs <for> "Drella"', artist: 'Lou Reed & John Cale' });
  slug = (await t.db.selectFrom('album').select('slug').where('id', '=', id).executeTakeFirstOrThrow()).slug;
});
afterAll(() => t.close());

describe('the web app on the same port', () => {
  it('answers every app route with the shell, never cached', async () => {
    for (const path of ['/', '/discover', '/profile/me', '/search?q=x']) {
      const response = await t.inject(path);
      expect(response.statusCode, path).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it("lets a page run its template's inline script by its hash, and nothing else inline", async () => {
    const hash = createHash('sha256').update(INLINE_SCRIPT).digest('base64');
    for (const path of ['/', `/album/${slug}`, '/nothing/here']) {
      const page = await t.inject(path);
      const scripts = /(?:^|;)script-src ([^;]*)/.exec(String(page.headers['content-security-policy']))?.[1];
      expect(scripts, path).toBe(`'self' 'sha256-${hash}'`);
    }
    const api = await t.inject('/api/albums?limit=1');
    expect(api.headers['content-security-policy']).toContain("script-src 'self';");
  });

  it('serves the service worker and the web manifest so a browser always asks for the newest', async () => {
    const worker = await t.inject('/sw.js');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toContain('javascript');
    expect(worker.headers['cache-control']).toBe('no-cache');
    const manifest = await t.inject('/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it("sends the page template with nothing rendered in it as the offline shell, in the viewer's language", async () => {
    const shell = await t.inject({ url: '/app-shell.html?__WB_REVISION__=1', headers: { 'accept-language': 'de' } });
    expect(shell.statusCode).toBe(200);
    expect(shell.headers['cache-control']).toBe('no-cache');
    expect(shell.headers['x-robots-tag']).toBe('noindex');
    expect(shell.body).toContain('<div id="root"></div>');
    expect(shell.body).toContain('lang="de"');
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const response = await t.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toMatch(/br|gzip/);
    expect(response.rawPayload.length).toBeLessThan(1000);
  });

  it('sends the files the build compressed as they are, in the encoding the browser takes', async () => {
    const asBrotli = await t.inject({ url: '/assets/built-def456.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(asBrotli.headers['content-encoding']).toBe('br');
    expect(asBrotli.headers['vary']).toContain('accept-encoding');
    expect(asBrotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asBrotli.rawPayload.equals(BUILT_BR)).toBe(true);
    expect(brotliDecompressSync(asBrotli.rawPayload).toString()).toBe(BUILT);
    const asGzip = await t.inject({ url: '/assets/built-def456.js', headers: { 'accept-encoding': 'gzip' } });
    expect(asGzip.headers['content-encoding']).toBe('gzip');
    expect(asGzip.rawPayload.equals(BUILT_GZ)).toBe(true);
    expect(gunzipSync(asGzip.rawPayload).toString()).toBe(BUILT);
    const plain = await t.inject({ url: '/assets/built-def456.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BUILT);
  });

  it('keeps source maps to itself unless the operator turns them on, and the build manifest always', async () => {
    for (const path of [
      '/assets/app-abc123.js.map',
      '/assets/app-abc123.js%2emap',
      '/%61ssets/app-abc123.js.map',
      '/assets/missing-123.js',
    ]) {
      const response = await t.inject(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.body, path).not.toContain('secret-source');
    }
    const withMaps = await createTestApp({ env: { WEB_DIST: webDist, SOURCE_MAPS: 'true' } });
    try {
      const map = await withMaps.inject('/assets/app-abc123.js.map');
      expect(map.statusCode).toBe(200);
      expect(map.body).toContain('secret-source');
      // The build's manifest (which chunk holds which source file) is never served: the path is an app page.
      for (const app of [t, withMaps]) {
        for (const path of ['/.vite/manifest.json', '/%2evite/manifest.json', '/.vite/../.vite/manifest.json']) {
          const response = await app.inject(path);
          expect(response.body, path).not.toContain('secret-source');
        }
      }
    } finally {
      await withMaps.close();
    }
  });

  it('gives a shared review link its own preview: who, which album, the rating and the opening words', async () => {
    const writer = await createUser(t, { name: 'Preview Writer' });
    const review = await t.inject({
      method: 'POST',
      url: `/api/albums/${slug}/reviews`,
      payload: {
        rating: 8,
        title: 'Velvet',
        content: '<p>Two voices, one viola and a city: a quiet record that says goodbye properly.</p>',
      },
      headers: { cookie: writer.cookie },
    });
    const page = await t.inject(`/review/${review.json().id}`);
    expect(page.body).toContain('<meta property="og:title" content="Preview Writer on Songs &#60;for&#62; &#34;Drella&#34; — 8.0/10"');
    expect(page.body).toContain('content="Velvet: Two voices, one viola and a city');
    expect(page.body).toContain('<meta property="og:type" content="article"');

    // Once the writer's profile is not public, the shared link shows the site's own preview, not the review.
    await t.inject({ method: 'PUT', url: '/api/me/visibility', payload: { visibility: 'followers' }, headers: { cookie: writer.cookie } });
    const closed = await t.inject(`/review/${review.json().id}`);
    expect(closed.statusCode).toBe(200);
    expect(closed.body).not.toContain('Preview Writer');
    expect(closed.body).not.toContain('Two voices, one viola');
  });

  it("marks the page with a member's saved theme before it paints; visitors and System get the device's choice", async () => {
    const member = await createUser(t);
    const shell = async (cookie?: string) => (await t.inject({ url: '/settings', headers: cookie ? { cookie } : {} })).body;
    expect(await shell(member.cookie)).toContain('<html lang="en">');
    const saved = await t.inject({
      method: 'PATCH',
      url: '/api/me/settings',
      payload: { appearance: { theme: 'dark' } },
      headers: { cookie: member.cookie },
    });
    expect(saved.json().appearance).toEqual({ theme: 'dark', language: null });
    expect(await shell(member.cookie)).toContain('<html lang="en" data-theme="dark">');
    expect(await shell()).toContain('<html lang="en">');
    await t.inject({
      method: 'PATCH',
      url: '/api/me/settings',
      payload: { appearance: { theme: 'system' } },
      headers: { cookie: member.cookie },
    });
    expect(await shell(member.cookie)).not.toContain('data-theme');
  });

  it("sets the page's language: the member's choice, else the browser's best supported language, else English", async () => {
    const member = await createUser(t);
    const shell = async (headers: Record<string, string>) => (await t.inject({ url: '/', headers })).body;
    expect(await shell({ 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.8' })).toContain('<html lang="fr">');
    expect(await shell({ 'accept-language': 'pt-BR, ja;q=0.5, de;q=0.7' })).toContain('<html lang="de">');
    expect(await shell({ 'accept-language': 'pt-BR' })).toContain('<html lang="en">');
    expect(await shell({})).toContain('<html lang="en">');
    // A visitor's pick in the footer is a cookie, and wins over the browser.
    expect(await shell({ cookie: 'hearsay_language=ja', 'accept-language': 'fr' })).toContain('<html lang="ja">');
    expect(await shell({ cookie: 'hearsay_language=xx', 'accept-language': 'fr' })).toContain('<html lang="fr">');
    // A member who has not chosen follows the browser; a choice wins over it.
    expect(await shell({ cookie: member.cookie, 'accept-language': 'es' })).toContain('<html lang="es">');
    const saved = await t.inject({
      method: 'PATCH',
      url: '/api/me/settings',
      payload: { appearance: { language: 'ja' } },
      headers: { cookie: member.cookie },
    });
    expect(saved.json().appearance).toEqual({ theme: 'system', language: 'ja' });
    expect(await shell({ cookie: member.cookie, 'accept-language': 'es' })).toContain('<html lang="ja">');
    const refused = await t.inject({
      method: 'PATCH',
      url: '/api/me/settings',
      payload: { appearance: { language: 'pt' } },
      headers: { cookie: member.cookie },
    });
    expect(refused.statusCode).toBe(400);
  });

  it('gives a shared profile its own preview while it is public, and none once it is closed', async () => {
    const person = await createUser(t, { name: 'Ada "Deep Cuts" Lovelace' });
    const username = (await t.inject({ url: '/api/me', headers: { cookie: person.cookie } })).json().user.username as string;
    const bio = `Collects <b>Krautrock</b> & field recordings. ${'Long evenings with headphones. '.repeat(12)}`;
    const saved = await t.inject({ method: 'PUT', url: '/api/auth/profile', payload: { bio }, headers: { cookie: person.cookie } });
    expect(saved.statusCode, saved.body).toBe(200);
    await t.inject({ method: 'PUT', url: `/api/albums/${slug}/rating`, payload: { rating: 9 }, headers: { cookie: person.cookie } });

    const page = await t.inject(`/profile/${username}`);
    expect(page.body).toContain(`<meta property="og:title" content="Ada &#34;Deep Cuts&#34; Lovelace (@${username})"`);
    const description = /<meta property="og:description" content="([^"]*)"/.exec(page.body)?.[1] ?? '';
    // The bio as text, cut short, then the counts.
    expect(description).toMatch(/^Collects &#60;b&#62;Krautrock&#60;\/b&#62; &#38; field recordings\. Long evenings/);
    expect(description).toContain('… · 1 rating, 0 reviews and 0 followers on Hearsay.');
    expect(description.length).toBeLessThan(320);
    expect(page.body).toContain('<meta property="og:type" content="profile"');

    // `me` is whoever opens the link: no one's preview.
    expect((await t.inject({ url: '/profile/me', headers: { cookie: person.cookie } })).body).not.toContain('Deep Cuts');
    await t.inject({ method: 'PUT', url: '/api/me/visibility', payload: { visibility: 'private' }, headers: { cookie: person.cookie } });
    const closed = await t.inject(`/profile/${username}`);
    expect(closed.body).not.toContain('Deep Cuts');
    expect(closed.body).not.toContain('Krautrock');
  });

  it('gives a shared list its own preview, and a private list none', async () => {
    const keeper = await createUser(t, { name: 'List <Keeper>' });
    const create = (payload: Record<string, unknown>) =>
      t.inject({ method: 'POST', url: '/api/collections', payload: { albumIds: [slug], ...payload }, headers: { cookie: keeper.cookie } });
    const open = await create({ name: 'Night & Day', description: 'Records for after midnight.' });
    expect(open.statusCode, open.body).toBe(201);
    const page = await t.inject(`/lists/${open.json().id}`);
    expect(page.body).toContain('<meta property="og:title" content="Night &#38; Day — a list by List &#60;Keeper&#62;"');
    expect(page.body).toContain('<meta property="og:description" content="Records for after midnight. (1 album)"');
    expect(page.body).toMatch(/<meta property="og:image" content="https:\/\/music\.example\.org\/covers\/albums\//);
    expect(page.body).toContain('<meta property="og:type" content="music.playlist"');

    const hidden = await create({ name: 'Guilty pleasures', isPrivate: true });
    expect(hidden.statusCode, hidden.body).toBe(201);
    // Not even to its owner: a preview is what a shared link shows anyone.
    for (const cookie of [undefined, keeper.cookie]) {
      const closed = await t.inject({ url: `/lists/${hidden.json().id}`, headers: cookie ? { cookie } : {} });
      expect(/<meta property="og:title" content="([^"]*)"/.exec(closed.body)?.[1]).not.toContain('Guilty pleasures');
      expect(closed.body).toContain('<meta property="og:type" content="website"');
    }
    expect((await t.inject('/lists/no-such-list')).body).toContain('<meta property="og:type" content="website"');

    // Once the keeper's profile is not public, their lists are not shown to a visitor, nor previewed.
    await t.inject({ method: 'PUT', url: '/api/me/visibility', payload: { visibility: 'followers' }, headers: { cookie: keeper.cookie } });
    expect((await t.inject(`/api/collections/${open.json().id}`)).statusCode).toBe(404);
    expect((await t.inject(`/lists/${open.json().id}`)).body).not.toContain('Night &#38; Day');
  });

  it('puts escaped link-preview tags into album pages', async () => {
    const response = await t.inject(`/album/${slug}`);
    expect(response.body).toContain('<meta property="og:title" content="Songs &#60;for&#62; &#34;Drella&#34;');
    expect(response.body).toContain(`<meta property="og:url" content="https://music.example.org/album/${slug}"`);
    expect(response.body).toMatch(/<meta property="og:image" content="https:\/\/music\.example\.org\/covers\/albums\//);
    expect(response.body).toContain('<meta name="twitter:card"');
    expect(response.body).not.toContain('<for>');
    const { slug: artistSlug } = await t.db
      .selectFrom('artist')
      .select('slug')
      .where('name', 'like', 'Lou Reed%')
      .executeTakeFirstOrThrow();
    const artist = await t.inject(`/artist/${artistSlug}`);
    expect(artist.body).toContain('<meta property="og:title" content="Lou Reed');
  });

  it('tells crawlers to leave the API, signed-in screens and search results alone, and read the rest', async () => {
    const response = await t.inject('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const rules = response.body.split('\n');
    expect(rules[0]).toBe('User-agent: *');
    const disallowed = rules.filter((rule) => rule.startsWith('Disallow: ')).map((rule) => rule.slice('Disallow: '.length));
    expect(disallowed).toEqual(expect.arrayContaining(['/api/', '/search', '/settings', '/messages', '/library']));
    // The public pages stay open to them.
    for (const path of ['/', '/album/x', '/artist/x', '/review/x', '/lists/x', '/trending', '/explore'])
      expect(
        disallowed.filter((prefix) => path.startsWith(prefix)),
        path,
      ).toEqual([]);
  });

  it('keeps unknown API, cover and upload paths as JSON 404s', async () => {
    for (const path of ['/api/nope', '/covers/nope', '/uploads/nope.png']) {
      const response = await t.inject(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
    }
  });

  it('explains itself when the web app has not been built', async () => {
    const bare = await createTestApp({ env: { WEB_DIST: join(webDist, 'missing') } });
    try {
      const response = await bare.inject('/');
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('npm start');
    } finally {
      await bare.close();
    }
  });
});

describe('uploads', () => {
  it('serves stored images with nosniff and a sandboxing policy, and nothing else', async () => {
    const { writeFileSync: write, mkdirSync: mkdir } = await import('node:fs');
    mkdir(join(t.config.dataDir, 'uploads', 'avatars'), { recursive: true });
    write(join(t.config.dataDir, 'uploads', 'avatars', 'a1.webp'), Buffer.from('RIFF0000WEBPVP8 '));
    write(join(t.config.dataDir, 'uploads', 'avatars', 'evil.html'), '<script>alert(1)</script>');
    const image = await t.inject('/uploads/avatars/a1.webp');
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['content-security-policy']).toContain('sandbox');
    // A path that climbs out of uploads/ is normalised away and lands on the app shell, never on a file.
    expect((await t.inject('/uploads/../secrets.json')).headers['content-type']).toContain('text/html');
    const climbing = await t.inject('/uploads/%2e%2e/%2e%2e/etc/passwd.png');
    expect(climbing.body).not.toContain('root:');
    for (const path of ['/uploads/avatars/evil.html', '/uploads/avatars/missing.webp']) {
      const response = await t.inject(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.body).not.toContain('<script>');
    }
  });
});
