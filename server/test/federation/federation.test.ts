/**
 * Federation between real Hearsay sites: two server processes on loopback, each with its own database, talking
 * ActivityPub over HTTP as two sites on the internet would (with FEDERATION_ALLOW_PRIVATE, the development flag that
 * lets them use plain http between loopback addresses). The processes start once for the file.
 */
import { generateCryptoKeyPair } from '@fedify/fedify';
import { signRequest } from '@fedify/fedify/sig';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, emptyDatabase, signUp, startServer, stopAll, temporaryDirectory, type ServerProcess } from '../processes.ts';

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
 * A stand-in for a Mastodon server on loopback: one account whose actor document and key it serves, sending what a
 * Mastodon user's replies look like, signed as Mastodon signs (draft-cavage). Hearsay itself sends no replies to
 * other sites' posts, so this is how one reaches a real Hearsay process.
 */
async function mastodonStandIn() {
  const keys = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
  const spki = Buffer.from(await crypto.subtle.exportKey('spki', keys.publicKey)).toString('base64');
  const pem = `-----BEGIN PUBLIC KEY-----\n${spki.match(/.{1,64}/g)!.join('\n')}\n-----END PUBLIC KEY-----\n`;
  let base = '';
  const server: Server = createServer((request, response) => {
    if (request.method === 'GET' && request.url?.startsWith('/users/mallory')) {
      response.writeHead(200, { 'content-type': 'application/activity+json' });
      response.end(
        JSON.stringify({
          '@context': ['https://www.w3.org/ns/activitystreams', 'https://w3id.org/security/v1'],
          id: `${base}/users/mallory`,
          type: 'Person',
          preferredUsername: 'mallory',
          name: 'Mallory Mastodon',
          url: `${base}/@mallory`,
          inbox: `${base}/users/mallory/inbox`,
          endpoints: { sharedInbox: `${base}/inbox` },
          publicKey: { id: `${base}/users/mallory#main-key`, owner: `${base}/users/mallory`, publicKeyPem: pem },
        }),
      );
      return;
    }
    if (request.method !== 'POST') {
      response.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      response.writeHead(202).end();
      // Mastodon accepts a follow of an unlocked account at once, to the follower's server.
      const activity = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { type?: string; actor?: string };
      if (activity.type === 'Follow' && activity.actor) {
        void send(`${new URL(activity.actor).origin}/ap/inbox`, {
          id: `${base}/users/mallory#accepts/1`,
          type: 'Accept',
          object: activity,
        });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const actor = `${base}/users/mallory`;
  /** Posts an activity to an inbox, signed with mallory's key. */
  async function send(inbox: string, activity: Record<string, unknown>) {
    const body = JSON.stringify({ '@context': 'https://www.w3.org/ns/activitystreams', actor, ...activity });
    const request = new Request(inbox, { method: 'POST', headers: { 'content-type': 'application/activity+json' }, body });
    const signed = await signRequest(request, keys.privateKey, new URL(`${actor}#main-key`), {
      spec: 'draft-cavage-http-signatures-12',
      body: new TextEncoder().encode(body).buffer,
    });
    return fetch(signed);
  }
  return {
    base,
    actor,
    host: new URL(base).host,
    send,
    /** A NeoDB fixture as this stand-in would send it: its author mallory, its addresses on this server. */
    neodb(name: string): Record<string, unknown> {
      const text = readFileSync(new URL(`../fixtures/federation/neodb/${name}`, import.meta.url), 'utf8')
        .replaceAll('https://neodb.example/@ines@neodb.example/', actor)
        .replaceAll('https://neodb.example', base);
      return JSON.parse(text) as Record<string, unknown>;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
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
  it('refuses an unsigned activity, and one whose body was changed after signing', async () => {
    const inbox = `${a.url}/ap/users/${alice.id}/inbox`;
    const activity = {
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${b.url}/ap/users/${bob.id}#forged`,
      type: 'Follow',
      actor: `${b.url}/ap/users/${bob.id}`,
      object: `${a.url}/ap/users/${alice.id}`,
    };
    const unsigned = await fetch(inbox, {
      method: 'POST',
      headers: { 'content-type': 'application/activity+json' },
      body: JSON.stringify(activity),
    });
    expect(unsigned.status).toBe(401);
    const tampered = await fetch(inbox, {
      method: 'POST',
      headers: {
        'content-type': 'application/activity+json',
        date: new Date().toUTCString(),
        digest: 'SHA-256=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=',
        signature: `keyId="${b.url}/ap/users/${bob.id}#main-key",algorithm="rsa-sha256",headers="(request-target) host date digest",signature="AAAA"`,
      },
      body: JSON.stringify(activity),
    });
    expect(tampered.status).toBe(401);
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
