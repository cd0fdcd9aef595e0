// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { PageState } from './app/page-state.ts';
import { renderPage } from './entry-server.tsx';
import { firstListsOptions } from './features/collections/lists-page.tsx';
import { memberSettingsQueryOptions } from './features/settings/member-settings.ts';

/**
 * The server's renderer on its own, answering its API calls here: what a page sends is what it showed, whatever its
 * head start fetched besides.
 */
const EMPTY_LISTS = { items: [], page: 1, limit: 24, total: 0, totalPages: 1 };

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('the server renderer', () => {
  it('leaves out of the page what its head start fetched and the page did not show, even when that failed', async () => {
    const asked: string[] = [];
    // Signed in when the page was asked for, signed out by the time the session was read: the layout's member-only
    // reads (fetched ahead) fail, and the page shows a visitor's lists.
    const page = await renderPage({
      url: '/lists',
      language: 'en',
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
    const state = JSON.parse(/<script type="application\/json"[^>]*>(.*)<\/script>/s.exec(page!.root)?.[1] ?? '{}') as PageState;
    const keys = state.queries.map((query) => query.key);
    expect(keys).toContainEqual(firstListsOptions(new URLSearchParams(), false).queryKey);
    expect(keys).not.toContainEqual(memberSettingsQueryOptions.queryKey);
  });
});
