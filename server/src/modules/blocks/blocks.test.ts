import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildAlbum } from '../../../test/factories.ts';
import { requestsTo, type Method } from '../../../test/requests.ts';
import { createUser, type TestUser } from '../../../test/users.ts';

const LONG = 'A record that rewards patience: every listen turns up another small detail worth hearing.';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { call, act } = requestsTo(() => t);
const name = (person: TestUser) => person.user.username!;
const block = (who: TestUser, whom: TestUser, on = true) => act(on ? 'PUT' : 'DELETE', `/api/users/${name(whom)}/block`, who);
const ids = (page: { items: { id: string }[] }) => page.items.map((item) => item.id);

async function reviewBy(author: TestUser, title: string): Promise<{ albumId: string; reviewId: string }> {
  const albumId = await buildAlbum(t.db, { title });
  const review = await act('POST', `/api/albums/${albumId}/reviews`, author, { rating: 8, content: LONG });
  return { albumId, reviewId: review.id };
}

async function statusOf(person: TestUser, requests: [Method, string, object?][]) {
  const answers: Record<string, number> = {};
  for (const [method, url, payload] of requests) answers[`${method} ${url}`] = (await call(method, url, person, payload)).statusCode;
  return answers;
}

describe('blocking', () => {
  it('hides each from the other on every path, and the blocked person is told no more than "not found"', async () => {
    const [ada, bea, cyd] = await Promise.all([
      createUser(t, { name: 'Ada Blocker' }),
      createUser(t, { name: 'Bea Blocked' }),
      createUser(t),
    ]);
    const adas = await reviewBy(ada, 'Ada Reviewed');
    const beas = await reviewBy(bea, 'Bea Reviewed');
    const cyds = await reviewBy(cyd, 'Cyd Reviewed');
    const collection = await act('POST', '/api/collections', ada, { name: 'Ada Public List', albumIds: [adas.albumId] });
    await act('POST', `/api/reviews/${cyds.reviewId}/comments`, bea, { body: 'Bea was here' });
    await act('PUT', `/api/users/${name(ada)}/follow`, bea);
    await act('PUT', `/api/users/${name(bea)}/follow`, ada);
    await act('PUT', `/api/reviews/${adas.reviewId}/like`, bea);
    const conversation = await act('POST', '/api/conversations', bea, { username: name(ada) });
    await act('POST', `/api/conversations/${conversation.id}/messages`, bea, { body: 'Hello Ada' });
    expect((await call('GET', '/api/notifications/unread-count', ada)).json().unread).toBe(2);

    expect(await block(ada, bea)).toEqual({ blocked: true });

    // Follows end both ways, with both people's counts.
    const adaProfile = (await call('GET', `/api/users/${name(ada)}`, ada)).json();
    expect(adaProfile.stats).toMatchObject({ followers: 0, following: 0 });
    // The one who blocked sees only that; the one blocked finds nobody.
    expect((await call('GET', `/api/users/${name(bea)}`, ada)).json()).toMatchObject({ blocked: true, isFollowing: false });
    const notFoundForBea = await statusOf(bea, [
      ['GET', `/api/users/${name(ada)}`],
      ['GET', `/api/users/${name(ada)}/ratings`],
      ['GET', `/api/users/${name(ada)}/rating-distribution`],
      ['GET', `/api/users/${name(ada)}/collections`],
      ['GET', `/api/users/${name(ada)}/followers`],
      ['GET', `/api/users/${name(ada)}/following`],
      ['GET', `/api/users/${name(ada)}/compatibility`],
      ['PUT', `/api/users/${name(ada)}/follow`],
      ['PUT', `/api/users/${name(ada)}/mute`],
      ['GET', `/api/reviews/${adas.reviewId}`],
      ['GET', `/api/reviews/${adas.reviewId}/comments`],
      ['GET', `/api/reviews/${adas.reviewId}/revisions`],
      ['PUT', `/api/reviews/${adas.reviewId}/like`],
      ['POST', `/api/reviews/${adas.reviewId}/comments`, { body: 'Let me in' }],
      ['GET', `/api/collections/${collection.id}`],
      ['PUT', `/api/collections/${collection.id}/like`],
      ['POST', '/api/conversations', { username: name(ada) }],
      ['GET', `/api/conversations/${conversation.id}`],
      ['GET', `/api/conversations/${conversation.id}/messages`],
      ['POST', `/api/conversations/${conversation.id}/messages`, { body: 'Still there?' }],
    ]);
    expect(Object.entries(notFoundForBea).filter(([, status]) => status !== 404)).toEqual([]);
    // The same holds the other way round, except Ada's own view of Bea's profile.
    const notFoundForAda = await statusOf(ada, [
      ['GET', `/api/users/${name(bea)}/ratings`],
      ['PUT', `/api/users/${name(bea)}/follow`],
      ['GET', `/api/reviews/${beas.reviewId}`],
      ['PUT', `/api/reviews/${beas.reviewId}/like`],
      ['POST', `/api/reviews/${beas.reviewId}/comments`, { body: 'Hm' }],
      ['GET', `/api/conversations/${conversation.id}`],
      ['POST', `/api/conversations/${conversation.id}/messages`, { body: 'Bye' }],
    ]);
    expect(Object.entries(notFoundForAda).filter(([, status]) => status !== 404)).toEqual([]);

    // Lists leave each out for the other: album reviews, comments, collections, search, conversations, notifications.
    expect(ids((await call('GET', `/api/albums/${adas.albumId}/reviews`, bea)).json())).toEqual([]);
    expect(ids((await call('GET', `/api/albums/${beas.albumId}/reviews`, ada)).json())).toEqual([]);
    expect(ids((await call('GET', `/api/albums/${beas.albumId}/reviews`, cyd)).json())).toEqual([beas.reviewId]);
    expect((await call('GET', `/api/reviews/${cyds.reviewId}/comments`, ada)).json().items).toEqual([]);
    expect((await call('GET', `/api/reviews/${cyds.reviewId}/comments`, cyd)).json().items).toHaveLength(1);
    expect(ids((await call('GET', '/api/collections?sort=recent&limit=50', bea)).json())).not.toContain(collection.id);
    expect(ids((await call('GET', '/api/collections?sort=recent&limit=50', cyd)).json())).toContain(collection.id);
    const found = (await call('GET', `/api/search?q=${encodeURIComponent('Ada Blocker')}&type=users`, bea)).json();
    expect(found.users).toEqual([]);
    expect((await call('GET', `/api/search?q=${encodeURIComponent('Ada Blocker')}&type=users`, cyd)).json().users).toHaveLength(1);
    expect((await call('GET', '/api/conversations', ada)).json().items).toEqual([]);
    expect((await call('GET', '/api/conversations/unread', ada)).json().conversations).toBe(0);
    expect((await call('GET', '/api/notifications', ada)).json().items).toEqual([]);
    expect((await call('GET', '/api/notifications/unread-count', ada)).json().unread).toBe(0);
    // A mention by the blocked person reaches nobody.
    await act('POST', `/api/reviews/${cyds.reviewId}/comments`, bea, { body: `Ask @${name(ada)} about it` });
    expect((await call('GET', '/api/notifications/unread-count', ada)).json().unread).toBe(0);
    // Blocking is never of yourself, and the lists in Settings show it.
    expect((await call('PUT', `/api/users/${name(ada)}/block`, ada)).statusCode).toBe(400);
    expect((await call('GET', '/api/me/blocked', ada)).json()).toMatchObject({
      items: [{ username: name(bea), name: 'Bea Blocked' }],
      total: 1,
    });

    // Unblocking shows both again; the follows the block ended stay ended.
    expect(await block(ada, bea, false)).toEqual({ blocked: false });
    expect((await call('GET', `/api/users/${name(ada)}`, bea)).json()).toMatchObject({ blocked: false, isFollowing: false });
    expect((await call('GET', `/api/reviews/${adas.reviewId}`, bea)).statusCode).toBe(200);
    expect((await call('GET', '/api/me/blocked', ada)).json().items).toEqual([]);
  });

  it('works whoever blocked first, and both blocking each other needs both to unblock', async () => {
    const [one, two] = await Promise.all([createUser(t), createUser(t)]);
    await block(one, two);
    await block(two, one);
    await block(one, two, false);
    expect((await call('GET', `/api/users/${name(two)}`, one)).statusCode).toBe(404);
    expect((await call('GET', `/api/users/${name(one)}`, two)).json().blocked).toBe(true);
    await block(two, one, false);
    expect((await call('GET', `/api/users/${name(one)}`, two)).json().blocked).toBe(false);
  });
});

describe('muting', () => {
  it("keeps someone's activity out of your feed only, and they see nothing different", async () => {
    const [reader, loud, quiet] = await Promise.all([createUser(t), createUser(t, { name: 'Loud Person' }), createUser(t)]);
    await act('PUT', `/api/users/${name(loud)}/follow`, reader);
    await act('PUT', `/api/users/${name(quiet)}/follow`, reader);
    const louds = await reviewBy(loud, 'Loud Album');
    const quiets = await reviewBy(quiet, 'Quiet Album');
    const actors = async () =>
      new Set(
        ((await call('GET', '/api/feed', reader)).json().items as { actor: { username: string } }[]).map((item) => item.actor.username),
      );
    expect(await actors()).toEqual(new Set([name(loud), name(quiet)]));

    expect(await act('PUT', `/api/users/${name(loud)}/mute`, reader)).toEqual({ muted: true });
    expect(await actors()).toEqual(new Set([name(quiet)]));
    // Still followed, still readable, and nothing changes for them.
    expect((await call('GET', `/api/users/${name(loud)}`, reader)).json()).toMatchObject({ muted: true, isFollowing: true });
    expect((await call('GET', `/api/reviews/${louds.reviewId}`, reader)).statusCode).toBe(200);
    expect((await call('GET', `/api/users/${name(reader)}`, loud)).json()).toMatchObject({ muted: false, blocked: false });
    expect((await call('GET', '/api/me/muted', reader)).json()).toMatchObject({ items: [{ name: 'Loud Person' }], total: 1 });
    expect((await call('GET', '/api/me/muted', loud)).json().items).toEqual([]);

    expect(await act('DELETE', `/api/users/${name(loud)}/mute`, reader)).toEqual({ muted: false });
    expect(await actors()).toEqual(new Set([name(loud), name(quiet)]));
    expect(quiets.reviewId).toBeTruthy();
  });

  it('refuses yourself and unknown people, and needs a signed-in person', async () => {
    const person = await createUser(t);
    expect((await call('PUT', `/api/users/${name(person)}/mute`, person)).statusCode).toBe(400);
    expect((await call('PUT', '/api/users/nobody-at-all/mute', person)).statusCode).toBe(404);
    expect((await call('PUT', '/api/users/nobody-at-all/block', person)).statusCode).toBe(404);
    expect((await t.inject({ method: 'PUT', url: `/api/users/${name(person)}/block` })).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: '/api/me/blocked' })).statusCode).toBe(401);
  });
});
