import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildAlbum } from '../../../test/factories.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { PACE_PER_HOUR } from './pace.ts';

let t: TestApp;
let author: TestUser;
let reviewId: string;

beforeAll(async () => {
  t = await createTestApp();
  author = await createUser(t);
  const albumId = await buildAlbum(t.db);
  const review = await t.inject({
    method: 'POST',
    url: `/api/albums/${albumId}/reviews`,
    headers: { cookie: author.cookie },
    payload: { rating: 8, title: 'Paced', content: '<p>Long enough to publish: fifty characters and then a few more.</p>' },
  });
  expect(review.statusCode).toBe(201);
  reviewId = review.json().id;
});
afterAll(() => t.close());

const comment = (person: TestUser, body: string) =>
  t.inject({ method: 'POST', url: `/api/reviews/${reviewId}/comments`, headers: { cookie: person.cookie }, payload: { body } });

describe('the pace of costly actions', () => {
  it(`stops a person after ${PACE_PER_HOUR.comment} comments in an hour, stores nothing more, and leaves others alone`, async () => {
    const chatty = await createUser(t);
    for (let i = 0; i < PACE_PER_HOUR.comment; i++) expect((await comment(chatty, `Comment ${i}`)).statusCode).toBe(201);

    const refused = await comment(chatty, 'One too many');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe('You are doing this too often. Please try again in 60 minutes.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);

    const page = (await t.inject({ method: 'GET', url: `/api/reviews/${reviewId}/comments?limit=1` })).json();
    expect(page.total).toBe(PACE_PER_HOUR.comment);
    expect((await comment(author, 'Thanks, everyone')).statusCode).toBe(201);
  });

  it('counts each kind of action apart, and follows even when repeated', async () => {
    const eager = await createUser(t);
    const follow = () => t.inject({ method: 'PUT', url: `/api/users/${author.user.username}/follow`, headers: { cookie: eager.cookie } });
    for (let i = 0; i < PACE_PER_HOUR.follow; i++) expect((await follow()).statusCode).toBe(200);
    expect((await follow()).statusCode).toBe(429);
    expect((await comment(eager, 'Still allowed to talk')).statusCode).toBe(201);
  });
});
