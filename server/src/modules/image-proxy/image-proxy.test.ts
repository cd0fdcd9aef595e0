import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildAlbum } from '../../../test/factories.ts';
import { createUser } from '../../../test/users.ts';
import { createImageProxyService } from './image-proxy.service.ts';
import { isPublicAddress } from '../../platform/http/public-address.ts';

const LONG = 'A record that rewards patience: every listen turns up another small detail worth hearing.';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const SIX_MB = 6 * 1024 * 1024;

/** A local stand-in for the sites pictures in reviews come from, answering well and badly. */
let host: Server;
let origin: string;
const hits: { path: string; headers: IncomingHttpHeaders }[] = [];
const stalled: ServerResponse[] = [];

let t: TestApp;
/** Proxy addresses, by path on the fake host, as a published review shows them. */
const proxied: Record<string, string> = {};

const PATHS = [
  '/photo.png',
  '/moved.png',
  '/drawing.svg',
  '/page.html',
  '/huge.png',
  '/huge-declared.png',
  '/slow.png',
  '/slow-body.png',
  '/to-metadata.png',
  '/to-private.png',
  '/loop.png',
  '/missing.png',
];

function answer(path: string, response: ServerResponse) {
  response.on('error', () => {});
  switch (path) {
    case '/photo.png':
      return response.writeHead(200, { 'content-type': 'image/png', 'set-cookie': 'tracker=1' }).end(PNG);
    case '/moved.png':
      return response.writeHead(302, { location: '/photo.png' }).end();
    case '/drawing.svg':
      return response
        .writeHead(200, { 'content-type': 'image/svg+xml' })
        .end('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    case '/page.html':
      return response.writeHead(200, { 'content-type': 'text/html' }).end('<script>alert(1)</script>');
    case '/huge.png': {
      response.writeHead(200, { 'content-type': 'image/png', 'transfer-encoding': 'chunked' });
      const chunk = Buffer.alloc(256 * 1024, 1);
      for (let sent = 0; sent < SIX_MB && !response.destroyed; sent += chunk.length) response.write(chunk);
      return response.end();
    }
    case '/huge-declared.png':
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': String(SIX_MB) }).write(PNG);
      return stalled.push(response);
    case '/slow.png':
      return stalled.push(response);
    case '/slow-body.png':
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': String(PNG.length * 2) }).write(PNG);
      return stalled.push(response);
    case '/to-metadata.png':
      return response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    case '/to-private.png':
      return response.writeHead(307, { location: 'http://10.0.0.1/photo.png' }).end();
    case '/loop.png':
      return response.writeHead(302, { location: '/loop.png' }).end();
    default:
      return response.writeHead(404).end();
  }
}

/** Publishes a review showing these pictures and returns their addresses as readers get them. */
async function shownSources(app: TestApp, sources: string[]): Promise<string[]> {
  const writer = await createUser(app);
  const album = await buildAlbum(app.db);
  const content = `<p>${LONG}</p>${sources.map((src) => `<p><img src="${src}" alt="picture"></p>`).join('')}`;
  const response = await app.inject({
    method: 'POST',
    url: `/api/albums/${album}/reviews`,
    payload: { rating: 7, content },
    headers: { cookie: writer.cookie },
  });
  expect(response.statusCode, response.body).toBe(201);
  return [...(response.json().contentHtml as string).matchAll(/<img\b[^>]*?\ssrc="([^"]*)"/g)].map((match) =>
    match[1]!.replaceAll('&amp;', '&'),
  );
}

const hitsOn = (path: string) => hits.filter((hit) => hit.path === path).length;

beforeAll(async () => {
  host = createServer((request, response) => {
    hits.push({ path: request.url ?? '', headers: request.headers });
    answer(new URL(request.url ?? '/', 'http://host.test').pathname, response);
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  t = await createTestApp({ imageProxy: { allowLoopback: true, timeoutMs: 500 } });
  const sources = await shownSources(
    t,
    PATHS.map((path) => `${origin}${path}`),
  );
  for (const [index, path] of PATHS.entries()) proxied[path] = sources[index]!;
});
afterAll(async () => {
  await t.close();
  for (const response of stalled) response.destroy();
  host.closeAllConnections();
  await new Promise((resolve) => host.close(resolve));
});

describe('the review image proxy', () => {
  it('serves a picture from another site with its type, nosniff, a locked-down policy and a cache header, fetched once', async () => {
    expect(proxied['/photo.png']).toMatch(/^\/api\/image-proxy\?url=[^&]+&sig=[\w-]{43}$/);
    const first = await t.inject({
      url: proxied['/photo.png']!,
      headers: { cookie: 'hearsay.session_token=secret', referer: 'https://music.example.org/review/1', 'x-forwarded-for': '203.0.113.9' },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.rawPayload.equals(PNG)).toBe(true);
    expect(first.headers['content-type']).toBe('image/png');
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.headers['content-security-policy']).toContain("default-src 'none'");
    expect(first.headers['cache-control']).toMatch(/public, max-age=\d+/);
    expect(first.headers['set-cookie']).toBeUndefined();
    expect(readdirSync(join(t.config.dataDir, 'image-proxy'))).toHaveLength(1);

    const upstream = hits.find((hit) => hit.path === '/photo.png')!.headers;
    expect(upstream.cookie).toBeUndefined();
    expect(upstream.referer).toBeUndefined();
    expect(upstream['x-forwarded-for']).toBeUndefined();
    expect(upstream['user-agent']).toBe('Hearsay image proxy');

    const second = await t.inject(proxied['/photo.png']!);
    expect(second.statusCode).toBe(200);
    expect(second.rawPayload.equals(PNG)).toBe(true);
    expect(hitsOn('/photo.png')).toBe(1);
  });

  it('follows a redirect whose address it checked again', async () => {
    const response = await t.inject(proxied['/moved.png']!);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.rawPayload.equals(PNG)).toBe(true);
  });

  it('fetches only addresses this site signed', async () => {
    const before = hits.length;
    const address = new URL(proxied['/photo.png']!, 'http://localhost');
    const forged = `${address.pathname}?url=${encodeURIComponent(`${origin}/photo.png?x=1`)}&sig=${address.searchParams.get('sig')}`;
    const tampered = `${address.pathname}?url=${encodeURIComponent(address.searchParams.get('url')!)}&sig=${'A'.repeat(43)}`;
    for (const url of [forged, tampered]) {
      const response = await t.inject(url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().error.code).toBe('image_signature_invalid');
    }
    const unsigned = await t.inject(`/api/image-proxy?url=${encodeURIComponent(`${origin}/photo.png`)}`);
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().error.message).toContain('sig');
    expect(hits.length).toBe(before);
  });

  it('refuses answers that are not a PNG, JPEG, GIF, WebP or AVIF picture (SVG, HTML)', async () => {
    for (const path of ['/drawing.svg', '/page.html']) {
      const response = await t.inject(proxied[path]!);
      expect(response.statusCode, path).toBe(502);
      expect(response.json().error.code).toBe('image_type_refused');
      expect(response.headers['content-type']).toContain('application/json');
    }
  });

  it('stops reading a picture past 5 MB, declared or not', async () => {
    for (const path of ['/huge.png', '/huge-declared.png']) {
      const response = await t.inject(proxied[path]!);
      expect(response.statusCode, path).toBe(502);
      expect(response.json().error).toMatchObject({ code: 'image_too_large', message: 'The picture is larger than 5 MB.' });
    }
  });

  it('gives up on a site that is too slow to answer or to send the picture', async () => {
    for (const path of ['/slow.png', '/slow-body.png']) {
      const started = Date.now();
      const response = await t.inject(proxied[path]!);
      expect(response.statusCode, path).toBe(502);
      expect(response.json().error.code).toBe('image_timeout');
      expect(Date.now() - started).toBeLessThan(5000);
    }
  });

  it('refuses a redirect to a private or cloud-metadata address, and endless redirects', async () => {
    for (const path of ['/to-metadata.png', '/to-private.png']) {
      const response = await t.inject(proxied[path]!);
      expect(response.statusCode, path).toBe(403);
      expect(response.json().error.code).toBe('image_host_refused');
    }
    const loop = await t.inject(proxied['/loop.png']!);
    expect(loop.statusCode).toBe(502);
    expect(loop.json().error.code).toBe('image_unavailable');
    expect(hitsOn('/loop.png')).toBe(4);
  });

  it('answers a missing picture with 502 and does not ask its site again at once', async () => {
    const first = await t.inject(proxied['/missing.png']!);
    expect(first.statusCode).toBe(502);
    expect(first.json().error.code).toBe('image_unavailable');
    expect(first.headers['cache-control']).toBe('public, max-age=600');
    const second = await t.inject(proxied['/missing.png']!);
    expect(second.statusCode).toBe(502);
    expect(hitsOn('/missing.png')).toBe(1);
  });

  it('refuses loopback, private, link-local and unique-local addresses, by name or by number, outside tests', async () => {
    const strict = await createTestApp();
    try {
      const port = (host.address() as AddressInfo).port;
      const sources = await shownSources(strict, [
        `http://127.0.0.1:${port}/photo.png`,
        `http://localhost:${port}/photo.png`,
        `http://[::1]:${port}/photo.png`,
        `http://[::ffff:127.0.0.1]:${port}/photo.png`,
        'http://10.1.2.3/photo.png',
        'http://192.168.0.10/photo.png',
        'http://169.254.169.254/latest/meta-data/',
        'http://[fd00:ec2::254]/latest/meta-data/',
        'http://[fe80::1]/photo.png',
      ]);
      expect(sources).toHaveLength(9);
      const before = hits.length;
      for (const src of sources) {
        const response = await strict.inject(src);
        expect(response.statusCode, src).toBe(403);
        expect(response.json().error.code).toBe('image_host_refused');
      }
      expect(hits.length).toBe(before);
    } finally {
      await strict.close();
    }
  });

  it('with REVIEW_IMAGES=off, shows no pictures from other sites and fetches none', async () => {
    const off = await createTestApp({ env: { REVIEW_IMAGES: 'off' }, imageProxy: { allowLoopback: true } });
    try {
      const dot = `data:image/png;base64,${PNG.toString('base64')}`;
      expect(await shownSources(off, [`${origin}/photo.png`, dot])).toEqual([dot]);
      const response = await off.inject(proxied['/photo.png']!);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('review_images_off');
    } finally {
      await off.close();
    }
  });

  it('leaves the site policy allowing pictures from this site and data: URLs only', async () => {
    const policy = (await t.inject('/healthz')).headers['content-security-policy'] as string;
    const images = policy.split(';').find((directive) => directive.startsWith('img-src'));
    expect(images).toBe("img-src 'self' data: blob:");
  });
});

describe('public addresses', () => {
  it('are global unicast only; loopback passes only when allowed', () => {
    for (const address of ['8.8.8.8', '1.1.1.1', '151.101.1.69', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e']) {
      expect(isPublicAddress(address, false), address).toBe(true);
    }
    const refused = [
      '0.0.0.0',
      '10.0.0.1',
      '100.100.100.200',
      '127.0.0.1',
      '169.254.169.254',
      '172.16.5.4',
      '172.31.255.255',
      '192.168.1.1',
      '198.18.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      '::ffff:127.0.0.1',
      '::ffff:8.8.8.8',
      '64:ff9b::a00:1',
      'fc00::1',
      'fd00:ec2::254',
      'fe80::1',
      'ff02::1',
      '2001:db8::1',
      '2001::1',
      '2002:7f00:1::1',
    ];
    for (const address of refused) expect(isPublicAddress(address, false), address).toBe(false);
    expect(isPublicAddress('127.0.0.1', true)).toBe(true);
    expect(isPublicAddress('::1', true)).toBe(true);
    expect(isPublicAddress('10.0.0.1', true)).toBe(false);
  });
});

describe('the picture cache', () => {
  it('stays within its size, and fetches a removed picture again when it is shown', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hearsay-image-cap-'));
    const proxy = createImageProxyService({
      dataDir,
      secret: 'test-secret-test-secret-test-secret-0123456789',
      publicUrl: 'http://hearsay.test',
      mode: 'proxy',
      cacheBytes: PNG.length * 2,
      allowLoopback: true,
    });
    const fetchVia = async (query: string) => {
      const shown = new URL(proxy.imageSrc(`${origin}/photo.png?copy=${query}`)!, 'http://hearsay.test');
      return proxy.image(shown.searchParams.get('url')!, shown.searchParams.get('sig')!);
    };
    const kept = () => readdirSync(join(dataDir, 'image-proxy')).filter((name) => !name.endsWith('.tmp'));
    const first = await fetchVia('1');
    for (const copy of ['2', '3', '4', '5', '6']) await fetchVia(copy);
    await expect.poll(() => kept().length).toBeLessThanOrEqual(2);
    // A picture removed from the cache is fetched again when someone reads the review.
    const again = await fetchVia('1');
    expect(again.path).toBe(first.path);
    expect(readFileSync(again.path)).toEqual(PNG);
  });
});
