/**
 * Federation between real Hearsay sites: two server processes on loopback, each with its own database, talking
 * ActivityPub over HTTP as two sites on the internet would (with FEDERATION_ALLOW_PRIVATE, the development flag that
 * lets them use plain http between loopback addresses). The processes start once for the file.
 */
import { EXPORT_FILES, type HearsayExport } from '@hearsay/contracts/data-export';
import { unzipSync } from 'fflate';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, emptyDatabase, signUp, startServer, stopAll, temporaryDirectory, type ServerProcess } from '../processes.ts';
import { ACTIVITYSTREAMS, startRemoteActor } from './remote-actor.ts';

// Each step waits for the other site's jobs; the first also for each process's job thread to start.
vi.setConfig({ testTimeout: 90_000 });

const directory = temporaryDirectory('federation');
const databases: { drop(): Promise<void> }[] = [];
let a: ServerProcess;
let b: ServerProcess;
let alice: { id: string; cookie: string; username: string };
let bob: { id: string; cookie: string; username: string };
let carol: { id: string; cookie: string; username: string };

const ADMIN_OF_A = 'admin@a.example';
const ADMIN_OF_B = 'admin@b.example';
const admins = new Map<string, string>();

/** The cookie of a site's admin (an ADMIN_EMAILS address), registered the first time it is asked for. */
async function adminOf(server: ServerProcess, email: string): Promise<string> {
  const known = admins.get(email);
  if (known) return known;
  const response = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ name: 'Site Admin', email, password: 'Correct-Horse-Battery-9' }),
  });
  const cookie = response.headers
    .getSetCookie()
    .find((value) => value.includes('hearsay.session_token='))!
    .split(';')[0]!;
  admins.set(email, cookie);
  return cookie;
}

/**
 * A Mastodon account on loopback (remote-actor.ts) that replies to and reports on members' reviews, and accepts follows
 * at once; `neodb` reads a NeoDB fixture as if this server had sent it.
 */
async function mastodonStandIn() {
  const mallory = await startRemoteActor({ name: 'mallory', displayName: 'Mallory Mastodon', acceptsFollows: true });
  return {
    base: mallory.base,
    actor: mallory.uri,
    host: mallory.host,
    send: mallory.post,
    neodb(name: string): Record<string, unknown> {
      const text = readFileSync(new URL(`../fixtures/federation/neodb/${name}`, import.meta.url), 'utf8')
        .replaceAll('https://neodb.example/@ines@neodb.example/', mallory.uri)
        .replaceAll('https://neodb.example', mallory.base);
      return JSON.parse(text) as Record<string, unknown>;
    },
    close: mallory.close,
  };
}

async function site(name: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const database = await emptyDatabase(`${directory.path}`);
  databases.push(database);
  const dataDir = temporaryDirectory(`federation-${name}`).path;
  return startServer({
    databaseUrl: database.url.startsWith('sqlite:') ? `sqlite:${dataDir}/hearsay.db` : database.url,
    dataDir,
    env: { FEDERATION: 'on', FEDERATION_ALLOW_PRIVATE: 'true', LOG_LEVEL: process.env.FED_LOG ?? 'warn', ...env },
  });
}

async function member(server: ServerProcess, name: string) {
  const person = await signUp(server, name);
  const me = await call(server, 'GET', '/api/me', { cookie: person.cookie });
  return { ...person, username: me.body.user.username as string };
}

/** Asks again until `check` passes: another site's answer arrives by a background job, within seconds. */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, what: string, timeoutMs = 40_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms; last: ${JSON.stringify(value).slice(0, 2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const handleOn = (server: ServerProcess, username: string) => `${username}@${new URL(server.url).host}`;
const feedOf = async (server: ServerProcess, cookie: string) => (await call(server, 'GET', '/api/feed', { cookie })).body;
const remoteItems = (feed: { items: { kind: string; post?: { title: string; rating: number | null; albumTitle: string } }[] }) =>
  feed.items.filter((item) => item.kind === 'remote').map((item) => item.post!);

const remoteItemsWithIds = (feed: { items: { kind: string; post?: { id: string; title: string; likedByViewer: boolean } }[] }) =>
  feed.items.filter((item) => item.kind === 'remote') as { post: { id: string; title: string; likedByViewer: boolean } }[];

beforeAll(async () => {
  [a, b] = await Promise.all([site('a', { ADMIN_EMAILS: ADMIN_OF_A }), site('b', { ADMIN_EMAILS: ADMIN_OF_B })]);
  [alice, bob] = await Promise.all([member(a, 'Alice Adams'), member(b, 'Bob Brown')]);
}, 120_000);

afterAll(async () => {
  if (process.env.FED_LOG) {
    const { writeFileSync } = await import('node:fs');
    writeFileSync(`${process.env.FED_LOG_PREFIX ?? '/tmp/fed'}-a.log`, a.output());
    writeFileSync(`${process.env.FED_LOG_PREFIX ?? '/tmp/fed'}-b.log`, b.output());
  }
  await stopAll();
  for (const database of databases) await database.drop();
  directory.remove();
});

describe('finding a person of another site', () => {
  it('answers WebFinger and NodeInfo, and serves the member as an actor with keys, by id', async () => {
    const finger = await fetch(`${b.url}/.well-known/webfinger?resource=acct:${handleOn(b, bob.username)}`);
    expect(finger.status).toBe(200);
    const links = ((await finger.json()) as { links: { rel: string; href: string }[] }).links;
    const self = links.find((link) => link.rel === 'self')!;
    expect(self.href).toBe(`${b.url}/ap/users/${bob.id}`);

    const actor = await fetch(self.href, { headers: { accept: 'application/activity+json' } });
    expect(actor.status).toBe(200);
    const body = (await actor.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ type: 'Person', preferredUsername: bob.username, name: 'Bob Brown', inbox: `${self.href}/inbox` });
    expect(JSON.stringify(body.publicKey)).toContain('BEGIN PUBLIC KEY');

    const nodeinfo = await fetch(`${b.url}/.well-known/nodeinfo`);
    expect(nodeinfo.status).toBe(200);
    const info = await fetch(`${b.url}/nodeinfo/2.1`);
    expect(((await info.json()) as { software: { name: string } }).software.name).toBe('hearsay');
  });

  it('finds @bob@other-site from the header search and follows him; his site accepts', async () => {
    const found = await call(a, 'GET', `/api/federation/people?q=${encodeURIComponent(`@${handleOn(b, bob.username)}`)}`, {
      cookie: alice.cookie,
    });
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(found.body.person).toMatchObject({ name: 'Bob Brown', handle: handleOn(b, bob.username), follow: 'none' });
    const followed = await call(a, 'PUT', `/api/federation/people/${found.body.person.id}/follow`, { cookie: alice.cookie });
    expect(followed.body.person.follow).toBe('requested');
    await eventually(
      () => call(a, 'GET', `/api/federation/people?q=${encodeURIComponent(handleOn(b, bob.username))}`, { cookie: alice.cookie }),
      (answer) => answer.body.person?.follow === 'following',
      'the follow accepted',
    );
  });

  it('refuses an address that is not an account of another site, in the reader’s words', async () => {
    const answer = await call(a, 'GET', '/api/federation/people?q=just-words', { cookie: alice.cookie });
    expect(answer.status).toBe(400);
    expect(answer.body.error.issues[0].code).toBe('remote_handle');
  });
});

describe('what a followed person shares', () => {
  it('brings bob’s rating and review into alice’s feed, follows his edit and his deletion', async () => {
    const albums = (await call(b, 'GET', '/api/albums?limit=3', { cookie: bob.cookie })).body.items as {
      id: string;
      slug: string;
      title: string;
    }[];
    expect(albums.length).toBeGreaterThanOrEqual(2);
    const [rated, reviewed] = albums;
    expect((await call(b, 'PUT', `/api/albums/${rated!.slug}/rating`, { cookie: bob.cookie, body: { rating: 9 } })).status).toBe(200);
    const feed = await eventually(
      () => feedOf(a, alice.cookie),
      (page) => remoteItems(page).some((post) => post.albumTitle === rated!.title),
      'the rating in alice’s feed',
    );
    // Half steps survive the trip exactly: 9 is four and a half stars.
    expect(remoteItems(feed).find((post) => post.albumTitle === rated!.title)!.rating).toBe(9);

    const review = await call(b, 'POST', `/api/albums/${reviewed!.slug}/reviews`, {
      cookie: bob.cookie,
      body: { rating: 7, title: 'Slow to open, then everything', content: '<p>It took three listens, and then it would not leave.</p>' },
    });
    expect(review.status, JSON.stringify(review.body)).toBe(201);
    await eventually(
      () => feedOf(a, alice.cookie),
      (page) => remoteItems(page).some((post) => post.title === 'Slow to open, then everything' && post.rating === 7),
      'the review in alice’s feed',
    );

    // Alice likes it on her site; bob hears of it on his, and the review counts her like.
    const remoteReview = remoteItemsWithIds(await feedOf(a, alice.cookie)).find(
      (item) => item.post.title === 'Slow to open, then everything',
    )!;
    const liked = await call(a, 'PUT', `/api/federation/posts/${remoteReview.post.id}/like`, { cookie: alice.cookie });
    expect(liked.body).toEqual({ likedByViewer: true });
    const told = await eventually(
      () => call(b, 'GET', '/api/notifications', { cookie: bob.cookie }),
      (answer) => answer.body.items?.some((item: { kind: string }) => item.kind === 'review_like'),
      'bob told of the like',
    );
    const likeNews = told.body.items.find((item: { kind: string }) => item.kind === 'review_like');
    expect(likeNews.actors[0]).toMatchObject({ name: 'Alice Adams', username: handleOn(a, alice.username) });
    expect(likeNews.actors[0].remoteUrl).toContain(a.url);
    expect((await call(b, 'GET', `/api/reviews/${review.body.id}`, { cookie: bob.cookie })).body.likeCount).toBe(1);
    expect(
      remoteItemsWithIds(await feedOf(a, alice.cookie)).find((item) => item.post.id === remoteReview.post.id)!.post.likedByViewer,
    ).toBe(true);

    const edited = await call(b, 'PUT', `/api/reviews/${review.body.id}`, {
      cookie: bob.cookie,
      body: {
        rating: 8,
        title: 'Slow to open, then everything, and more',
        content: '<p>Four listens now, and it still opens up a little more every time.</p>',
      },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    await eventually(
      () => feedOf(a, alice.cookie),
      (page) => remoteItems(page).some((post) => post.title === 'Slow to open, then everything, and more' && post.rating === 8),
      'the edit in alice’s feed',
    );

    expect((await call(b, 'DELETE', `/api/reviews/${review.body.id}`, { cookie: bob.cookie })).status).toBe(200);
    await eventually(
      () => feedOf(a, alice.cookie),
      (page) => !remoteItems(page).some((post) => post.title.startsWith('Slow to open')),
      'the deletion in alice’s feed',
    );
  });
});

describe('people of other sites on profiles, in search and blocked', () => {
  type Card = { id: string; username: string; name: string; remote?: { host: string; follow: string } };
  const listOf = async (server: ServerProcess, cookie: string, username: string, which: 'followers' | 'following') =>
    (await call(server, 'GET', `/api/users/${username}/${which}`, { cookie })).body as { items: Card[]; total: number };
  const findOn = async (server: ServerProcess, cookie: string, handle: string) =>
    (await call(server, 'GET', `/api/federation/people?q=${encodeURIComponent(handle)}`, { cookie })).body.person as {
      id: string;
      follow: string;
    };

  it('lists a follower of another site on the member’s followers, and finds them in search', async () => {
    // Alice follows bob (above); bob now follows alice back from his site.
    const aliceOnB = await findOn(b, bob.cookie, `@${handleOn(a, alice.username)}`);
    await call(b, 'PUT', `/api/federation/people/${aliceOnB.id}/follow`, { cookie: bob.cookie });
    await eventually(
      () => findOn(b, bob.cookie, handleOn(a, alice.username)),
      (person) => person.follow === 'following',
      'bob following alice',
    );

    const followers = await listOf(a, alice.cookie, alice.username, 'followers');
    expect(followers.items).toContainEqual(
      expect.objectContaining({
        name: 'Bob Brown',
        username: handleOn(b, bob.username),
        remote: { host: new URL(b.url).host, follow: 'following' },
      }),
    );
    const following = await listOf(b, bob.cookie, bob.username, 'following');
    expect(following.items).toContainEqual(
      expect.objectContaining({ name: 'Alice Adams', remote: expect.objectContaining({ follow: 'following' }) }),
    );
    const profile = (await call(a, 'GET', `/api/users/${alice.username}`, { cookie: alice.cookie })).body;
    expect(profile.stats.followers).toBe(followers.total);

    const found = (await call(a, 'GET', '/api/search?q=bob%20brown&type=users', { cookie: alice.cookie })).body;
    expect(found.remoteUsers).toContainEqual(expect.objectContaining({ name: 'Bob Brown', handle: handleOn(b, bob.username) }));
  });

  it('sends a member’s new name and username to their followers’ sites as an Update of the same actor', async () => {
    const renamed = await call(a, 'PUT', '/api/auth/profile', {
      cookie: alice.cookie,
      body: { name: 'Alice Adams-Ray', bio: 'Mostly jazz.' },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const seen = await eventually(
      () => listOf(b, bob.cookie, bob.username, 'following'),
      (list) => list.items.some((card) => card.name === 'Alice Adams-Ray'),
      'alice’s new name on bob’s site',
    );
    const aliceOnB = seen.items.find((card) => card.name === 'Alice Adams-Ray')!;
    const page = (await call(b, 'GET', `/api/federation/people/${aliceOnB.id}`, { cookie: bob.cookie })).body;
    expect(page.person).toMatchObject({ name: 'Alice Adams-Ray', summary: 'Mostly jazz.', handle: handleOn(a, alice.username) });

    // A new username is a new handle for the same actor: bob's site knows her under it, still as the same person.
    const username = `${alice.username}x`;
    const changed = await call(a, 'PUT', '/api/me/username', {
      cookie: alice.cookie,
      body: { username, password: 'Correct-Horse-Battery-9' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    alice = { ...alice, username };
    const moved = await eventually(
      () => call(b, 'GET', `/api/federation/people/${aliceOnB.id}`, { cookie: bob.cookie }),
      (answer) => answer.body.person?.handle === handleOn(a, username),
      'alice’s new username on bob’s site',
    );
    expect(moved.body.person.follow).toBe('following');
    await call(a, 'PUT', '/api/auth/profile', { cookie: alice.cookie, body: { name: 'Alice Adams' } });
    const after = await eventually(
      () => call(b, 'GET', `/api/federation/people/${aliceOnB.id}`, { cookie: bob.cookie }),
      (answer) => answer.body.person?.name === 'Alice Adams',
      'alice’s name back on bob’s site',
    );
    expect(after.body.person.follow).toBe('following');
  });

  it('a block of a person of another site takes their posts out of the feed and ends the follows both ways', async () => {
    expect(remoteItems(await feedOf(a, alice.cookie)).length).toBeGreaterThan(0);
    const bobOnA = await findOn(a, alice.cookie, handleOn(b, bob.username));
    const blocked = await call(a, 'PUT', `/api/federation/people/${bobOnA.id}/block`, { cookie: alice.cookie });
    expect(blocked.body).toEqual({ blocked: true });

    expect(remoteItems(await feedOf(a, alice.cookie))).toEqual([]);
    const page = (await call(a, 'GET', `/api/federation/people/${bobOnA.id}`, { cookie: alice.cookie })).body;
    expect(page).toMatchObject({ blocked: true, person: { follow: 'none' } });
    expect((await listOf(a, alice.cookie, alice.username, 'followers')).items.some((card) => card.remote)).toBe(false);
    expect((await call(a, 'GET', '/api/federation/blocked', { cookie: alice.cookie })).body.people).toEqual([
      expect.objectContaining({ id: bobOnA.id }),
    ]);
    expect((await call(a, 'PUT', `/api/federation/people/${bobOnA.id}/follow`, { cookie: alice.cookie })).status).toBe(403);
    // His site hears both: her Undo of her follow, and the Reject of his.
    await eventually(
      () => Promise.all([listOf(b, bob.cookie, bob.username, 'followers'), findOn(b, bob.cookie, handleOn(a, alice.username))]),
      ([followers, aliceOnB]) => !followers.items.some((card) => card.remote) && aliceOnB.follow === 'none',
      'both follows ended on bob’s site',
    );

    expect((await call(a, 'DELETE', `/api/federation/people/${bobOnA.id}/block`, { cookie: alice.cookie })).body).toEqual({
      blocked: false,
    });
    await call(a, 'PUT', `/api/federation/people/${bobOnA.id}/follow`, { cookie: alice.cookie });
    await eventually(
      () => findOn(a, alice.cookie, handleOn(b, bob.username)),
      (person) => person.follow === 'following',
      'alice following bob again',
    );
  });
});

describe('listens and lists of a followed person', () => {
  type Page = { items: { kind: string; post?: { contentHtml: string; albumTitle: string } }[] };
  const postsOf = (page: Page) => page.items.filter((item) => item.kind === 'remote').map((item) => item.post!);
  const contentOf = (page: Page) => postsOf(page).map((post) => post.contentHtml);

  it('brings bob’s listen and the album he put in a public list; his unshared listens and private lists stay home', async () => {
    const albums = (await call(b, 'GET', '/api/albums?limit=4', { cookie: bob.cookie })).body.items as {
      id: string;
      title: string;
    }[];
    const [heard, listed, unshared, hidden] = albums;
    expect(hidden).toBeDefined();
    const logged = await call(b, 'POST', '/api/me/journal', { cookie: bob.cookie, body: { albumId: heard!.id } });
    expect(logged.status, JSON.stringify(logged.body)).toBe(201);
    await eventually(
      () => feedOf(a, alice.cookie),
      (page) => postsOf(page).some((post) => post.albumTitle === heard!.title && post.contentHtml.startsWith('<p>Listened to')),
      'bob’s listen in alice’s feed',
    );

    // Listening not shared, a private list: neither leaves bob's site.
    await call(b, 'PATCH', '/api/me/settings', { cookie: bob.cookie, body: { sharing: { listening: false } } });
    await call(b, 'POST', '/api/me/journal', { cookie: bob.cookie, body: { albumId: unshared!.id } });
    const secret = await call(b, 'POST', '/api/collections', {
      cookie: bob.cookie,
      body: { name: 'Not for anyone', albumIds: [heard!.id], isPrivate: true },
    });
    await call(b, 'POST', `/api/collections/${secret.body.id}/albums`, { cookie: bob.cookie, body: { albumId: hidden!.id } });

    const list = await call(b, 'POST', '/api/collections', { cookie: bob.cookie, body: { name: 'Rainy mornings', albumIds: [heard!.id] } });
    expect(list.status, JSON.stringify(list.body)).toBe(201);
    const added = await call(b, 'POST', `/api/collections/${list.body.id}/albums`, { cookie: bob.cookie, body: { albumId: listed!.id } });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const feed = await eventually(
      () => feedOf(a, alice.cookie),
      (page) => contentOf(page).some((html) => html.includes('to the list') && html.includes('Rainy mornings')),
      'the album bob put in his list, in alice’s feed',
    );
    const titles = postsOf(feed).map((post) => post.albumTitle);
    expect(titles).toContain(listed!.title);
    expect(titles).not.toContain(unshared!.title);
    expect(titles).not.toContain(hidden!.title);
    expect(contentOf(feed).join('\n')).not.toContain('Not for anyone');

    // A note on the album in the list follows as an edit.
    const noted = await call(b, 'PUT', `/api/collections/${list.body.id}/albums/${listed!.id}/note`, {
      cookie: bob.cookie,
      body: { note: 'For the first coffee.' },
    });
    expect(noted.status, JSON.stringify(noted.body)).toBe(200);
    await eventually(
      () => feedOf(a, alice.cookie),
      (page) => contentOf(page).some((html) => html.includes('Rainy mornings') && html.includes('<p>For the first coffee.</p>')),
      'the album’s note in alice’s feed',
    );

    // The list made private takes the news back.
    await call(b, 'PATCH', `/api/collections/${list.body.id}`, { cookie: bob.cookie, body: { isPrivate: true } });
    await eventually(
      () => feedOf(a, alice.cookie),
      (page) => !contentOf(page).some((html) => html.includes('Rainy mornings')),
      'the list’s news gone from alice’s feed',
    );
    await call(b, 'PATCH', '/api/me/settings', { cookie: bob.cookie, body: { sharing: { listening: true } } });
  });

  it('counts on NodeInfo the members who are not private and the ratings and reviews public profiles share', async () => {
    const info = (await (await fetch(`${b.url}/nodeinfo/2.1`)).json()) as {
      usage: { users: { total: number; activeMonth: number; activeHalfyear: number }; localPosts: number };
    };
    // Bob is the one member of his site so far, and he rated, reviewed and listened lately.
    expect(info.usage.users).toEqual({ total: 1, activeMonth: 1, activeHalfyear: 1 });
    // Bob's two ratings: the review he deleted took its words, not its rating. Listens and lists are not counted.
    expect(info.usage.localPosts).toBe(2);
  });
});

describe('follows of people of other sites in your data', () => {
  /** Download my data as the person, over HTTP, and the `hearsay.json` in its ZIP. */
  async function downloadMyData(server: ServerProcess, cookie: string): Promise<HearsayExport> {
    const started = await call(server, 'POST', '/api/me/exports', { cookie });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    await eventually(
      () => call(server, 'GET', `/api/me/exports/${started.body.id}`, { cookie }),
      (answer) => answer.body.status === 'done',
      'the export built',
    );
    const zip = await fetch(`${server.url}/api/me/exports/${started.body.id}/download`, { headers: { cookie } });
    expect(zip.status).toBe(200);
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    return JSON.parse(new TextDecoder().decode(files[EXPORT_FILES.json])) as HearsayExport;
  }

  it('lists them in Download my data, and importing the file follows them again from this site', async () => {
    const mine = await downloadMyData(a, alice.cookie);
    expect(mine.follows.otherSites?.following).toEqual([
      expect.objectContaining({ handle: handleOn(b, bob.username), url: `${b.url}/ap/users/${bob.id}`, name: 'Bob Brown', accepted: true }),
    ]);
    const his = await downloadMyData(b, bob.cookie);
    expect(his.follows.otherSites?.followers).toEqual([
      expect.objectContaining({ handle: handleOn(a, alice.username), url: `${a.url}/ap/users/${alice.id}` }),
    ]);

    // The same file brought to this site by another account: bob is asked again, and his site accepts.
    const again = await member(a, 'Alice Again');
    const form = new FormData();
    form.append('file', new Blob([JSON.stringify(mine)], { type: 'application/json' }), 'hearsay.json');
    const upload = await fetch(`${a.url}/api/imports/hearsay`, {
      method: 'POST',
      headers: { cookie: again.cookie, origin: a.url },
      body: form,
    });
    expect(upload.status, await upload.clone().text()).toBe(202);
    const importId = ((await upload.json()) as { id: string }).id;
    const imported = await eventually(
      () => call(a, 'GET', `/api/imports/${importId}`, { cookie: again.cookie }),
      (answer) => answer.body.status !== 'running',
      'the import done',
    );
    expect(imported.body).toMatchObject({ status: 'done', summary: { remoteFollowsAsked: 1, remoteFollowsOff: 0 } });
    await eventually(
      () => call(a, 'GET', `/api/federation/people?q=${encodeURIComponent(handleOn(b, bob.username))}`, { cookie: again.cookie }),
      (answer) => answer.body.person?.follow === 'following',
      'bob followed again by the imported account',
    );
  });
});

describe('reviews, replies and reports across sites', () => {
  let review: { id: string };
  let postOnA: { id: string; album: { slug: string } | null; url: string | null; person: { host: string } };

  it('shows bob’s review on the album’s page on alice’s site, with his site and a link, apart from its averages', async () => {
    const albums = (await call(b, 'GET', '/api/albums?limit=3', { cookie: bob.cookie })).body.items as { slug: string; title: string }[];
    const album = albums[2]!;
    const written = await call(b, 'POST', `/api/albums/${album.slug}/reviews`, {
      cookie: bob.cookie,
      body: { rating: 6, title: 'A quiet one', content: '<p>Best heard late, with the lights off and nothing else to do.</p>' },
    });
    expect(written.status, JSON.stringify(written.body)).toBe(201);
    review = written.body;
    const feed = await eventually(
      () => feedOf(a, alice.cookie),
      (page) => remoteItems(page).some((post) => post.title === 'A quiet one'),
      'the review in alice’s feed',
    );
    postOnA = (feed.items as { kind: string; post?: typeof postOnA & { title: string } }[]).find(
      (item) => item.kind === 'remote' && item.post!.title === 'A quiet one',
    )!.post!;
    // Both sites know the album by its MusicBrainz id, so alice's site files the review under its own copy.
    expect(postOnA.album).not.toBeNull();
    const shown = await call(a, 'GET', `/api/albums/${postOnA.album!.slug}/remote-reviews`);
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    expect(shown.body.total).toBe(1);
    expect(shown.body.items[0]).toMatchObject({
      title: 'A quiet one',
      rating: 6,
      person: { name: 'Bob Brown', host: new URL(b.url).host },
      url: `${b.url}/review/${review.id}`,
    });
    expect(shown.body.items[0].contentHtml).toContain('lights off');
    // The album's averages are this site's members' alone: a rating from elsewhere is not counted in them.
    const page = await call(a, 'GET', `/api/albums/${postOnA.album!.slug}`);
    expect(page.body.ratingCount).toBe(0);
  });

  it('keeps a reply from another site as a comment, tells the author, and follows its edit and deletion', async () => {
    const mastodon = await mastodonStandIn();
    try {
      const reviewUri = `${b.url}/ap/reviews/${review.id}`;
      const note = {
        id: `${mastodon.base}/users/mallory/statuses/1`,
        type: 'Note',
        attributedTo: mastodon.actor,
        inReplyTo: reviewUri,
        url: `${mastodon.base}/@mallory/1`,
        to: ['https://www.w3.org/ns/activitystreams#Public'],
        published: new Date().toISOString(),
        content: `<p><span class="h-card"><a href="${b.url}/@${bob.username}" class="u-url mention">@<span>${bob.username}</span></a></span> Lights off is right.<script>alert(1)</script></p>`,
      };
      const sent = await mastodon.send(`${b.url}/ap/inbox`, { id: `${note.id}/activity`, type: 'Create', object: note });
      expect(sent.status).toBeLessThan(300);
      const comments = await eventually(
        () => call(b, 'GET', `/api/reviews/${review.id}/comments`, { cookie: bob.cookie }),
        (answer) => answer.body.items?.length === 1,
        'the reply as a comment',
      );
      const comment = comments.body.items[0];
      expect(comment.author).toMatchObject({ name: 'Mallory Mastodon', username: `mallory@${mastodon.host}` });
      expect(comment.remote).toEqual({ url: `${mastodon.base}/@mallory/1`, personUrl: `${mastodon.base}/@mallory` });
      expect(comment.body).toBe(`@${bob.username} Lights off is right.`);
      expect((await call(b, 'GET', `/api/reviews/${review.id}`, { cookie: bob.cookie })).body.commentCount).toBe(1);
      const told = await eventually(
        () => call(b, 'GET', '/api/notifications', { cookie: bob.cookie }),
        (answer) => answer.body.items?.some((item: { kind: string }) => item.kind === 'review_comment'),
        'bob told of the reply',
      );
      const news = told.body.items.find((item: { kind: string }) => item.kind === 'review_comment');
      expect(news.actors[0]).toMatchObject({ name: 'Mallory Mastodon', remoteUrl: `${mastodon.base}/@mallory` });

      await mastodon.send(`${b.url}/ap/inbox`, {
        id: `${note.id}#updates/1`,
        type: 'Update',
        object: { ...note, content: '<p>Lights off, and headphones.</p>', updated: new Date().toISOString() },
      });
      await eventually(
        () => call(b, 'GET', `/api/reviews/${review.id}/comments`, { cookie: bob.cookie }),
        (answer) => answer.body.items?.[0]?.body === 'Lights off, and headphones.',
        'the edited reply',
      );
      await mastodon.send(`${b.url}/ap/inbox`, {
        id: `${note.id}#delete`,
        type: 'Delete',
        object: { id: note.id, type: 'Tombstone' },
      });
      await eventually(
        () => call(b, 'GET', `/api/reviews/${review.id}/comments`, { cookie: bob.cookie }),
        (answer) => answer.body.items?.length === 0,
        'the deleted reply gone',
      );
      expect((await call(b, 'GET', `/api/reviews/${review.id}`, { cookie: bob.cookie })).body.commentCount).toBe(0);

      // A reply is reported and moderated as any comment: its author named as their site knows them.
      const second = { ...note, id: `${mastodon.base}/users/mallory/statuses/2`, url: `${mastodon.base}/@mallory/2` };
      await mastodon.send(`${b.url}/ap/inbox`, { id: `${second.id}/activity`, type: 'Create', object: second });
      const secondComment = (
        await eventually(
          () => call(b, 'GET', `/api/reviews/${review.id}/comments`, { cookie: bob.cookie }),
          (answer) => answer.body.items?.length === 1,
          'the second reply as a comment',
        )
      ).body.items[0];
      const reported = await call(b, 'POST', '/api/reports', {
        cookie: bob.cookie,
        body: { subjectType: 'comment', subjectId: secondComment.id, reason: 'spam' },
      });
      expect(reported.status, JSON.stringify(reported.body)).toBe(201);
      const adminOfB = await adminOf(b, ADMIN_OF_B);
      const queue = (await call(b, 'GET', '/api/moderation/reports', { cookie: adminOfB })).body.items;
      expect(queue.find((item: { subjectType: string }) => item.subjectType === 'comment')).toMatchObject({
        subjectId: secondComment.id,
        content: { authorName: 'Mallory Mastodon', authorUsername: `mallory@${mastodon.host}` },
      });
      const deleted = await call(b, 'POST', '/api/moderation/decisions', {
        cookie: adminOfB,
        body: { subjectType: 'comment', subjectId: secondComment.id, action: 'delete', reason: 'Spam' },
      });
      expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
      expect((await call(b, 'GET', `/api/reviews/${review.id}`, { cookie: bob.cookie })).body.commentCount).toBe(0);

      // A person who leaves their site takes their replies with them.
      const third = { ...note, id: `${mastodon.base}/users/mallory/statuses/3`, url: `${mastodon.base}/@mallory/3` };
      await mastodon.send(`${b.url}/ap/inbox`, { id: `${third.id}/activity`, type: 'Create', object: third });
      await eventually(
        () => call(b, 'GET', `/api/reviews/${review.id}/comments`, { cookie: bob.cookie }),
        (answer) => answer.body.items?.length === 1,
        'the third reply as a comment',
      );
      await mastodon.send(`${b.url}/ap/inbox`, { id: `${mastodon.actor}#delete`, type: 'Delete', object: mastodon.actor });
      await eventually(
        () => call(b, 'GET', `/api/reviews/${review.id}`, { cookie: bob.cookie }),
        (answer) => answer.body.commentCount === 0,
        'the replies of a person who left gone',
      );
    } finally {
      await mastodon.close();
    }
  });

  it('files a NeoDB review by artist and title under a pending album, joined once confirmed; a title alone under none', async () => {
    const neodb = await mastodonStandIn();
    try {
      const found = await call(a, 'GET', `/api/federation/people?q=${encodeURIComponent(neodb.actor)}`, { cookie: alice.cookie });
      expect(found.status, JSON.stringify(found.body)).toBe(200);
      await call(a, 'PUT', `/api/federation/people/${found.body.person.id}/follow`, { cookie: alice.cookie });
      await eventually(
        () => call(a, 'GET', `/api/federation/people?q=${encodeURIComponent(neodb.actor)}`, { cookie: alice.cookie }),
        (answer) => answer.body.person?.follow === 'following',
        'the follow accepted',
      );
      // As NeoDB sends it: the album by its title and NeoDB address alone, no artist. A title names too many albums.
      const titleOnly = neodb.neodb('article-review-album.json');
      await neodb.send(`${a.url}/ap/inbox`, { id: `${titleOnly.id as string}#create`, type: 'Create', object: titleOnly });
      const feed = await eventually(
        () => feedOf(a, alice.cookie),
        (page) => remoteItems(page).some((post) => post.title === 'Static that sings'),
        'the title-only review in alice’s feed',
      );
      expect(remoteItems(feed).find((post) => post.title === 'Static that sings')).toMatchObject({ albumTitle: 'Kid A', album: null });

      // With an artist, an album the catalog lacks waits as a pending album, as an import's would.
      const withArtist = neodb.neodb('article-review-album.json');
      withArtist.id = `${neodb.base}/@mallory/posts/4/`;
      withArtist.tag = [{ type: 'Album', href: `${neodb.base}/album/rooms`, name: 'Rooms Without Doors', artist: 'The Unfiled Quartet' }];
      await neodb.send(`${a.url}/ap/inbox`, { id: `${withArtist.id as string}#create`, type: 'Create', object: withArtist });
      await eventually(
        () => feedOf(a, alice.cookie),
        (page) => remoteItems(page).some((post) => post.albumTitle === 'Rooms Without Doors'),
        'the review with an artist in alice’s feed',
      );
      const admin = await adminOf(a, ADMIN_OF_A);
      const waiting = (await call(a, 'GET', '/api/moderation/pending-albums?limit=100', { cookie: admin })).body.items as {
        id: string;
        title: string;
        artist: string;
        slug: string;
        addedBy: string | null;
      }[];
      expect(waiting.filter((album) => album.title === 'Kid A')).toEqual([]);
      const pending = waiting.find((album) => album.title === 'Rooms Without Doors')!;
      expect(pending).toMatchObject({ artist: 'The Unfiled Quartet', addedBy: null });
      const confirmed = await call(a, 'POST', '/api/moderation/decisions', {
        cookie: admin,
        body: { subjectType: 'album', subjectId: pending.id, action: 'confirm', reason: 'A real record' },
      });
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      const shown = await call(a, 'GET', `/api/albums/${pending.slug}/remote-reviews`);
      expect(shown.body.items).toEqual([
        expect.objectContaining({
          title: 'Static that sings',
          albumTitle: 'Rooms Without Doors',
          person: expect.objectContaining({ host: neodb.host }),
        }),
      ]);
    } finally {
      await neodb.close();
    }
  });

  it('takes a report of bob’s review into alice’s queue and, as she asks, to bob’s site as a Flag from her site', async () => {
    const reported = await call(a, 'POST', '/api/reports', {
      cookie: alice.cookie,
      body: {
        subjectType: 'remote_post',
        subjectId: postOnA.id,
        reason: 'spam',
        note: 'Posted the same text on every album',
        forward: true,
      },
    });
    expect(reported.status, JSON.stringify(reported.body)).toBe(201);
    const ours = await call(a, 'GET', '/api/moderation/reports', { cookie: await adminOf(a, ADMIN_OF_A) });
    expect(ours.body.items).toEqual([
      expect.objectContaining({
        subjectType: 'remote_post',
        subjectId: postOnA.id,
        content: expect.objectContaining({ authorName: 'Bob Brown', title: expect.stringContaining('A quiet one') }),
      }),
    ]);
    // On bob's site: reported by alice's site (she is not named), his review and his profile both.
    const theirs = await eventually(
      async () => (await call(b, 'GET', '/api/moderation/reports', { cookie: await adminOf(b, ADMIN_OF_B) })).body,
      (queue) => queue.items?.filter((item: { subjectType: string }) => item.subjectType !== 'comment').length === 2,
      'the Flag in bob’s site’s queue',
    );
    const review_ = theirs.items.find((item: { subjectType: string }) => item.subjectType === 'review');
    expect(review_).toMatchObject({ subjectId: review.id, reportedBySites: [new URL(a.url).host] });
    expect(review_.notes[0]).toMatchObject({ note: 'Posted the same text on every album', reporterHost: new URL(a.url).host });
    expect(theirs.items.find((item: { subjectType: string }) => item.subjectType === 'profile')).toMatchObject({ subjectId: bob.id });
  });
});

describe('a profile that is not public', () => {
  it('asks its owner about a follow from another site, and the answer reaches the asker’s site', async () => {
    carol = await member(b, 'Carol Chen');
    expect((await call(b, 'PUT', '/api/me/visibility', { cookie: carol.cookie, body: { visibility: 'followers' } })).status).toBe(200);
    const found = await call(a, 'GET', `/api/federation/people?q=${encodeURIComponent(`@${handleOn(b, carol.username)}`)}`, {
      cookie: alice.cookie,
    });
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    await call(a, 'PUT', `/api/federation/people/${found.body.person.id}/follow`, { cookie: alice.cookie });
    const asked = await eventually(
      () => call(b, 'GET', '/api/federation/requests', { cookie: carol.cookie }),
      (answer) => answer.body.people?.length === 1,
      'the request on carol’s site',
    );
    expect(asked.body.people[0]).toMatchObject({ name: 'Alice Adams', handle: handleOn(a, alice.username) });
    // Until carol answers, alice has asked and no more.
    const before = await call(a, 'GET', `/api/federation/people?q=${encodeURIComponent(handleOn(b, carol.username))}`, {
      cookie: alice.cookie,
    });
    expect(before.body.person.follow).toBe('requested');
    const answered = await call(b, 'PUT', `/api/federation/requests/${asked.body.people[0].id}`, {
      cookie: carol.cookie,
      body: { accept: true },
    });
    expect(answered.body.people).toEqual([]);
    await eventually(
      () => call(a, 'GET', `/api/federation/people?q=${encodeURIComponent(handleOn(b, carol.username))}`, { cookie: alice.cookie }),
      (answer) => answer.body.person?.follow === 'following',
      'carol’s acceptance on alice’s site',
    );
  });
});

describe('a member leaving', () => {
  it('takes what they shared off the other sites, and their actor answers 410 Gone', async () => {
    // Carol shares with her followers only: alice, accepted above, is one.
    const albums = (await call(b, 'GET', '/api/albums?limit=5', { cookie: carol.cookie })).body.items as { slug: string; title: string }[];
    const album = albums[4]!;
    await call(b, 'PUT', `/api/albums/${album.slug}/rating`, { cookie: carol.cookie, body: { rating: 6 } });
    await eventually(
      () => feedOf(a, alice.cookie),
      (page) => remoteItems(page).some((post) => post.albumTitle === album.title && post.rating === 6),
      'carol’s followers-only rating in alice’s feed',
    );
    expect((await call(b, 'DELETE', '/api/me', { cookie: carol.cookie, body: { password: 'Correct-Horse-Battery-9' } })).status).toBe(200);
    const actor = await fetch(`${b.url}/ap/users/${carol.id}`, { headers: { accept: 'application/activity+json' } });
    expect(actor.status).toBe(410);
    await eventually(
      () => feedOf(a, alice.cookie),
      (page) => !remoteItems(page).some((post) => post.albumTitle === album.title),
      'carol’s rating gone from alice’s feed',
    );
  });
});

describe('an operator blocking a whole server', () => {
  it('stops delivery both ways at once', async () => {
    const admin = await adminOf(b, ADMIN_OF_B);
    // Only an admin may: for anyone else the list does not exist.
    expect((await call(b, 'GET', '/api/federation/hosts', { cookie: bob.cookie })).status).toBe(404);
    const blocked = await call(b, 'PUT', `/api/federation/hosts/${new URL(a.url).host}`, { cookie: admin, body: { policy: 'block' } });
    expect(blocked.status, JSON.stringify(blocked.body)).toBe(200);
    expect(blocked.body.hosts).toEqual([expect.objectContaining({ host: new URL(a.url).host, policy: 'block' })]);

    // Out: bob's next rating does not reach alice.
    const albums = (await call(b, 'GET', '/api/albums?limit=6', { cookie: bob.cookie })).body.items as { slug: string; title: string }[];
    const later = albums[5]!;
    await call(b, 'PUT', `/api/albums/${later.slug}/rating`, { cookie: bob.cookie, body: { rating: 4 } });
    // In: alice's site may still send, but bob's site handles nothing from it; her new follow of bob stays asked.
    const bobOnA = await call(a, 'GET', `/api/federation/people?q=${encodeURIComponent(handleOn(b, bob.username))}`, {
      cookie: alice.cookie,
    });
    await call(a, 'DELETE', `/api/federation/people/${bobOnA.body.person.id}/follow`, { cookie: alice.cookie });
    await call(a, 'PUT', `/api/federation/people/${bobOnA.body.person.id}/follow`, { cookie: alice.cookie });
    await new Promise((resolve) => setTimeout(resolve, 5000));
    expect(remoteItems(await feedOf(a, alice.cookie)).some((post) => post.albumTitle === later.title)).toBe(false);
    const after = await call(a, 'GET', `/api/federation/people?q=${encodeURIComponent(handleOn(b, bob.username))}`, {
      cookie: alice.cookie,
    });
    expect(after.body.person.follow).toBe('requested');
  });
});

describe('an inbox is a public write endpoint', () => {
  it('takes a signed activity once: unsigned, tampered with, replayed or signed long ago, it is refused', async () => {
    const mallory = await startRemoteActor({ name: 'mallory' });
    try {
      const inbox = `${a.url}/ap/users/${alice.id}/inbox`;
      const aliceUri = `${a.url}/ap/users/${alice.id}`;
      const followersOfAlice = async () =>
        (
          (await (await fetch(`${aliceUri}/followers`, { headers: { accept: 'application/activity+json' } })).json()) as {
            totalItems: number;
          }
        ).totalItems;
      const before = await followersOfAlice();
      const follow = { '@context': ACTIVITYSTREAMS, id: `${mallory.uri}#follows/1`, type: 'Follow', actor: mallory.uri, object: aliceUri };

      const unsigned = await fetch(inbox, {
        method: 'POST',
        headers: { 'content-type': 'application/activity+json' },
        body: JSON.stringify(follow),
      });
      expect(unsigned.status).toBe(401);
      const signed = await mallory.sign(inbox, follow);
      const tampered = await fetch(inbox, {
        method: 'POST',
        headers: signed.headers,
        body: JSON.stringify({ ...follow, id: `${mallory.uri}#follows/changed` }),
      });
      expect(tampered.status).toBe(401);
      const old = await mallory.sign(inbox, { ...follow, id: `${mallory.uri}#follows/old` }, { at: new Date(Date.now() - 2 * 3600_000) });
      expect((await fetch(inbox, { method: 'POST', ...old })).status).toBe(401);

      expect((await fetch(inbox, { method: 'POST', ...signed })).status).toBe(202);
      const accepts = () => mallory.received.filter((activity) => activity.type === 'Accept');
      await eventually(
        async () => accepts().length,
        (count) => count === 1,
        'alice’s site accepting the follow',
      );
      expect(await followersOfAlice()).toBe(before + 1);

      // The very same request again is taken as already done: no second answer, no second follower.
      expect((await fetch(inbox, { method: 'POST', ...signed })).status).toBeLessThan(300);
      // A later follow of hers is answered; had the replay been taken, its answer would have come first.
      const again = { ...follow, id: `${mallory.uri}#follows/2` };
      expect((await mallory.post(inbox, again)).status).toBe(202);
      await eventually(
        async () => accepts().length,
        (count) => count >= 2,
        'the later follow answered',
      );
      expect(accepts().map((accept) => (accept.object as { id: string }).id)).toEqual([follow.id, again.id]);

      // Her server changes its key: alice's site reads the new one when the one it kept no longer verifies.
      await mallory.rotateKey();
      const undo = { '@context': ACTIVITYSTREAMS, id: `${mallory.uri}#undo/2`, type: 'Undo', actor: mallory.uri, object: again };
      expect((await mallory.post(inbox, undo)).status).toBe(202);
      await eventually(followersOfAlice, (count) => count === before, 'the follow undone under the new key');
    } finally {
      await mallory.close();
    }
  });

  it('refuses, before reading it, a body nested too deeply or larger than any activity', async () => {
    const inbox = `${a.url}/ap/inbox`;
    let nested: unknown = 'x';
    for (let level = 0; level < 200; level++) nested = { a: nested };
    const deep = await fetch(inbox, {
      method: 'POST',
      headers: { 'content-type': 'application/activity+json' },
      body: JSON.stringify(nested),
    });
    expect(deep.status).toBe(400);
    const large = await fetch(inbox, {
      method: 'POST',
      headers: { 'content-type': 'application/activity+json' },
      body: JSON.stringify({ type: 'Create', content: 'x'.repeat(300 * 1024) }),
    });
    expect(large.status).toBe(413);
    // The site is still there for everyone else.
    expect((await fetch(`${a.url}/healthz`)).status).toBe(200);
  });
});

describe('three sites, one of them blocked', () => {
  const ADMIN_OF_C = 'admin@c.example';
  let c: ServerProcess;
  let dave: { id: string; cookie: string; username: string };
  let adminOfC: string;

  beforeAll(async () => {
    c = await site('c', { ADMIN_EMAILS: ADMIN_OF_C });
    dave = await member(c, 'Dave Dunn');
    // Signed up with the admin address, so that the session is an admin's.
    const response = await fetch(`${c.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: c.url },
      body: JSON.stringify({ name: 'Site Admin', email: ADMIN_OF_C, password: 'Correct-Horse-Battery-9' }),
    });
    adminOfC = response.headers
      .getSetCookie()
      .find((value) => value.includes('hearsay.session_token='))!
      .split(';')[0]!;
  }, 120_000);

  afterAll(async () => {
    if (process.env.FED_LOG) (await import('node:fs')).writeFileSync('/tmp/fed-c.log', c.output());
  });

  const lookUp = (server: ServerProcess, cookie: string, handle: string) =>
    call(server, 'GET', `/api/federation/people?q=${encodeURIComponent(`@${handle}`)}`, { cookie });

  async function followAcross(server: ServerProcess, cookie: string, handle: string) {
    const found = await lookUp(server, cookie, handle);
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    await call(server, 'PUT', `/api/federation/people/${found.body.person.id}/follow`, { cookie });
    await eventually(
      () => lookUp(server, cookie, handle),
      (answer) => answer.body.person?.follow === 'following',
      `${handle} followed`,
    );
  }

  async function rate(server: ServerProcess, cookie: string, index: number, rating: number) {
    const albums = (await call(server, 'GET', '/api/albums?limit=12', { cookie })).body.items as { slug: string; title: string }[];
    const album = albums[index]!;
    expect((await call(server, 'PUT', `/api/albums/${album.slug}/rating`, { cookie, body: { rating } })).status).toBe(200);
    return album.title;
  }

  it('takes in one site while refusing the blocked one, sends the blocked one nothing, and lets no one follow there', async () => {
    // Dave on C follows bob on B and alice on A; alice follows dave back.
    await Promise.all([
      followAcross(c, dave.cookie, handleOn(b, bob.username)),
      followAcross(c, dave.cookie, handleOn(a, alice.username)),
      followAcross(a, alice.cookie, handleOn(c, dave.username)),
    ]);
    // The sites' catalogs are alike: each rates an album of its own.
    const fromB = await rate(b, bob.cookie, 9, 8);
    const fromA = await rate(a, alice.cookie, 7, 6);
    await eventually(
      () => feedOf(c, dave.cookie),
      (page) => remoteItems(page).some((post) => post.albumTitle === fromB) && remoteItems(page).some((post) => post.albumTitle === fromA),
      'bob’s and alice’s ratings in dave’s feed',
    );

    const hostOfA = new URL(a.url).host;
    const blocked = await call(c, 'PUT', `/api/federation/hosts/${hostOfA}`, { cookie: adminOfC, body: { policy: 'block' } });
    expect(blocked.status, JSON.stringify(blocked.body)).toBe(200);
    // What C held of A's people goes at once.
    expect(remoteItems(await feedOf(c, dave.cookie)).some((post) => post.albumTitle === fromA)).toBe(false);

    // A's deliveries are refused at C's inbox; C sends A nothing of dave's; B still flows.
    const laterFromA = await rate(a, alice.cookie, 8, 5);
    const laterFromC = await rate(c, dave.cookie, 10, 9);
    const laterFromB = await rate(b, bob.cookie, 11, 7);
    await eventually(
      () => feedOf(c, dave.cookie),
      (page) => remoteItems(page).some((post) => post.albumTitle === laterFromB),
      'bob’s later rating in dave’s feed',
    );
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(remoteItems(await feedOf(c, dave.cookie)).some((post) => post.albumTitle === laterFromA)).toBe(false);
    expect(remoteItems(await feedOf(a, alice.cookie)).some((post) => post.albumTitle === laterFromC)).toBe(false);

    // Nobody on C finds or follows anyone on A.
    expect((await lookUp(c, dave.cookie, handleOn(a, alice.username))).status).toBe(404);
  });
});
