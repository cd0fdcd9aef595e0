import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createUser, type TestUser } from '../../../test/users.ts';

let t: TestApp;
let person: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  person = await createUser(t, { name: 'Original Name' });
});
afterAll(() => t.close());

const put = (payload: object, cookie = person.cookie) =>
  t.inject({ method: 'PUT', url: '/api/auth/profile', payload, headers: { cookie } });

describe('PUT /api/auth/profile (spec §7)', () => {
  it('applies bio, genres, artists, the onboarding flag and a changed name', async () => {
    const response = await put({
      name: 'New Name',
      bio: 'Dub, drone and the odd musical.',
      preferredGenres: ['jazz'],
      favoriteArtists: ['a1'],
      onboardingCompleted: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user).toMatchObject({ name: 'New Name', bio: 'Dub, drone and the odd musical.', onboardingCompleted: true });
    const row = await t.db
      .selectFrom('profile')
      .select(['preferred_genres', 'favorite_artists'])
      .where('user_id', '=', person.user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ preferred_genres: '["jazz"]', favorite_artists: '["a1"]' });
  });

  it('ignores every other field (no mass assignment) and validates what it takes', async () => {
    const response = await put({
      email: 'taken@example.com',
      id: 'someone-else',
      emailVerified: true,
      role: 'admin',
      username: 'admin',
      bio: 'still me',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      email: person.user.email,
      id: person.user.id,
      username: person.user.username,
      bio: 'still me',
    });
    expect((await put({ bio: 'x'.repeat(501) })).json().error.message).toContain('Bio must be at most 500 characters');
    expect((await put({ avatarUrl: 'javascript:alert(1)' })).statusCode).toBe(400);
    expect((await put({ avatarUrl: '/uploads/avatars/someone-else-abc.webp' })).json().error.code).toBe('invalid_avatar');
    expect((await put({ name: '   ' })).statusCode).toBe(400);
    expect((await put({ bio: 'x' }, '')).statusCode).toBe(401);
  });

  it('answers a create for an existing profile with that profile', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/api/auth/profile',
      payload: { bio: 'ignored' },
      headers: { cookie: person.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.id).toBe(person.user.id);
    expect(response.json().user.bio).not.toBe('ignored');
  });
});
