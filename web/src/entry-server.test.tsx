// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { PageState } from './app/page-state.ts';
import { renderPage } from './entry-server.tsx';
import { albumQueryOptions } from './features/catalog/api.ts';
import { firstListsOptions } from './features/collections/lists-page.tsx';
import { memberSettingsQueryOptions } from './features/settings/member-settings.ts';
import { searchResult } from './shared/test/fixtures.ts';

/**
 * The server's renderer on its own, answering its API calls here: what a page sends is what it showed, whatever its
 * routes' loaders fetched besides.
 */
const EMPTY_LISTS = { items: [], page: 1, limit: 24, total: 0, totalPages: 1 };

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('the server renderer', () => {
  it('leaves out of the page what its loaders fetched and the page did not show, even when that failed', async () => {
    const asked: string[] = [];
    // Signed in when the page was asked for, signed out by the time the session was read: the layout's member-only
    // reads (fetched ahead) fail, and the page shows a visitor's lists.
    const page = await renderPage({
      url: '/lists',
      language: 'en',
      timeZone: 'UTC',
      signedIn: true,
      signal: AbortSignal.timeout(5000),
      getApi: async (path) => {
        asked.push(path);
        if (path === '/api/me') return answer(200, { user: null });
        if (path === '/api/collections?sort=popular&page=1&limit=24') return answer(200, EMPTY_LISTS);
        return answer(401, { error: { code: 'unauthenticated', message: 'Sign in to continue.' } });
      },
    });
    expect(asked).toContain('/api/me/settings');
    expect(page).not.toBeNull();
    expect(page!.renders).toBe(1);
    expect(page!.root).toContain('Lists');
    // The screen's title goes to the server as text, for the document's <title> before the app takes over.
    expect(page!.title).toBe('Lists · Hearsay');
    expect(page!.head).not.toContain('<title>');
    const state = JSON.parse(/<script type="application\/json"[^>]*>(.*)<\/script>/s.exec(page!.root)?.[1] ?? '{}') as PageState;
    const keys = state.queries.map((query) => query.key);
    expect(keys).toContainEqual(firstListsOptions(new URLSearchParams(), false).queryKey);
    expect(keys).not.toContainEqual(memberSettingsQueryOptions.queryKey);
  });

  it('renders the 404 page, with that status, for an address that names nothing', async () => {
    const visitor = (getApi: (path: string) => Response) => ({
      language: 'en' as const,
      timeZone: 'UTC',
      signedIn: false,
      signal: AbortSignal.timeout(5000),
      getApi: async (path: string) => (path === '/api/me' ? answer(200, { user: null }) : getApi(path)),
    });
    const missing = await renderPage({
      url: '/album/no-such-album',
      ...visitor(() => answer(404, { error: { code: 'album_not_found', message: 'Album not found', issues: [], requestId: 'r1' } })),
    });
    expect(missing?.status).toBe(404);
    expect(missing!.root).toContain('Album not found');
    expect(missing!.title).toBe('Album not found · Hearsay');
    // The browser is handed the same failure, so it shows the same page instead of asking again.
    const state = JSON.parse(/<script type="application\/json"[^>]*>(.*)<\/script>/s.exec(missing!.root)?.[1] ?? '{}') as PageState;
    expect(state.missing).toEqual([
      { key: albumQueryOptions('no-such-album').queryKey, code: 'album_not_found', message: 'Album not found', at: expect.any(Number) },
    ]);

    const nowhere = await renderPage({ url: '/no/such/page', ...visitor(() => answer(500, {})) });
    expect(nowhere?.status).toBe(404);
    expect(nowhere!.root).toContain('Page not found');
    expect(nowhere!.title).toBe('Page not found · Hearsay');

    // Any other failure is still left to the browser, which offers to try again.
    const broken = await renderPage({
      url: '/album/some-album',
      ...visitor(() => answer(503, { error: { code: 'unavailable', message: 'x', issues: [], requestId: 'r2' } })),
    });
    expect(broken).toBeNull();
    const found = await renderPage({ url: '/lists', ...visitor(() => answer(200, EMPTY_LISTS)) });
    expect(found?.status).toBe(200);
  });

  it('hands back the screen’s title as the text it shows, whatever characters the words hold', async () => {
    const q = `R&B "live" <3 it's`;
    const asked: string[] = [];
    const page = await renderPage({
      url: `/search?q=${encodeURIComponent(q)}`,
      language: 'en',
      timeZone: 'UTC',
      signedIn: false,
      signal: AbortSignal.timeout(5000),
      getApi: async (path) => {
        asked.push(path);
        if (path === '/api/me') return answer(200, { user: null });
        if (path === '/api/search/years') return answer(200, { years: [2026, 2025, 2024, 2023, 2022], before: 2022 });
        return answer(200, searchResult({ q }));
      },
    });
    expect(asked.some((path) => path.startsWith('/api/search?'))).toBe(true);
    expect(page?.status).toBe(200);
    expect(page!.renders).toBe(1);
    expect(page!.title).toBe(`${q} · Search · Hearsay`);
  });
});
