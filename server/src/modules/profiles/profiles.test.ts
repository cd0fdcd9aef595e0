import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildAlbum } from '../../../test/factories.ts';
import { createUser, deleteAccount, type TestUser } from '../../../test/users.ts';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  [alice, bob] = await Promise.all([createUser(t, { name: 'Alice Profile' }), createUser(t, { name: 'Bob Profile' })]);
});
afterAll(() => t.close());

const get = (url: string, person: TestUser | null) => t.inject({ method: 'GET', url, headers: person ? { cookie: person.cookie } : {} });
const follow = (who: TestUser, username: string, on = true) =>
  t.inject({ method: on ? 'PUT' : 'DELETE', url: `/api/users/${username}/follow`, headers: { cookie: who.cookie } });

describe('profiles', () => {
  it('shows name, bio fallback, member since and exact stats; me is you; guest and unknown are not found; visitors read it', async () => {
    const mine = (await get('/api/users/me', alice)).json();
    expect(mine).toMatchObject({ username: alice.user.username, name: 'Alice Profile', bio: '', isOwner: true, isFollowing: false });
    expect(mine.stats).toEqual({ ratings: 0, reviews: 0, lists: 0, followers: 0, following: 0 });
    expect(new Date(mine.memberSince).getFullYear()).toBe(new Date().getFullYear());
    expect((await get(`/api/users/${alice.user.username}`, bob)).json().isOwner).toBe(false);
    expect((await get('/api/users/guest', alice)).statusCode).toBe(404);
    expect((await get('/api/users/nobody-by-this-name', alice)).json().error.message).toBe('User profile not found');
    expect((await get(`/api/users/${alice.user.username}`, null)).json()).toMatchObject({ name: 'Alice Profile', isOwner: false });
  });

  it('serves the Collection and Ratings tabs: filters, sorts and the distribution', async () => {
    const person = await createUser(t);
    const old = await buildAlbum(t.db, { title: 'Aardvark Jazz', releaseDate: '1959', genres: ['Jazz'] });
    const recent = await buildAlbum(t.db, { title: 'Zebra Rock', releaseDate: '2015', genres: ['Rock'] });
    for (const [album, rating] of [
      [old, 9],
      [recent, 6.5],
    ] as const) {
      await t.inject({ method: 'PUT', url: `/api/albums/${album}/rating`, payload: { rating }, headers: { cookie: person.cookie } });
    }
    const url = `/api/users/${person.user.username}/ratings`;
    const titles = async (query: string) =>
      ((await get(`${url}?${query}`, alice)).json().items as { album: { title: string } }[]).map((item) => item.album.title);
    expect(await titles('sort=date')).toEqual(['Zebra Rock', 'Aardvark Jazz']);
    expect(await titles('sort=rating')).toEqual(['Aardvark Jazz', 'Zebra Rock']);
    expect(await titles('sort=title')).toEqual(['Aardvark Jazz', 'Zebra Rock']);
    expect(await titles('sort=release')).toEqual(['Zebra Rock', 'Aardvark Jazz']);
    expect(await titles('decade=1950')).toEqual(['Aardvark Jazz']);
    expect(await titles('minRating=7')).toEqual(['Aardvark Jazz']);
    expect(await titles('genre=rock')).toEqual(['Zebra Rock']);
    expect((await get(`${url}?sort=loudness`, alice)).statusCode).toBe(400);
    const distribution = (await get(`/api/users/${person.user.username}/rating-distribution`, alice)).json();
    expect(distribution.total).toBe(2);
    expect(distribution.buckets.find((bucket: { rating: number }) => bucket.rating === 6.5).count).toBe(1);
  });
});

describe('following', () => {
  it('follows and unfollows idempotently, never yourself, with both counts updated', async () => {
    expect((await follow(alice, alice.user.username)).statusCode).toBe(400);
    expect((await follow(alice, 'me')).json().error.message).toBe('You cannot follow yourself.');
    const first = (await follow(alice, bob.user.username)).json();
    expect(first).toEqual({ following: true, requested: false, followers: 1, viewerFollowing: 1 });
    expect((await follow(alice, bob.user.username)).json()).toEqual({
      following: true,
      requested: false,
      followers: 1,
      viewerFollowing: 1,
    });
    expect((await get(`/api/users/${bob.user.username}`, alice)).json()).toMatchObject({ isFollowing: true, stats: { followers: 1 } });
    const followers = (await get(`/api/users/${bob.user.username}/followers`, bob)).json();
    expect(followers.items).toEqual([expect.objectContaining({ username: alice.user.username, isFollowing: false, isViewer: false })]);
    const following = (await get(`/api/users/${alice.user.username}/following`, alice)).json();
    expect(following.items[0]).toMatchObject({ username: bob.user.username, isFollowing: true });
    expect((await follow(alice, bob.user.username, false)).json()).toEqual({
      following: false,
      requested: false,
      followers: 0,
      viewerFollowing: 0,
    });
    expect((await follow(alice, bob.user.username, false)).json().followers).toBe(0);
  });

  it('keeps followers and following exact when 30 people follow at once, and after one leaves the site', async () => {
    const star = await createUser(t);
    const fans = await Promise.all(Array.from({ length: 30 }, () => createUser(t)));
    await Promise.all(fans.map((fan) => follow(fan, star.user.username)));
    await Promise.all(fans.slice(0, 10).map((fan) => follow(fan, star.user.username)));
    expect((await get(`/api/users/${star.user.username}`, star)).json().stats.followers).toBe(30);
    await follow(star, fans[0]!.user.username);
    const leaving = fans[0]!;
    await deleteAccount(t, leaving);
    const after = (await get(`/api/users/${star.user.username}`, star)).json();
    expect(after.stats).toMatchObject({ followers: 29, following: 0 });
  });
});
