import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createUser } from '../../../test/users.ts';

/**
 * The server's side of rendering pages: what it hands the web app's renderer, and what it sends when the renderer
 * has nothing for a page or fails. The renderer here is a stand-in module written to `dist-ssr` beside the built app;
 * the real one is exercised in a browser (e2e/tests/server-rendering.spec.ts).
 */
let t: TestApp;
const site = mkdtempSync(join(tmpdir(), 'hearsay-rendered-'));

const RENDERER = `
export async function renderPage(page) {
  if (page.url.startsWith('/broken')) throw new Error('the renderer broke');
  if (page.url.startsWith('/missing')) return { status: 404, title: 'Album not found · Hearsay', head: '', renders: 1, root: '<main><h1>Album not found</h1></main>' };
  if (page.url.startsWith('/titled')) return { status: 200, title: 'R&B <3 · "Search" · Hearsay', head: '', renders: 1, root: '<main></main>' };
  if (page.url.startsWith('/slow')) return new Promise((resolve, reject) => page.signal.addEventListener('abort', () => reject(page.signal.reason)));
  if (!page.url.startsWith('/rendered')) return null;
  const me = await page.getApi('/api/me');
  const sneaky = await page.getApi('/api/me/settings');
  const elsewhere = await Promise.all(['/api/albums/../me/settings', '/api/albums/%2e%2e/x', '/healthz', '/covers/x'].map((path) => page.getApi(path)));
  return {
    status: 200,
    title: null,
    head: '<link rel="preload" as="image" href="/covers/x"/>',
    renders: 2,
    root: '<main data-url="' + encodeURIComponent(page.url) + '" data-language="' + page.language + '" data-signed-in="' + page.signedIn + '">'
      + me.status + ' ' + encodeURIComponent(await me.text()) + ' | settings ' + sneaky.status
      + ' | elsewhere ' + elsewhere.map((answer) => answer.status).join(',') + '</main>',
  };
}
`;

beforeAll(async () => {
  mkdirSync(join(site, 'dist'));
  mkdirSync(join(site, 'dist-ssr'));
  writeFileSync(
    join(site, 'dist', 'index.html'),
    '<!doctype html><html lang="en"><head><!--hearsay:head--></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(site, 'dist-ssr', 'entry-server.js'), RENDERER);
  t = await createTestApp({ env: { WEB_DIST: join(site, 'dist') } });
});
afterAll(() => t.close());

const rootOf = (html: string) => /<div id="root">(.*?)<\/div><\/body>/s.exec(html)?.[1] ?? '';

describe('pages rendered on the server', () => {
  it('renders a visitor’s page from the API as a visitor, in their language', async () => {
    const response = await t.inject({ url: '/rendered?q=1', headers: { 'accept-language': 'de-DE,de;q=0.9' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    const root = rootOf(response.body);
    expect(root).toContain('data-url="%2Frendered%3Fq%3D1"');
    expect(root).toContain('data-language="de"');
    expect(root).toContain('data-signed-in="false"');
    // A visitor has no session (the API says so), and no settings to read.
    expect(root).toContain('>200 %7B%22user%22%3Anull%7D');
    expect(root).toContain('settings 401');
    // The page's preloads go in the head, after the link preview's tags.
    const head = /<head>(.*)<\/head>/s.exec(response.body)?.[1] ?? '';
    expect(head).toMatch(/og:title.*<link rel="preload" as="image" href="\/covers\/x"\/>/s);
    // What rendering cost is told to the viewer's developer tools.
    expect(response.headers['server-timing']).toMatch(/^render;dur=\d+\.\d;desc="2 passes"$/);
  });

  it('reads the API as the signed-in viewer, and keeps their page out of shared caches', async () => {
    const member = await createUser(t, { name: 'Rendered Reader' });
    const response = await t.inject({ url: '/rendered', headers: { cookie: member.cookie } });
    expect(response.headers['cache-control']).toBe('private, no-cache');
    const root = decodeURIComponent(rootOf(response.body));
    expect(root).toContain('data-signed-in="true"');
    expect(root).toContain('200 {"user":');
    expect(root).toContain('Rendered Reader');
    expect(root).toContain('settings 200');
    // Paths that dot segments would turn into others, and anything outside the API, are not read.
    expect(root).toContain('elsewhere 400,400,400,400');
  });

  it('renders nothing for a request carrying an access token (tokens are for the API alone)', async () => {
    const member = await createUser(t);
    const token = await t.inject({
      method: 'POST',
      url: '/api/me/tokens',
      payload: { name: 'script', scopes: ['read'], password: member.password },
      headers: { cookie: member.cookie },
    });
    const secret = (token.json() as { secret?: string }).secret;
    expect(secret).toBeTruthy();
    const page = await t.inject({ url: '/rendered', headers: { authorization: `Bearer ${secret}` } });
    expect(page.statusCode).toBe(403);
    expect(page.body).not.toContain('<main');
  });

  it('answers 404 when the page says its address names nothing, and keeps it out of search engines', async () => {
    const response = await t.inject('/missing/album');
    expect(response.statusCode).toBe(404);
    expect(rootOf(response.body)).toContain('<h1>Album not found</h1>');
    expect(response.body).toContain('<meta name="robots" content="noindex">');
    expect(response.body).not.toContain('rel="canonical"');
    expect(response.body).not.toContain('og:url');
    expect((await t.inject({ method: 'HEAD', url: '/missing/album' })).statusCode).toBe(404);
    // A page that exists keeps its address for search engines and link previews.
    const found = await t.inject('/rendered');
    expect(found.statusCode).toBe(200);
    expect(found.body).toContain('<link rel="canonical" href=');
    expect(found.body).not.toContain('name="robots"');
  });

  it('titles a page without a link preview of its own as its screen is, for crawlers and the browser tab', async () => {
    const titled = await t.inject('/titled');
    expect(titled.body).toContain('<title>R&#38;B &#60;3 · &#34;Search&#34; · Hearsay</title>');
    expect(titled.body).toContain('<meta property="og:title" content="R&#38;B &#60;3 · &#34;Search&#34; · Hearsay">');
    expect((await t.inject('/missing/album')).body).toContain('<title>Album not found · Hearsay</title>');
    // A screen without a title of its own keeps the site's.
    expect((await t.inject('/rendered')).body).toContain('<title>Hearsay — Discover music through people, not algorithms</title>');
  });

  it('sends the shell when the renderer has nothing for the page, fails, or takes too long', async () => {
    for (const path of ['/album/somewhere', '/broken', '/slow']) {
      const response = await t.inject(path);
      expect(response.statusCode, path).toBe(200);
      expect(response.body, path).toContain('<div id="root"></div>');
      expect(response.headers['server-timing'], path).toBeUndefined();
    }
  }, 10_000);
});
