/// <reference types="node" />
import type { Query, QueryClient } from '@tanstack/react-query';
import i18next, { type i18n as Strings } from 'i18next';
import { AsyncLocalStorage } from 'node:async_hooks';
import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import type { Language } from '@hearsay/contracts/settings';
import type { PageRequest, RenderedPage } from '@hearsay/contracts/page-rendering';
import { RenderedAt, RenderedTimeZone } from './shared/hooks/use-format-date.ts';
import { answersIn, missingIn, pageStateElement } from './app/page-state.ts';
import { Providers } from './app/providers.tsx';
import { routes, type RouteHandle } from './app/router.tsx';
import { loadAllParts, RenderedParts } from './shared/lib/deferred.tsx';
import { PageStatus, RenderedPageStatus } from './shared/lib/page-status.ts';
import { namespaces, numbersAsWritten, stringOptions, takeLanguageFrom } from './shared/i18n/index.ts';
import { ApiError, sendApiCallsThrough } from './shared/lib/api-client.ts';
import { createQueryClient } from './shared/lib/query-client.ts';
import { routeDataContext } from './shared/lib/route-data.ts';

/**
 * Renders the web app's public pages on the server (built by `vite build --ssr` and imported by the Hearsay server).
 * The matched routes' loaders fetch what their pages read (inside the server, as the viewer), and the page is rendered
 * with those answers; anything a render asks for beyond them is fetched and the page rendered again, until it asks for
 * nothing new. The browser then hydrates it from the same answers.
 */

/** What React writes ahead of a page rendered on its own (its `<title>`, `<meta>` and preloads). */
const HOISTED = /^(?:<link\b[^>]*>|<meta\b[^>]*>|<title>[^<]*<\/title>)*/;

/** The first `<title>` React hoisted: the one the browser shows. */
const TITLE = /<title>([^<]*)<\/title>/;

/** The characters React escapes in text, and what it writes for each. */
const ESCAPED: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'" };

/** Text React wrote as markup, read back as text (the server escapes it again where it writes it). */
function textOf(markup: string): string {
  return markup.replace(/&(?:amp|lt|gt|quot|#x27);/g, (entity) => ESCAPED[entity] ?? entity);
}

/** Renders after the first that may fetch what the page asked for (a page whose data depends on other data asks twice). */
const FETCH_ROUNDS = 3;

const pages = new AsyncLocalStorage<PageRequest>();

// Every API call made while rendering is a read for the viewer's page, answered by the server itself (which takes
// only API paths); nothing is changed while rendering.
sendApiCallsThrough((path, init) => {
  const page = pages.getStore();
  if (!page) return Promise.reject(new Error(`${path} was asked for outside a page being rendered.`));
  if ((init.method ?? 'GET') !== 'GET') return Promise.reject(new Error(`${path} is not changed while rendering.`));
  return page.getApi(path);
});
takeLanguageFrom(() => pages.getStore()?.language ?? 'en');

const localeFiles = import.meta.glob<{ default: Record<string, unknown> }>(
  ['./shared/i18n/locales/*/*.json', '../../contracts/locales/*/errors.json'],
  { eager: true },
);
const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [path, file] of Object.entries(localeFiles)) {
  const [, language, namespace] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
  if (language && namespace) (resources[language] ??= {})[namespace] = file.default;
}

// Every deferred part's code, once: pages then render in one synchronous pass each, with nothing left to wait for.
await loadAllParts();

const stringsByLanguage = new Map<Language, Strings>();

/** One set of strings per language, every namespace loaded, shared by the pages rendered in it. */
function stringsIn(language: Language): Strings {
  let strings = stringsByLanguage.get(language);
  if (!strings) {
    strings = i18next.createInstance();
    void strings.use(numbersAsWritten).init({ ...stringOptions, resources, lng: language, ns: namespaces, initAsync: false });
    rememberPlainStrings(strings);
    stringsByLanguage.set(language, strings);
  }
  return strings;
}

/** The options a component's `t` passes for a string with no values of its own: its language, namespaces, prefix. */
const PLACE_OPTIONS = new Set(['lng', 'lngs', 'ns', 'keyPrefix']);
/** Strings remembered per language at most: far more than the app has, a bound should keys ever come from data. */
const REMEMBERED_MAX = 20_000;

/**
 * A string with no values reads the same on every page in a language, and a page asks for hundreds (labels, headings,
 * buttons): each is looked up once, then remembered (i18next's lookup was about a quarter of a render's time).
 * Strings with values (counts, names) are looked up every time.
 */
function rememberPlainStrings(strings: Strings): void {
  const lookUp = strings.t.bind(strings) as unknown as (key: unknown, options?: unknown) => unknown;
  const remembered = new Map<string, string>();
  strings.t = ((key: unknown, options?: unknown) => {
    if (typeof key !== 'string' || (options !== undefined && (typeof options !== 'object' || options === null))) {
      return lookUp(key, options);
    }
    const place = (options ?? {}) as Record<string, unknown>;
    for (const name in place) {
      if (place[name] !== undefined && !PLACE_OPTIONS.has(name)) return lookUp(key, place);
    }
    const ns = Array.isArray(place.ns) ? place.ns.join(',') : String(place.ns ?? '');
    const id = `${String(place.lng ?? '')}\u0000${ns}\u0000${String(place.keyPrefix ?? '')}\u0000${key}`;
    let text = remembered.get(id);
    if (text === undefined) {
      const found: unknown = lookUp(key, place);
      if (typeof found !== 'string') return found;
      text = found;
      if (remembered.size < REMEMBERED_MAX) remembered.set(id, text);
    }
    return text;
  }) as unknown as Strings['t'];
}

/** Whether the server renders this path: a public page, or a signed-in-only one for a signed-in viewer. */
function rendersOnServer(pathname: string, signedIn: boolean): boolean {
  const handles = (matchRoutes(routes, pathname) ?? []).map((match) => match.route.handle as RouteHandle | undefined);
  if (!handles.at(-1)?.serverRendered) return false;
  return signedIn || !handles.some((handle) => handle?.signedInOnly);
}

/** The page rendered with its data, or null when the app shell should be sent instead (the browser then renders it). */
export async function renderPage(page: PageRequest): Promise<RenderedPage | null> {
  const url = new URL(page.url, 'http://page.invalid');
  if (!rendersOnServer(url.pathname, page.signedIn)) return null;
  return pages.run(page, () => render(page, url));
}

/** The routes, matched and their code loaded once for every page. */
const handler = createStaticHandler(routes);

async function render(page: PageRequest, url: URL): Promise<RenderedPage | null> {
  const client = createQueryClient();
  // A failure fetched for the page is shown as it is (the 404 page), not taken for a read still to be made.
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retryOnMount: false } });
  // The routes' loaders fill the page's query cache, and are waited for: the first render already has the data.
  const requestContext = routeDataContext({ client, signedIn: page.signedIn, waitForData: true });
  const context = await handler.query(new Request(url, { signal: page.signal }), { requestContext });
  if (context instanceof Response || context.errors) return null;
  const parts = new Set<string>();
  const status = new PageStatus();
  // One moment for every "… ago" on the page, which the browser counts from too while it takes the page over.
  const renderedAt = Date.now();
  const app = (
    <StrictMode>
      <RenderedParts value={parts}>
        <RenderedPageStatus value={status}>
          <I18nextProvider i18n={stringsIn(page.language)}>
            <RenderedTimeZone value={page.timeZone}>
              <RenderedAt value={renderedAt}>
                <Providers client={client}>
                  <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
                </Providers>
              </RenderedAt>
            </RenderedTimeZone>
          </I18nextProvider>
        </RenderedPageStatus>
      </RenderedParts>
    </StrictMode>
  );

  const shown = queriesShown(client);
  const rendered = () => {
    status.reset();
    return shown.during(() => toHtml(app));
  };
  let html = rendered();
  let renders = 1;
  for (; renders <= FETCH_ROUNDS && html !== null && (await fetchWhatWasAskedFor(client)) > 0; renders++) {
    if (page.signal.aborted) return null;
    html = rendered();
  }
  // A page that failed, or showed an error it fetched, is left to the browser, which shows (and retries) it as usual;
  // but for "not found": a page showing the 404 page for a record the API said is not there is sent as it is, with that
  // status. What a loader fetched and the page did not read counts for nothing, and is not sent; nor does a
  // failure the page read with its query turned off (a member's standing, for a session that ended meanwhile).
  const showing = (query: Query) => shown.has(query.queryHash);
  const notThere = (error: unknown) => error instanceof ApiError && error.status === 404 && status.code === 404;
  const failed = client.getQueryCache().findAll({
    predicate: (query) =>
      query.state.status === 'error' &&
      showing(query) &&
      (query.options as { enabled?: unknown }).enabled !== false &&
      !notThere(query.state.error),
  });
  if (html === null || failed.length > 0) return null;
  const missing = status.code === 404 ? missingIn(client, showing) : [];
  const hoisted = HOISTED.exec(html)?.[0] ?? '';
  // The page's <title> element stays with the app (React puts its own in <head> as it takes over); its text goes to
  // the server, which writes the document's title (the link preview's, or this one for a page without a preview).
  const title = TITLE.exec(hoisted)?.[1];
  const head = hoisted.replace(/<title>[^<]*<\/title>/g, '');
  const state = {
    language: page.language,
    timeZone: page.timeZone,
    renderedAt,
    queries: answersIn(client, showing),
    parts: [...parts],
    loaderData: context.loaderData,
    ...(missing.length > 0 && { missing }),
  };
  return {
    status: status.code,
    title: title === undefined ? null : textOf(title),
    head,
    renders,
    root: html.slice(hoisted.length) + pageStateElement(state),
  };
}

/**
 * The page's markup; null if rendering threw, or a part of it failed or was still waiting for its code (React then
 * writes that part's fallback, marked `<!--$!-->` for the browser to render, which would not match the page's state).
 */
function toHtml(app: ReactNode): string | null {
  try {
    const html = renderToString(app);
    return html.includes('<!--$!-->') ? null : html;
  } catch {
    return null;
  }
}

/**
 * The queries a render reads: every `useQuery` builds its query in the cache as the component renders (a fetch ahead
 * of the render builds it too, so only what is built while rendering counts).
 */
function queriesShown(client: QueryClient) {
  const cache = client.getQueryCache();
  const build = cache.build.bind(cache);
  let hashes = new Set<string>();
  cache.build = ((...args: Parameters<typeof build>) => {
    const query = build(...args);
    hashes.add(query.queryHash);
    return query;
  }) as typeof cache.build;
  return {
    /** Runs a render, keeping the queries it read (those of the last render only). */
    during<T>(render: () => T): T {
      hashes = new Set();
      return render();
    },
    has: (hash: string) => hashes.has(hash),
  };
}

/** Fetches the queries the last render asked for (and did not turn off); how many there were. */
async function fetchWhatWasAskedFor(client: QueryClient): Promise<number> {
  const asked = client
    .getQueryCache()
    .findAll({ predicate: (query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle' })
    .filter((query) => (query.options as { enabled?: unknown }).enabled !== false && query.options.queryFn);
  await Promise.all(asked.map((query) => query.fetch().catch(() => undefined)));
  return asked.length;
}
