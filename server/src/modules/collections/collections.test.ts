import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildAlbum } from '../../../test/factories.ts';
import { createUser, type TestUser } from '../../../test/users.ts';

let t: TestApp;
let owner: TestUser;
let follower: TestUser;
let stranger: TestUser;
const albums: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  for (let index = 0; index < 4; index++) albums.push(await buildAlbum(t.db, { title: `Listed Album ${index}` }));
  [owner, follower, stranger] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
  await t.inject({ method: 'PUT', url: `/api/users/${owner.user.username}/follow`, headers: { cookie: follower.cookie } });
});
afterAll(() => t.close());

const as = (person: TestUser | null) => (person ? { cookie: person.cookie } : {});
const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, person: TestUser | null, payload?: object) =>
  t.inject({ method, url, payload, headers: as(person) });
const create = (person: TestUser, payload: object) => call('POST', '/api/collections', person, payload);

describe('creating a collection', () => {
  it('needs a name of 1 to 50 characters, at least one real album, and a signed-in person', async () => {
    const fifty = 'x'.repeat(50);
    const cases: [object, string][] = [
      [{ name: '', albumIds: [albums[0]] }, 'Collection Name is required'],
      [{ name: '   ', albumIds: [albums[0]] }, 'Collection Name is required'],
      [{ name: `${fifty}y`, albumIds: [albums[0]] }, 'Collection Name must be at most 50 characters'],
      [{ name: 'No albums', albumIds: [] }, 'Add at least one album'],
      [{ name: 'Bad album', albumIds: ['no-such-album'] }, 'There is no album'],
    ];
    for (const [payload, message] of cases) {
      const response = await create(owner, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.message).toContain(message);
    }
    expect((await call('POST', '/api/collections', null, { name: 'x', albumIds: [albums[0]] })).statusCode).toBe(401);
    const ok = await create(owner, { name: fifty, albumIds: [albums[0]] });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().title).toBe(fifty);
  });

  it('keeps albums in order, with covers from the first three, and puts the newest first in the owner’s list', async () => {
    const created = (
      await create(owner, { name: 'Late night', description: 'For 2 a.m.', albumIds: [albums[2], albums[0], albums[1], albums[3]] })
    ).json();
    expect(created).toMatchObject({ title: 'Late night', description: 'For 2 a.m.', albumCount: 4, isPrivate: false, isOwner: true });
    expect(created.entries.map((entry: { album: { id: string } }) => entry.album.id)).toEqual([albums[2], albums[0], albums[1], albums[3]]);
    expect(created.coverUrls).toHaveLength(3);
    expect(created.coverUrls[0]).toContain(albums[2]);
    const mine = (await call('GET', '/api/me/collections', owner)).json();
    expect(mine.items[0].id).toBe(created.id);
  });
});

describe('editing a collection', () => {
  it('reorders, adds, removes and annotates albums, keeping counts and covers up to date; only the owner can', async () => {
    const { id } = (await create(owner, { name: 'Editable', albumIds: [albums[0], albums[1]] })).json();
    const url = `/api/collections/${id}`;
    expect((await call('POST', `${url}/albums`, stranger, { albumId: albums[2] })).statusCode).toBe(404);
    expect((await call('PATCH', url, follower, { name: 'Mine now' })).statusCode).toBe(404);

    const added = (await call('POST', `${url}/albums`, owner, { albumId: albums[2], note: 'The centrepiece' })).json();
    expect(added.albumCount).toBe(3);
    expect(added.entries[2]).toMatchObject({ position: 3, note: 'The centrepiece' });
    const again = (await call('POST', `${url}/albums`, owner, { albumId: albums[2] })).json();
    expect(again.albumCount).toBe(3);

    const reordered = (await call('PUT', `${url}/order`, owner, { albumIds: [albums[2], albums[1], albums[0]] })).json();
    expect(reordered.entries.map((entry: { album: { id: string } }) => entry.album.id)).toEqual([albums[2], albums[1], albums[0]]);
    expect(reordered.coverUrls[0]).toContain(albums[2]);
    expect((await call('PUT', `${url}/order`, owner, { albumIds: [albums[2], albums[1]] })).statusCode).toBe(400);

    const removed = (await call('DELETE', `${url}/albums/${albums[2]}`, owner)).json();
    expect(removed.albumCount).toBe(2);
    expect(removed.coverUrls[0]).toContain(albums[1]);
    const noted = (await call('PUT', `${url}/albums/${albums[0]}/note`, owner, { note: 'Closer' })).json();
    expect(noted.entries[1].note).toBe('Closer');

    const renamed = (await call('PATCH', url, owner, { name: 'Renamed', description: 'Now with words', ranked: true })).json();
    expect(renamed).toMatchObject({ title: 'Renamed', description: 'Now with words', ranked: true });
    expect((await call('DELETE', url, stranger)).statusCode).toBe(404);
    expect((await call('DELETE', url, owner)).statusCode).toBe(200);
    expect((await call('GET', url, owner)).statusCode).toBe(404);
  });
});

describe('private collections', () => {
  it('are invisible to a visitor, a stranger and a follower on every path, and visible to the owner', async () => {
    const secretName = `Secret stash ${Date.now()}`;
    const secret = (await create(owner, { name: secretName, isPrivate: true, albumIds: [albums[3]] })).json();
    const url = `/api/collections/${secret.id}`;
    for (const person of [null, stranger, follower]) {
      const who = person ? person.user.name : 'visitor';
      expect((await call('GET', url, person)).statusCode, who).toBe(404);
      const listings = [
        '/api/collections?sort=recent&limit=100',
        '/api/collections?sort=popular&limit=100',
        `/api/search?type=collections&q=${encodeURIComponent('secret stash')}`,
      ];
      if (person) listings.push(`/api/users/${owner.user.username}/collections?limit=100`);
      for (const listing of listings) expect((await call('GET', listing, person)).body, `${who} ${listing}`).not.toContain(secret.id);
      if (person) {
        for (const [method, path, payload] of [
          ['PUT', `${url}/like`, undefined],
          ['PATCH', url, { name: 'x' }],
          ['POST', `${url}/albums`, { albumId: albums[0] }],
          ['PUT', `${url}/order`, { albumIds: [albums[3]] }],
          ['DELETE', `${url}/albums/${albums[3]}`, undefined],
          ['DELETE', url, undefined],
        ] as const) {
          expect((await call(method, path, person, payload)).statusCode, `${who} ${method} ${path}`).toBe(404);
        }
        const choices = (await call('GET', `/api/albums/${albums[3]}/collections/mine`, person)).json();
        expect(JSON.stringify(choices)).not.toContain(secret.id);
        const profile = (await call('GET', `/api/users/${owner.user.username}`, person)).json();
        const ownerView = (await call('GET', '/api/users/me', owner)).json();
        expect(profile.stats.lists).toBe(ownerView.stats.lists - (await privateCount()));
      }
    }
    expect((await call('GET', url, owner)).json().title).toBe(secretName);
    expect((await call('GET', '/api/me/collections?limit=100', owner)).body).toContain(secret.id);
    expect((await call('GET', `/api/users/me/collections?limit=100`, owner)).body).toContain(secret.id);
    const search = (await call('GET', `/api/search?type=collections&q=${encodeURIComponent('secret stash')}`, owner)).json();
    expect(JSON.stringify(search)).not.toContain(secret.id); // search lists public collections only, for everyone

    // Made public, it shows up; made private again, it disappears.
    await call('PATCH', url, owner, { isPrivate: false });
    expect((await call('GET', url, stranger)).statusCode).toBe(200);
    expect((await call('GET', `/api/search?type=collections&q=${encodeURIComponent('secret stash')}`, stranger)).body).toContain(secret.id);
    await call('PATCH', url, owner, { isPrivate: true });
    expect((await call('GET', url, stranger)).statusCode).toBe(404);
  });
});

describe('collection counts', () => {
  it('count only public collections wherever someone else can see them, exactly as visibility changes', async () => {
    const counter = await createUser(t, { name: `Counted Collector ${Date.now()}` });
    const userCard = async () => {
      const search = (await call('GET', `/api/search?type=users&q=${encodeURIComponent(counter.user.name)}`, stranger)).json();
      return search.users.find((card: { username: string }) => card.username === counter.user.username)?.collectionCount;
    };
    const lists = async (person: TestUser) => (await call('GET', `/api/users/${counter.user.username}`, person)).json().stats.lists;
    const hidden = (await create(counter, { name: 'Hidden one', isPrivate: true, albumIds: [albums[0]] })).json();
    const shown = (await create(counter, { name: 'Shown one', albumIds: [albums[1]] })).json();
    expect(await userCard()).toBe(1);
    expect(await lists(stranger)).toBe(1);
    expect(await lists(counter)).toBe(2);

    await Promise.all([0, 1, 2].map(() => call('PATCH', `/api/collections/${hidden.id}`, counter, { isPrivate: false })));
    expect(await userCard()).toBe(2);
    await call('PATCH', `/api/collections/${shown.id}`, counter, { isPrivate: true });
    await call('PATCH', `/api/collections/${shown.id}`, counter, { isPrivate: true });
    expect(await userCard()).toBe(1);
    await call('DELETE', `/api/collections/${shown.id}`, counter);
    expect(await userCard()).toBe(1);
    await call('DELETE', `/api/collections/${hidden.id}`, counter);
    expect(await userCard()).toBe(0);
  });
});

async function privateCount(): Promise<number> {
  const row = await t.db
    .selectFrom('collection')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', owner.user.id)
    .where('is_private', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('likes and lists', () => {
  it('ranks public collections by recent likes, and offers your collections for an album', async () => {
    const quiet = (await create(stranger, { name: 'Quiet one', albumIds: [albums[0]] })).json();
    const loved = (await create(stranger, { name: 'Loved one', albumIds: [albums[1]] })).json();
    const fans = await Promise.all(Array.from({ length: 5 }, () => createUser(t)));
    await Promise.all(fans.map((fan) => call('PUT', `/api/collections/${loved.id}/like`, fan)));
    await call('PUT', `/api/collections/${loved.id}/like`, fans[0]!);
    expect((await call('GET', `/api/collections/${loved.id}`, fans[0]!)).json()).toMatchObject({ likeCount: 5, likedByViewer: true });
    const popular = (await call('GET', '/api/collections?sort=popular', null)).json();
    const ids = popular.items.map((item: { id: string }) => item.id);
    expect(ids.indexOf(loved.id)).toBeLessThan(ids.indexOf(quiet.id));
    const unliked = (await call('DELETE', `/api/collections/${loved.id}/like`, fans[1]!)).json();
    expect(unliked).toEqual({ liked: false, likeCount: 4 });

    const choices = (await call('GET', `/api/albums/${albums[1]}/collections/mine`, stranger)).json().collections;
    expect(choices.find((choice: { id: string }) => choice.id === loved.id).hasAlbum).toBe(true);
    expect(choices.find((choice: { id: string }) => choice.id === quiet.id).hasAlbum).toBe(false);
  });
});
