/**
 * The site the web benches measure (bench:web, bench:web:tasks): Hearsay started as the e2e suite starts it, and the
 * pages both open, with the members and ratings that make them show something. Importing this module stops what it
 * started when the process is interrupted; `cleanUp()` stops it otherwise.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';

export const root = new URL('../..', import.meta.url).pathname;

export interface Page {
  name: string;
  url: string;
  /** A page only a signed-in member sees (feed, notifications, messages): its goals are a member's, not a visitor's. */
  signedIn?: boolean;
  /** Sent with every request of the run: each run starts from empty storage, so this is how a page is signed in. */
  headers?: Record<string, string>;
}

export const cleanups: (() => Promise<void> | void)[] = [];
export async function cleanUp() {
  for (const cleanup of cleanups.splice(0).reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
}
process.once('SIGINT', () => void cleanUp().then(() => process.exit(130)));
process.once('SIGTERM', () => void cleanUp().then(() => process.exit(143)));

async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

// Hearsay, started as the e2e suite starts it: production build, fresh SQLite database, starter catalog.

export async function startHearsay(): Promise<string> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [join(root, 'e2e', 'support', 'start-server.ts')], {
    cwd: join(root, 'e2e'),
    env: { ...process.env, E2E_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  cleanups.push(async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await exited;
  });
  // A stale web build is rebuilt first, which takes a minute or two on a busy two-core machine.
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Hearsay exited (${child.exitCode}) before it was ready:\n${output}`);
    const ready = await fetch(`${base}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return base;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`Hearsay was not ready within 5 minutes:\n${output}`);
}

async function api<T>(base: string, path: string, init: { method?: string; body?: unknown; cookie?: string } = {}): Promise<T> {
  const response = await fetch(base + path, {
    method: init.method ?? 'GET',
    headers: { ...(init.body ? { 'content-type': 'application/json' } : {}), ...(init.cookie ? { cookie: init.cookie } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function signUp(base: string, name: string): Promise<{ cookie: string; username: string }> {
  const email = `bench-${name.toLowerCase()}-${Date.now().toString(36)}@example.com`;
  const response = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: `Bench ${name}`, email, password: 'Quiet-Library-42!' }),
  });
  if (!response.ok) throw new Error(`sign-up: ${response.status} ${await response.text()}`);
  const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith('hearsay.session_token='));
  if (!session) throw new Error('sign-up answered without a session cookie');
  const cookie = session.split(';')[0]!;
  await api(base, '/api/auth/profile', { method: 'PUT', cookie, body: { bio: 'Measured by the web bench.', onboardingCompleted: true } });
  await api(base, '/api/me/visibility', { method: 'PUT', cookie, body: { visibility: 'public' } });
  // A member who has used the site before: an account that never chose a language saves the one it is shown in on its
  // first page (member-appearance.ts), which only the first run of a page would otherwise pay for.
  await api(base, '/api/me/settings', { method: 'PATCH', cookie, body: { appearance: { language: 'en' } } });
  const { user } = await api<{ user: { username: string } }>(base, '/api/me', { cookie });
  return { cookie, username: user.username };
}

interface AlbumCard {
  id: string;
  slug: string;
  artistCredit: string;
}

const REVIEW_TEXT =
  '<p>Side one drifts from heartbeat to chimes without a seam; side two is colder and better for it. The clocks still ' +
  'startle after fifty years, and the last two songs land as one long breath.</p>';

/**
 * Three members rate the same twelve albums (trending lists albums with at least three ratings this week); the first
 * has a public profile, which the second looks at. The album page is the one album the stand-in for MusicBrainz
 * knows well (tracks and credits), the search is its artist's name; the artist is its artist, the review the first
 * member's of it, the list the first member's of the twelve albums. Signed in, the second member's feed shows the
 * others' ratings (following them both, and followed back by the first); the first's notifications say who followed
 * and commented; the two have written to each other, which their messages show.
 */
export async function preparePages(base: string): Promise<Page[]> {
  const found = await api<{ albums: AlbumCard[] }>(base, `/api/search?q=${encodeURIComponent('dark side of the moon')}`);
  const album = found.albums[0];
  if (!album) throw new Error('the search for "dark side of the moon" found no album');
  const list = await api<{ items: AlbumCard[] }>(base, '/api/albums?sort=title&limit=11&page=20');
  const rated = [album, ...list.items];
  const members = [];
  for (const name of ['Owner', 'Viewer', 'Third']) members.push(await signUp(base, name));
  for (const [m, member] of members.entries()) {
    for (const [a, card] of rated.entries()) {
      const rating = 5 + ((a + m * 3) % 11) / 2;
      await api(base, `/api/albums/${card.id}/rating`, { method: 'PUT', cookie: member.cookie, body: { rating } });
    }
  }
  const query = album.artistCredit;
  const search = await api<{ counts: { albums: number } }>(base, `/api/search?q=${encodeURIComponent(query)}`);
  if (search.counts.albums === 0) throw new Error(`the search for "${query}" found no album`);
  const trending = await api<{ total: number }>(base, '/api/charts');
  if (trending.total === 0) throw new Error('trending is empty after the ratings');
  const [owner, viewer, third] = members as [(typeof members)[0], (typeof members)[0], (typeof members)[0]];
  const follow = (who: typeof owner, whom: typeof owner) =>
    api(base, `/api/users/${encodeURIComponent(whom.username)}/follow`, { method: 'PUT', cookie: who.cookie });
  await follow(viewer, owner);
  await follow(viewer, third);
  await follow(owner, viewer);
  await follow(third, owner);
  const detail = await api<{ artists: { slug: string }[] }>(base, `/api/albums/${encodeURIComponent(album.slug)}`);
  const artist = detail.artists[0];
  if (!artist) throw new Error(`${album.slug} has no artist`);
  const review = await api<{ id: string }>(base, `/api/albums/${album.id}/reviews`, {
    method: 'POST',
    cookie: owner.cookie,
    body: { rating: 9, title: 'Still the clocks', content: REVIEW_TEXT },
  });
  for (const [index, member] of [viewer, third].entries()) {
    await api(base, `/api/reviews/${review.id}/comments`, {
      method: 'POST',
      cookie: member.cookie,
      body: { body: index === 0 ? 'The clocks get me every time.' : 'Side two, yes: colder and better.' },
    });
  }
  const collection = await api<{ id: string }>(base, '/api/collections', {
    method: 'POST',
    cookie: owner.cookie,
    body: { name: 'Twelve for the bench', description: 'Every album the bench rates.', albumIds: rated.map((card) => card.id) },
  });
  const conversation = await api<{ id: string }>(base, '/api/conversations', {
    method: 'POST',
    cookie: viewer.cookie,
    body: { username: owner.username },
  });
  for (const [member, body] of [
    [viewer, 'Is the twelve-album list in any order?'],
    [owner, 'Roughly by how often I play them.'],
    [viewer, 'Then the first one is a surprise.'],
  ] as const) {
    await api(base, `/api/conversations/${conversation.id}/messages`, { method: 'POST', cookie: member.cookie, body: { body } });
  }
  // The session travels in a header Lighthouse adds to every request (it clears the browser's cookies before a run). A
  // cookie the app set in the browser would be sent instead of it, and the page's reads would be a visitor's: the app
  // sets none in a browser in UTC, as this one is (decision 092).
  const asViewer = { Cookie: viewer.cookie };
  return [
    { name: 'landing', url: `${base}/` },
    { name: 'album', url: `${base}/album/${encodeURIComponent(album.slug)}` },
    { name: 'artist', url: `${base}/artist/${encodeURIComponent(artist.slug)}` },
    { name: 'search', url: `${base}/search?q=${encodeURIComponent(query)}` },
    { name: 'trending', url: `${base}/trending` },
    { name: 'profile', url: `${base}/profile/${encodeURIComponent(owner.username)}`, headers: asViewer },
    { name: 'list', url: `${base}/lists/${encodeURIComponent(collection.id)}` },
    { name: 'review', url: `${base}/review/${encodeURIComponent(review.id)}` },
    { name: 'feed', url: `${base}/`, headers: asViewer, signedIn: true },
    { name: 'notifications', url: `${base}/notifications`, headers: { Cookie: owner.cookie }, signedIn: true },
    { name: 'messages', url: `${base}/messages`, headers: asViewer, signedIn: true },
  ];
}
