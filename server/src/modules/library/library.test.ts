import type { AlbumDetail } from '@hearsay/contracts/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildAlbum } from '../../../test/factories.ts';
import { createUser, type TestUser } from '../../../test/users.ts';

let t: TestApp;
let first: string;
let second: string;
let person: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  first = await buildAlbum(t.db, { title: 'First Love' });
  second = await buildAlbum(t.db, { title: 'Second Thoughts' });
  person = await createUser(t);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, user: TestUser | null = person) =>
  t.inject({ method, url, headers: user ? { cookie: user.cookie } : {} });

describe('album likes and favorites', () => {
  it('likes and unlikes idempotently, keeping the album’s like count exact', async () => {
    expect((await call('PUT', `/api/albums/${first}/like`)).json()).toMatchObject({ liked: true, likeCount: 1 });
    expect((await call('PUT', `/api/albums/${first}/like`)).json()).toMatchObject({ liked: true, likeCount: 1 });
    const other = await createUser(t);
    expect((await call('PUT', `/api/albums/${first}/like`, other)).json()).toMatchObject({ liked: true, likeCount: 2 });
    expect((await call('DELETE', `/api/albums/${first}/like`, other)).json()).toMatchObject({ liked: false, likeCount: 1 });
    expect((await call('DELETE', `/api/albums/${first}/like`, other)).json()).toMatchObject({ liked: false, likeCount: 1 });
    expect((await t.inject(`/api/albums/${first}`)).json<AlbumDetail>().likeCount).toBe(1);
  });

  it('lists liked albums newest first on favorites', async () => {
    await call('PUT', `/api/albums/${second}/like`);
    const favorites = (await call('GET', '/api/me/favorites')).json();
    expect(favorites.items.map((album: { title: string }) => album.title)).toEqual(['Second Thoughts', 'First Love']);
    expect(favorites.total).toBe(2);
  });

  it('keeps a listen-later list, and tells the viewer their state on an album', async () => {
    await call('PUT', `/api/albums/${second}/listen-later`);
    expect((await call('GET', `/api/albums/${second}/me`)).json()).toEqual({ rating: null, liked: true, listenLater: true, likeCount: 1 });
    expect((await call('GET', '/api/me/listen-later')).json().items.map((album: { title: string }) => album.title)).toEqual([
      'Second Thoughts',
    ]);
    await call('DELETE', `/api/albums/${second}/listen-later`);
    expect((await call('GET', '/api/me/listen-later')).json().total).toBe(0);
  });

  it('is for members only, and only for albums that exist', async () => {
    for (const [method, url] of [
      ['PUT', `/api/albums/${first}/like`],
      ['GET', '/api/me/favorites'],
      ['GET', `/api/albums/${first}/me`],
      ['PUT', `/api/albums/${first}/listen-later`],
    ] as const) {
      expect((await call(method, url, null)).statusCode, url).toBe(401);
    }
    expect((await call('PUT', '/api/albums/no-such-album/like')).statusCode).toBe(404);
  });
});
