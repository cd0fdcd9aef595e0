import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildAlbum } from '../../../test/factories.ts';
import { createUser, type TestUser } from '../../../test/users.ts';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  [alice, bob] = await Promise.all([createUser(t, { name: 'Alice Taste' }), createUser(t, { name: 'Bob Taste' })]);
});
afterAll(() => t.close());

const compatibility = (username: string, person: TestUser | null) =>
  t.inject({ method: 'GET', url: `/api/users/${username}/compatibility`, headers: person ? { cookie: person.cookie } : {} });

async function rate(person: TestUser, albumId: string, rating: number) {
  const response = await t.inject({
    method: 'PUT',
    url: `/api/albums/${albumId}/rating`,
    payload: { rating },
    headers: { cookie: person.cookie },
  });
  expect(response.statusCode).toBe(200);
}

/** Builds one album per pair and has the two people rate it [first's rating, second's rating]. */
async function rateTogether(first: TestUser, second: TestUser, pairs: [number, number][], prefix: string) {
  const albums: string[] = [];
  for (const [index, [mine, theirs]] of pairs.entries()) {
    const album = await buildAlbum(t.db, { title: `${prefix} ${index + 1}` });
    await rate(first, album, mine);
    await rate(second, album, theirs);
    albums.push(album);
  }
  return albums;
}

type Shared = { album: { title: string; coverUrl: string }; yourRating: number; theirRating: number };
const summary = (items: Shared[]) => items.map((item) => [item.album.title, item.yourRating, item.theirRating]);

describe('taste compatibility', () => {
  it('scores 100 − 20 × the mean rating difference and lists the albums agreed and disagreed on most, from either side', async () => {
    await rateTogether(
      alice,
      bob,
      [
        [9, 9],
        [7, 7],
        [8, 7],
        [3, 9],
        [10, 6],
        [5, 3],
        [6, 7.5],
      ],
      'Shared',
    );
    // Albums only one of them rated do not count.
    await rate(alice, await buildAlbum(t.db, { title: 'Only Alice' }), 10);
    await rate(bob, await buildAlbum(t.db, { title: 'Only Bob' }), 1);

    const response = await compatibility(bob.user.username, alice);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    // Differences 0, 0, 1, 6, 4, 2, 1.5: a mean of 14.5 / 7 ≈ 2.07 points, so 100 − 41.4 ≈ 59.
    expect(body).toMatchObject({ enough: true, inCommon: 7, score: 59 });
    // Within a point: closest first, and of two equal ones the album both rate higher.
    expect(summary(body.agree)).toEqual([
      ['Shared 1', 9, 9],
      ['Shared 2', 7, 7],
      ['Shared 3', 8, 7],
    ]);
    // Two points or more apart: furthest first; the 1.5 apart is in neither list.
    expect(summary(body.disagree)).toEqual([
      ['Shared 4', 3, 9],
      ['Shared 5', 10, 6],
      ['Shared 6', 5, 3],
    ]);
    expect(body.agree[0].album.coverUrl).toMatch(/^\/covers\//);

    const mirrored = (await compatibility(alice.user.username, bob)).json();
    expect(mirrored).toMatchObject({ enough: true, inCommon: 7, score: 59 });
    expect(summary(mirrored.disagree)[0]).toEqual(['Shared 4', 9, 3]);
  });

  it('shows at most five albums in each list, and the score stays between 0 and 100', async () => {
    const [twin, other, opposite] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    await rateTogether(
      twin,
      other,
      Array.from({ length: 7 }, (): [number, number] => [8.5, 8.5]),
      'Twin',
    );
    const same = (await compatibility(other.user.username, twin)).json();
    expect(same).toMatchObject({ enough: true, inCommon: 7, score: 100, disagree: [] });
    expect(same.agree).toHaveLength(5);

    await rateTogether(
      twin,
      opposite,
      Array.from({ length: 6 }, (): [number, number] => [1, 10]),
      'Opposite',
    );
    const apart = (await compatibility(opposite.user.username, twin)).json();
    expect(apart).toMatchObject({ enough: true, inCommon: 6, score: 0, agree: [] });
    expect(apart.disagree).toHaveLength(5);
  });

  it('with fewer than five albums in common gives only the count', async () => {
    const [carol, dan] = await Promise.all([createUser(t), createUser(t)]);
    await rateTogether(
      carol,
      dan,
      [
        [6, 6],
        [7, 2],
        [9, 9],
        [4, 4.5],
      ],
      'Few',
    );
    expect((await compatibility(dan.user.username, carol)).json()).toEqual({ enough: false, inCommon: 4 });
    const erin = await createUser(t);
    expect((await compatibility(erin.user.username, carol)).json()).toEqual({ enough: false, inCommon: 0 });
  });

  it('is for signed-in members, about someone else who exists', async () => {
    expect((await compatibility(bob.user.username, null)).statusCode).toBe(401);
    const unknown = await compatibility('nobody-by-this-name', alice);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('User profile not found');
    expect((await compatibility('guest', alice)).statusCode).toBe(404);
    for (const self of ['me', alice.user.username]) {
      const response = await compatibility(self, alice);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('compatibility_with_yourself');
    }
    expect((await compatibility('x'.repeat(61), alice)).statusCode).toBe(400);
  });

  it('is described in the API reference with both shapes of its answer', async () => {
    const document = (await t.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const answer = document.paths['/api/users/{username}/compatibility'].get.responses['200'];
    expect(JSON.stringify(answer)).toContain('disagree');
  });
});
