import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildAlbum } from '../../../test/factories.ts';
import { requestsTo } from '../../../test/requests.ts';
import { createUser, type TestUser } from '../../../test/users.ts';

const LONG = 'Quiet and close, the kind of record you keep for the last hour of a long day, and it keeps giving.';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { call, act } = requestsTo(() => t);
const name = (person: TestUser) => person.user.username!;
const ids = (page: { items: { id: string }[] }) => page.items.map((item) => item.id);
const setVisibility = (person: TestUser, visibility: string) => act('PUT', '/api/me/visibility', person, { visibility });

/** A person with a rated and reviewed album and a public collection. */
async function personWithContent(label: string) {
  const person = await createUser(t, { name: `${label} Person` });
  const albumId = await buildAlbum(t.db, { title: `${label} Album` });
  const review = await act('POST', `/api/albums/${albumId}/reviews`, person, { rating: 9, content: LONG });
  const collection = await act('POST', '/api/collections', person, { name: `${label} Shelf`, albumIds: [albumId] });
  return { person, albumId, reviewId: review.id as string, collectionId: collection.id as string };
}

describe('profile visibility', () => {
  it('is public by default, and only its owner reads or changes it; bad values are refused', async () => {
    const person = await createUser(t);
    expect((await call('GET', '/api/me/visibility', person)).json()).toEqual({ visibility: 'public' });
    expect((await call('PUT', '/api/me/visibility', person, { visibility: 'secret' })).statusCode).toBe(400);
    expect((await call('PUT', '/api/me/visibility', person, { visibility: 'private', extra: 1 })).statusCode).toBe(400);
    expect((await call('PUT', '/api/me/visibility', null, { visibility: 'private' })).statusCode).toBe(401);
    expect(await setVisibility(person, 'followers')).toEqual({ visibility: 'followers' });
    expect((await call('GET', '/api/me/visibility', person)).json()).toEqual({ visibility: 'followers' });
  });

  it('a private profile locks strangers and followers out of every path, but its ratings still count in averages', async () => {
    const { person: owner, albumId, reviewId, collectionId } = await personWithContent('Hidden');
    const [follower, stranger] = await Promise.all([createUser(t), createUser(t)]);
    await act('PUT', `/api/users/${name(owner)}/follow`, follower);
    await setVisibility(owner, 'private');

    for (const viewer of [follower, stranger]) {
      const profile = (await call('GET', `/api/users/${name(owner)}`, viewer)).json();
      expect(profile).toMatchObject({ name: 'Hidden Person', visibility: 'private', locked: true });
      for (const tab of ['ratings', 'rating-distribution', 'collections', 'followers', 'following', 'compatibility']) {
        const answer = await call('GET', `/api/users/${name(owner)}/${tab}`, viewer);
        expect(answer.statusCode, tab).toBe(403);
        expect(answer.json().error.message).toBe('This profile is private.');
      }
      expect((await call('GET', `/api/reviews/${reviewId}`, viewer)).statusCode).toBe(404);
      expect((await call('PUT', `/api/reviews/${reviewId}/like`, viewer)).statusCode).toBe(404);
      expect((await call('GET', `/api/collections/${collectionId}`, viewer)).statusCode).toBe(404);
      expect(ids((await call('GET', `/api/albums/${albumId}/reviews`, viewer)).json())).toEqual([]);
      expect((await call('GET', `/api/search?q=${encodeURIComponent('Hidden Person')}&type=users`, viewer)).json().users).toEqual([]);
      expect(ids((await call('GET', '/api/collections?sort=recent&limit=50', viewer)).json())).not.toContain(collectionId);
    }
    // The follower's feed no longer carries the private person's activity.
    const feed = (await call('GET', '/api/feed', follower)).json().items as { actor: { username: string } }[];
    expect(feed.map((item) => item.actor.username)).not.toContain(name(owner));
    // Visitors get no link preview of the review, and do not see it on the album page.
    expect((await call('GET', `/api/albums/${albumId}/reviews`, null)).json().items).toEqual([]);
    const preview = await call('GET', `/review/${reviewId}`, null);
    expect(preview.body).not.toContain('Hidden Person');
    // The rating still counts in the album's average.
    const album = (await call('GET', `/api/albums/${albumId}`, stranger)).json();
    expect(album.ratingCount ?? album.album?.ratingCount).toBe(1);
    // The owner sees everything of their own.
    expect((await call('GET', `/api/users/${name(owner)}`, owner)).json()).toMatchObject({ locked: false, isOwner: true });
    expect((await call('GET', `/api/users/${name(owner)}/ratings`, owner)).statusCode).toBe(200);
    expect(ids((await call('GET', `/api/albums/${albumId}/reviews`, owner)).json())).toEqual([reviewId]);
  });

  it('followers only: a follow becomes a request, approved with a notification both ways, or declined in silence', async () => {
    const { person: owner, albumId, reviewId } = await personWithContent('Closed');
    const [asker, other] = await Promise.all([createUser(t, { name: 'Asker Person' }), createUser(t)]);
    await setVisibility(owner, 'followers');
    expect((await call('GET', `/api/users/${name(owner)}`, asker)).json()).toMatchObject({
      locked: true,
      requested: false,
      visibility: 'followers',
    });
    expect((await call('GET', `/api/users/${name(owner)}/ratings`, asker)).json().error.message).toBe(
      'Only approved followers see this profile.',
    );
    // Followers-only people can still be found, so that people can ask to follow them.
    expect((await call('GET', `/api/search?q=${encodeURIComponent('Closed Person')}&type=users`, asker)).json().users).toHaveLength(1);

    expect(await act('PUT', `/api/users/${name(owner)}/follow`, asker)).toMatchObject({ following: false, requested: true, followers: 0 });
    expect(await act('PUT', `/api/users/${name(owner)}/follow`, asker)).toMatchObject({ requested: true });
    expect((await call('GET', `/api/users/${name(owner)}`, asker)).json()).toMatchObject({ locked: true, requested: true });
    const requests = (await call('GET', '/api/me/follow-requests', owner)).json();
    expect(requests).toMatchObject({ total: 1, items: [{ person: { username: name(asker), name: 'Asker Person' } }] });
    const ownerNews = (await call('GET', '/api/notifications', owner)).json().items;
    expect(ownerNews).toEqual([expect.objectContaining({ kind: 'follow_request', href: '/settings?tab=privacy' })]);
    // Only the owner answers their requests, and only requests that exist.
    expect((await call('PUT', `/api/me/follow-requests/${name(asker)}`, other)).statusCode).toBe(404);
    expect((await call('PUT', `/api/me/follow-requests/${name(other)}`, owner)).statusCode).toBe(404);

    expect(await act('PUT', `/api/me/follow-requests/${name(asker)}`, owner)).toEqual({ approved: true });
    expect((await call('GET', `/api/users/${name(owner)}`, asker)).json()).toMatchObject({
      locked: false,
      isFollowing: true,
      requested: false,
    });
    expect((await call('GET', `/api/users/${name(owner)}/ratings`, asker)).statusCode).toBe(200);
    expect(ids((await call('GET', `/api/albums/${albumId}/reviews`, asker)).json())).toEqual([reviewId]);
    expect(ids((await call('GET', `/api/albums/${albumId}/reviews`, other)).json())).toEqual([]);
    const askerNews = (await call('GET', '/api/notifications', asker)).json().items;
    expect(askerNews).toEqual([expect.objectContaining({ kind: 'follow_approved', href: `/profile/${name(owner)}` })]);
    expect((await call('GET', `/api/users/${name(owner)}`, owner)).json().stats.followers).toBe(1);

    // A declined request leaves nothing behind and tells nobody.
    await act('PUT', `/api/users/${name(owner)}/follow`, other);
    expect(await act('DELETE', `/api/me/follow-requests/${name(other)}`, owner)).toEqual({ approved: false });
    expect((await call('GET', `/api/users/${name(owner)}`, other)).json()).toMatchObject({ locked: true, requested: false });
    expect((await call('GET', '/api/notifications', other)).json().items).toEqual([]);
    // Unfollowing takes a waiting request back.
    await act('PUT', `/api/users/${name(owner)}/follow`, other);
    await act('DELETE', `/api/users/${name(owner)}/follow`, other);
    expect((await call('GET', '/api/me/follow-requests', owner)).json().total).toBe(0);
  });

  it('going public turns the waiting requests into follows; a block drops a request', async () => {
    const owner = await createUser(t);
    const [one, two] = await Promise.all([createUser(t), createUser(t)]);
    await setVisibility(owner, 'private');
    await act('PUT', `/api/users/${name(owner)}/follow`, one);
    await act('PUT', `/api/users/${name(owner)}/follow`, two);
    await act('PUT', `/api/users/${name(two)}/block`, owner);
    expect((await call('GET', '/api/me/follow-requests', owner)).json().total).toBe(1);
    await setVisibility(owner, 'public');
    expect((await call('GET', `/api/users/${name(owner)}`, one)).json()).toMatchObject({ isFollowing: true, locked: false });
    expect((await call('GET', `/api/users/${name(owner)}`, owner)).json().stats.followers).toBe(1);
    expect((await call('GET', '/api/me/follow-requests', owner)).json().total).toBe(0);
  });
});

describe('visitors', () => {
  it('read a public profile and its tabs as a signed-in stranger does; a closed profile asks them to sign in', async () => {
    const { person: owner, collectionId } = await personWithContent('Open');
    const [fan, stranger] = await Promise.all([createUser(t, { name: 'Open Fan' }), createUser(t)]);
    await act('PUT', `/api/users/${name(owner)}/follow`, fan);
    const hidden = await createUser(t, { name: 'Hidden Follower' });
    await act('PUT', `/api/users/${name(owner)}/follow`, hidden);
    await setVisibility(hidden, 'private');

    const tabs = [
      '',
      '/ratings',
      '/rating-distribution',
      '/collections',
      '/followers',
      '/following',
      `/year/${new Date().getUTCFullYear()}`,
    ];
    for (const tab of tabs) {
      const [asVisitor, asStranger] = await Promise.all([
        call('GET', `/api/users/${name(owner)}${tab}`, null),
        call('GET', `/api/users/${name(owner)}${tab}`, stranger),
      ]);
      expect(asVisitor.statusCode, tab).toBe(200);
      expect(asVisitor.json(), tab).toEqual(asStranger.json());
    }
    expect((await call('GET', `/api/users/${name(owner)}/collections`, null)).json().items[0].id).toBe(collectionId);
    // A private follower is not listed to a visitor, as to a stranger.
    const followers = (await call('GET', `/api/users/${name(owner)}/followers`, null)).json();
    expect(followers.items.map((person: { name: string }) => person.name)).toEqual(['Open Fan']);
    // Comparing tastes, following and reporting need a member.
    for (const [method, path] of [
      ['GET', '/compatibility'],
      ['PUT', '/follow'],
      ['PUT', '/block'],
    ] as const) {
      expect((await call(method, `/api/users/${name(owner)}${path}`, null)).statusCode, path).toBe(401);
    }
    expect((await call('GET', '/api/users/me', null)).statusCode).toBe(401);
    expect((await call('GET', '/api/users/nobody-by-this-name', null)).statusCode).toBe(404);

    for (const visibility of ['followers', 'private']) {
      await setVisibility(owner, visibility);
      for (const tab of tabs) {
        const answer = await call('GET', `/api/users/${name(owner)}${tab}`, null);
        expect(answer.statusCode, `${visibility} ${tab}`).toBe(401);
        expect(answer.json().error).toMatchObject({ code: 'unauthorized', message: 'Sign in to see this profile.' });
      }
    }
  });
});

describe('sharing', () => {
  it('ratings, listens and reviews not shared stay out of followers’ feeds, notifications and the profile, and still count', async () => {
    const [quiet, reader] = await Promise.all([createUser(t, { name: 'Quiet Sharer' }), createUser(t)]);
    await act('PUT', `/api/users/${name(quiet)}/follow`, reader);
    // The reader wants to hear of new reviews by people they follow.
    await act('PATCH', '/api/me/settings', reader, { notifications: { about: { recommendations: true } } });
    const saved = await act('PATCH', '/api/me/settings', quiet, { sharing: { ratings: false, listening: false, reviews: false } });
    expect(saved.sharing).toEqual({ listening: false, ratings: false, reviews: false });

    const rated = await buildAlbum(t.db, { title: 'Quietly Rated' });
    const reviewed = await buildAlbum(t.db, { title: 'Quietly Reviewed' });
    const listened = await buildAlbum(t.db, { title: 'Quietly Heard' });
    await act('PUT', `/api/albums/${rated}/rating`, quiet, { rating: 7 });
    await act('POST', `/api/albums/${reviewed}/reviews`, quiet, { rating: 8, content: LONG });
    await act('POST', '/api/me/journal', quiet, { albumId: listened });

    expect((await call('GET', '/api/feed', reader)).json().items).toEqual([]);
    expect((await call('GET', '/api/notifications', reader)).json().items).toEqual([]);
    for (const tab of ['ratings', 'rating-distribution', 'compatibility']) {
      const answer = await call('GET', `/api/users/${name(quiet)}/${tab}`, reader);
      expect(answer.statusCode, tab).toBe(403);
      expect(answer.json().error.message).toBe('Quiet Sharer keeps their ratings to themselves.');
    }
    expect((await call('GET', `/api/users/${name(quiet)}`, reader)).json()).toMatchObject({ sharesRatings: false, locked: false });
    // The rating still counts, the review is still readable on the album page, and the owner sees everything.
    expect((await call('GET', `/api/albums/${rated}`, reader)).json().ratingCount).toBe(1);
    expect((await call('GET', `/api/albums/${reviewed}/reviews`, reader)).json().items).toHaveLength(1);
    expect((await call('GET', `/api/users/${name(quiet)}/ratings`, quiet)).statusCode).toBe(200);

    // Sharing again brings the activity back into the feed.
    await act('PATCH', '/api/me/settings', quiet, { sharing: { ratings: true, listening: true, reviews: true } });
    const verbs = ((await call('GET', '/api/feed', reader)).json().items as { kind: string }[]).map((item) => item.kind).sort();
    expect(verbs).toEqual(['listen', 'ratings', 'review']);
  });
});
