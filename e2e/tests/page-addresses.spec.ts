import type { APIRequestContext } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { expect, register, test } from '../support/fixtures.ts';

/**
 * Whatever address someone types or a crawler follows, a page is answered without a server error: every route of the
 * web app, as a visitor and as a member, with hostile values in its path and its query, and hostile headers. Public
 * pages are rendered on the server from the API, so a value the API refuses must not become a 500 on the way. The
 * API's own sweep is server/test/malformed-requests.test.ts.
 */

/** The app's routes as the router declares them (`path: '…'` in web/src/app/router.tsx), so a new one is swept too. */
function appRoutes(): string[] {
  const source = readFileSync(new URL('../../web/src/app/router.tsx', import.meta.url), 'utf8');
  return ['/', ...[...source.matchAll(/\bpath: '([^'*]+)'/g)].map((match) => `/${match[1]}`)];
}

/** Path segments no link ever holds: too long, a NUL, bad percent-encoding, encoded dot segments, an emoji, SQL. */
const HOSTILE_SEGMENTS = [
  'x'.repeat(3000),
  '%00',
  '%E0%A4%A',
  '..%2F..%2Fapi%2Fme%2Fsettings',
  '%2e%2e',
  '%F0%9F%8E%B5',
  '-1',
  "'%20or%201%3D1--",
  '__proto__',
  '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
];

/** Queries no form sends: repeated and bracketed fields, NULs, bad encoding, a great length, unknown values. */
const HOSTILE_QUERIES = [
  '?q=%00',
  '?q=%E0%A4%A&type=__proto__',
  `?q=${'x'.repeat(4000)}`,
  '?q[]=a&q[]=b&page[]=1',
  '?page=-1&limit=abc&sort=%00&genre=%00&year=1e309&minRating=NaN',
  '?type=albums&sort=rating&year=before-2020&genre=..%2F..%2F&page=99999999999999999999',
  '?from=%2F%2Fevil.example&redirect=javascript:alert(1)&next=%0D%0ASet-Cookie:x=1',
  '?userId=%00&secret=%E0%A4%A&token=x&error=%3Cb%3E',
];

/** Every route's address with each parameter hostile in turn (the others plausible), and with each hostile query. */
function hostileAddresses(routes: readonly string[]): string[] {
  const addresses = new Set<string>();
  const plausible = (route: string) => route.replace(/:[A-Za-z]+\??/g, (param) => (param.startsWith(':year') ? '2024' : 'nothing-here'));
  for (const route of routes) {
    const params = route.match(/:[A-Za-z]+\??/g) ?? [];
    for (const param of params) for (const segment of HOSTILE_SEGMENTS) addresses.add(plausible(route.replace(param, segment)));
    for (const query of HOSTILE_QUERIES) addresses.add(`${plausible(route)}${query}`);
  }
  // Addresses under no route, and routes with more segments than they take.
  for (const segment of HOSTILE_SEGMENTS) {
    addresses.add(`/${segment}`);
    addresses.add(`/album/nothing-here/${segment}`);
  }
  return [...addresses];
}

/** Headers a browser never sends: a broken session cookie, an unreadable language list, a huge referer. */
const HOSTILE_HEADERS: Record<string, string>[] = [
  { cookie: 'hearsay.session_token=%E0%A4%A' },
  { cookie: `hearsay.session_token=${'a'.repeat(2000)}.${'b'.repeat(44)}` },
  { cookie: 'hearsay.session_token=; hearsay.session_token=x.y; =; ;;' },
  { 'accept-language': '*;q=abc, ;q=1, x-'.repeat(50) },
  { 'accept-language': 'de-\u00ff\u00fe;q=0.9, \u00e9' },
  { referer: `https://example.com/${'x'.repeat(6000)}` },
  { 'if-none-match': '"' + 'x'.repeat(500) },
];

async function sweep(request: APIRequestContext, addresses: readonly string[], who: string) {
  const failures: string[] = [];
  const checked = async (address: string, headers: Record<string, string> = {}) => {
    const response = await request.get(address, { headers, maxRedirects: 0, failOnStatusCode: false });
    const status = response.status();
    if (status >= 500) failures.push(`${who}: ${status} GET ${address.slice(0, 120)} ${JSON.stringify(headers).slice(0, 80)}`);
    else if ((status === 200 || status === 404) && !/<div id="root">/.test(await response.text()))
      failures.push(`${who}: ${status} without the app's page for GET ${address.slice(0, 120)}`);
  };
  // A few at a time, as a crawler would come.
  const queue = [...addresses];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let address = queue.shift(); address !== undefined; address = queue.shift()) await checked(address);
    }),
  );
  for (const address of ['/', '/album/pink-floyd-the-dark-side-of-the-moon', '/search?q=floyd'])
    for (const headers of HOSTILE_HEADERS) await checked(address, headers);
  return failures;
}

test.describe('page addresses', () => {
  test('a hostile address or header gets a page or a clear refusal, never a server error', async ({ page, playwright, baseURL }) => {
    const routes = appRoutes();
    // The sweep covers what it claims to: the public, sign-in and signed-in screens.
    expect(routes).toEqual(expect.arrayContaining(['/album/:albumId', '/search', '/profile/:username', '/messages/:conversationId?']));
    const addresses = hostileAddresses(routes);

    const visitor = await playwright.request.newContext({ baseURL });
    const failures = await sweep(visitor, addresses, 'visitor');
    await visitor.dispose();

    await register(page);
    failures.push(...(await sweep(page.request, addresses, 'member')));
    // The member is still signed in afterwards: no address ended their session.
    expect(((await (await page.request.get('/api/me')).json()) as { user: unknown }).user).not.toBeNull();

    expect(failures).toEqual([]);
  });
});
