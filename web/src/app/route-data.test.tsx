// @vitest-environment node
import type * as ReactDomServer from 'react-dom/server';
import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../entry-server.tsx';
import { currentUser } from '../shared/test/fixtures.ts';
import { routes, type RouteHandle } from './router.tsx';

/**
 * Every page rendered on the server is rendered with what its routes' loaders fetched (decision 064): a page that read
 * the API on its first render with no loader fetching it first would be rendered twice, its data fetched only then.
 * The API here finds nothing, so this covers each page's first reads; what a page reads once those are answered is
 * covered against the real API by e2e/tests/server-rendering.spec.ts (each page rendered once).
 */

const rendering = vi.hoisted(() => ({ started: false }));
vi.mock('react-dom/server', async (importOriginal) => {
  const server = await importOriginal<typeof ReactDomServer>();
  return {
    ...server,
    renderToString: (...args: Parameters<typeof server.renderToString>) => {
      rendering.started = true;
      return server.renderToString(...args);
    },
  };
});

/** Each route the server renders, with an address it answers (every parameter given a value). */
function serverRenderedPaths(children: RouteObject[], parent = ''): string[] {
  return children.flatMap((route) => {
    const path = route.path === undefined ? parent : `${parent}/${route.path}`;
    const own = (route.handle as RouteHandle | undefined)?.serverRendered
      ? [(path.replace(/:(\w+)\??/g, '$1-1').replace('*', 'no/such/page') || '/').replace(/^\/\//, '/')]
      : [];
    return [...own, ...serverRenderedPaths(route.children ?? [], path)];
  });
}

const NOT_FOUND = { error: { code: 'not_found', message: 'Not found', issues: [], requestId: 'r1' } };

/** The API calls the page made once it was being rendered, for a visitor or a member; the API finds nothing but them. */
async function readsWhileRendering(url: string, signedIn: boolean): Promise<string[]> {
  rendering.started = false;
  const late: string[] = [];
  await renderPage({
    url,
    language: 'en',
    timeZone: 'UTC',
    signedIn,
    signal: AbortSignal.timeout(5000),
    getApi: async (path) => {
      if (rendering.started) late.push(path);
      if (path === '/api/me') return Response.json({ user: signedIn ? currentUser() : null });
      return Response.json(NOT_FOUND, { status: 404 });
    },
  });
  return late;
}

describe('route data', () => {
  const paths = serverRenderedPaths(routes);

  it('finds the routes the server renders', () => {
    expect(paths).toEqual(expect.arrayContaining(['/', '/album/albumId-1', '/profile/username-1/year/year-1', '/no/such/page']));
  });

  it.each(paths)('%s reads nothing on its first render that its loaders did not fetch first', async (path) => {
    expect(await readsWhileRendering(path, false), 'a visitor').toEqual([]);
    expect(await readsWhileRendering(path, true), 'a member').toEqual([]);
  });
});
