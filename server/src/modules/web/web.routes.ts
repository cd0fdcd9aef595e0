import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { acceptedLanguages, pickLanguage, type Language, type Theme } from '@hearsay/contracts/settings';
import { readerTimeZone, TIME_ZONE_COOKIE } from '@hearsay/contracts/time-zones';
import type { PageRenderer, RenderedPage } from '@hearsay/contracts/page-rendering';
import { errorBody } from '../../platform/http/error-handler.ts';
import { readForPage } from '../../platform/http/viewer.ts';
import { DEFAULT_PREVIEW, renderHeadTags, type LinkPreview, type PreviewRoute } from '../../platform/http/link-previews.ts';
import { countOf } from '../../platform/text.ts';

export interface WebOptions {
  webDist: string;
  serveSourceMaps: boolean;
  publicUrl: string;
  previews: PreviewRoute[];
  /**
   * The signed-in person's colour theme and language, set on the page before it paints (no flash of the other theme;
   * `lang` right for screen readers and for line breaking). A language of null follows the browser.
   */
  appearanceFor?: (userId: string) => Promise<{ theme: Theme; language: Language | null }>;
  /**
   * The web app's server renderer (`dist-ssr/entry-server.js` beside the built app): public pages are sent rendered,
   * with their data, instead of as the empty shell. Without it every page is the shell, rendered in the browser.
   */
  renderer?: string;
  /** The Content-Security-Policy of a page that may run the inline scripts with these hashes (its template's own). */
  pagePolicy: (inlineScriptHashes: readonly string[]) => string;
  /**
   * Where a page moved for good (an album merged into another, decision 080): its address now, answered with a 301;
   * null for a page where it always was.
   */
  movedTo?: (path: string) => Promise<string | null>;
}

/** A page that takes longer than this to render is sent as the shell, and the browser renders it. */
const RENDER_TIMEOUT_MS = 3000;
const EMPTY_ROOT = '<div id="root"></div>';

const HEAD_PLACEHOLDER = '<!--hearsay:head-->';
const NOT_FOR_CRAWLERS = [
  '/api/',
  '/search',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/auth/',
  '/onboarding',
  '/discover',
  '/settings',
  '/moderation',
  '/notifications',
  '/library',
  '/messages',
  '/favorites',
  '/uploads/',
];
const robotsTxt = (publicUrl: string) =>
  `User-agent: *\n${NOT_FOR_CRAWLERS.map((path) => `Disallow: ${path}\n`).join('')}\nSitemap: ${publicUrl}/sitemap.xml\n`;
const NOT_BUILT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Hearsay</title></head>
<body style="font-family:system-ui;max-width:40rem;margin:4rem auto;line-height:1.5">
<h1>Hearsay's API is running</h1><p>The web app has not been built yet. Run <code>npm start</code> (which builds it)
or <code>npm run dev</code> for the development server with hot reload.</p><p>API documentation: <a href="/api/docs">/api/docs</a></p></body></html>`;

/**
 * Serves the built web app on the same port as the API: hashed assets cached for a year, the HTML
 * shell never cached, every other path answered by the single-page app (with link-preview tags for
 * albums, artists, reviews, profiles and lists), and unknown API paths answered with a JSON 404.
 */
export async function webRoutes(app: FastifyInstance, options: WebOptions): Promise<void> {
  const indexFile = join(options.webDist, 'index.html');
  const built = existsSync(indexFile);
  const template = built ? readFileSync(indexFile, 'utf8') : NOT_BUILT_PAGE;
  const pagePolicy = options.pagePolicy(inlineScriptHashes(template));

  if (built) {
    const served: FastifyStaticOptions = {
      index: false,
      // The build compresses every file once (decision 094); one it did not is compressed as it is sent.
      preCompressed: true,
      // The build's manifest is for the build's own checks, not for browsers.
      allowedPath: (path) => !path.startsWith('/.vite/') && (options.serveSourceMaps || !path.endsWith('.map')),
      setHeaders(reply, path) {
        reply.header('cache-control', cacheControlOf(relative(options.webDist, path)));
      },
    };
    // The build's hashed files, a route each from the start (decision 094): under a wildcard, every request for one
    // read the directory's listing, to check the path's spelling, which cost more than sending the file.
    await app.register(fastifyStatic, { ...served, root: join(options.webDist, 'assets'), prefix: '/assets/', wildcard: false });
    // The rest (the service worker, the manifest, the icons), found as they are asked for: a release's end-to-end
    // journey rewrites the worker while the server runs.
    await app.register(fastifyStatic, { ...served, root: options.webDist, wildcard: true, decorateReply: false });
  }

  const renderer = built && options.renderer && existsSync(options.renderer) ? await loadRenderer(options.renderer) : null;

  /**
   * The page rendered with its data, read from the API as the viewer (their cookie, their address for rate limits)
   * inside this server; null for pages the browser renders.
   */
  async function renderedPage(request: FastifyRequest, language: Language): Promise<(RenderedPage & { ms: number }) | null> {
    // HEAD too: a crawler checking an address with HEAD learns the same status as a GET.
    if (!renderer || (request.method !== 'GET' && request.method !== 'HEAD')) return null;
    const started = performance.now();
    try {
      // The page's API calls are made as this viewer, already resolved from this request's cookie.
      const page = await readForPage(request.viewer, () =>
        renderer.renderPage({
          url: request.url,
          language,
          timeZone: readerTimeZone(request.cookies[TIME_ZONE_COOKIE]),
          signedIn: Boolean(request.viewer),
          signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
          getApi: async (path) => {
            // Only API paths exactly as the router will read them: nothing that dot segments would turn into another.
            const target = new URL(path, 'http://hearsay.invalid');
            if (!target.pathname.startsWith('/api/') || `${target.pathname}${target.search}` !== path) {
              return new Response(null, { status: 400 });
            }
            const answer = await app.inject({
              method: 'GET',
              url: path,
              remoteAddress: request.ip,
              headers: {
                accept: 'application/json',
                'accept-language': language,
                ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
              },
            });
            return new Response(answer.statusCode === 204 ? null : answer.rawPayload, { status: answer.statusCode });
          },
        }),
      );
      return page && { ...page, ms: performance.now() - started };
    } catch (error) {
      request.log.warn({ err: error }, 'page not rendered on the server; the browser renders it');
      return null;
    }
  }

  /** The link preview of the record the page shows (an album, an artist, a review, a year); null for any other page. */
  async function previewFor(request: FastifyRequest): Promise<LinkPreview | null> {
    const [path = '/', query = ''] = request.url.split('?');
    for (const route of options.previews) {
      const match = route.pattern.exec(path);
      if (!match) continue;
      try {
        return (await route.resolve(match, request.viewer, new URLSearchParams(query))) ?? null;
      } catch (error) {
        request.log.debug({ err: error }, 'no link preview');
        return null;
      }
    }
    return null;
  }

  /**
   * The page's HTML: the shell with its link preview, language and theme, and the page rendered in it when it is
   * (with what rendering it cost, for the `Server-Timing` header).
   */
  async function pageHtml(
    request: FastifyRequest,
    language: Language,
    theme: Theme,
    shellOnly: boolean,
  ): Promise<{ html: string; status: 200 | 404; timing: string | null }> {
    const [found, page] = shellOnly ? [null, null] : await Promise.all([previewFor(request), renderedPage(request, language)]);
    const pageUrl = `${options.publicUrl}${found?.url ?? request.url.split('?')[0] ?? '/'}`;
    const status = page?.status ?? 200;
    // A page without a preview of its own is titled as its screen is (Trending, a search, "Album not found").
    const preview = found ?? (page?.title ? { ...DEFAULT_PREVIEW, title: page.title } : DEFAULT_PREVIEW);
    const head = renderHeadTags(preview, pageUrl, options.publicUrl, { notFound: status === 404 }) + (page?.head ?? '');
    let html = built ? template.replace(HEAD_PLACEHOLDER, () => head) : template;
    html = html.replace(
      /<html\b([^>]*?)(?:\s+lang="[^"]*")?([^>]*)>/,
      `<html$1$2 lang="${language}"${theme === 'system' ? '' : ` data-theme="${theme}"`}>`,
    );
    if (!page) return { html, status, timing: null };
    return {
      html: html.replace(EMPTY_ROOT, () => `<div id="root">${page.root}</div>`),
      status,
      timing: `render;dur=${page.ms.toFixed(1)};desc="${countOf(page.renders, 'pass', 'passes')}"`,
    };
  }

  async function sendShell(request: FastifyRequest, reply: FastifyReply, shellOnly = false) {
    const moved = options.movedTo && (await options.movedTo(decodedPath(request.url)));
    if (moved) {
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      return reply.redirect(`${moved}${query}`, 301);
    }
    const chosen = request.viewer && options.appearanceFor ? await options.appearanceFor(request.viewer.id) : null;
    // The member's saved language, else a visitor's pick (a cookie the web app sets), else the browser's.
    const wanted = [request.cookies.hearsay_language ?? '', ...acceptedLanguages(request.headers['accept-language'])];
    const language = chosen?.language ?? pickLanguage(wanted.filter(Boolean)) ?? 'en';
    const { html, status, timing } = await pageHtml(request, language, chosen?.theme ?? 'system', shellOnly);
    // What the page cost to render, for the viewer's developer tools and an operator's measurements.
    if (timing) reply.header('server-timing', timing);
    // A page rendered for a signed-in viewer holds their data: no shared cache keeps it.
    // An address that names nothing (the renderer says so) answers 404 with the page that says so.
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', request.viewer ? 'private, no-cache' : 'no-cache')
      .header('content-security-policy', pagePolicy)
      .send(html);
  }

  // Crawlers read the public pages (rendered on the server, every album and artist listed in the sitemap); the API,
  // the signed-in screens and search results (an endless space of addresses) are not theirs to walk.
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(robotsTxt(options.publicUrl)),
  );

  // The shell is always rendered (with link previews), never served as a plain file.
  app.get('/', { schema: { hide: true } }, sendShell);
  app.get('/index.html', { schema: { hide: true } }, sendShell);
  // The page template with nothing rendered in it, in the viewer's language: the service worker keeps it and shows it
  // for a page it has not kept when there is no network, and the app renders that page in it (decision 083).
  app.get('/app-shell.html', { schema: { hide: true } }, async (request, reply) =>
    sendShell(request, reply.header('x-robots-tag', 'noindex'), true),
  );
  // The web app's page about the API; everything under /api/ is the API itself.
  app.get('/api', { schema: { hide: true } }, sendShell);

  app.setNotFoundHandler(async (request, reply) => {
    // Files (covers, uploads, the app's hashed assets) answer 404, never the page, so a stale asset fails plainly.
    const isApi = /^\/(api|covers|uploads|assets)(\/|$)/.test(decodedPath(request.url));
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApi;
    if (wantsPage) return sendShell(request, reply);
    return reply.status(404).send(errorBody('route_not_found', { method: request.method, path: request.url.split('?')[0] ?? '' }));
  });
}

/**
 * How long a browser may keep a file of the built app: the hashed assets for good, the service worker and the web
 * manifest never without asking (a new release's worker must be found on the next visit), the rest for an hour.
 */
function cacheControlOf(file: string): string {
  if (file.startsWith('assets/')) return 'public, max-age=31536000, immutable';
  if (file === 'sw.js' || file === 'manifest.webmanifest') return 'no-cache';
  return 'public, max-age=3600';
}

/**
 * The hash of each inline script of the page's template (the built index.html, read once), as a Content-Security-Policy
 * names it. Only the template's: what is rendered into a page later is never hashed, so it never runs.
 */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map(
    ([, body]) =>
      `sha256-${createHash('sha256')
        .update(body ?? '')
        .digest('base64')}`,
  );
}

async function loadRenderer(path: string): Promise<PageRenderer> {
  return (await import(pathToFileURL(path).href)) as PageRenderer;
}

/** The path as the router reads it (`/%61ssets/…` is `/assets/…`); a malformed escape is left as sent. */
function decodedPath(url: string): string {
  const path = url.split('?')[0] ?? '/';
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
