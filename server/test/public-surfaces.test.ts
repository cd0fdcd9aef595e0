import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoWeek } from '../src/modules/notifications/weekly-digest.ts';
import { createTestApp } from './app.ts';
import { buildAlbum } from './factories.ts';
import { createTestAppWithMailbox, type TestAppWithMailbox } from './mailbox.ts';
import { requestsTo } from './requests.ts';
import { createUser, type TestUser } from './users.ts';

/**
 * Every place that shows members' content to people who did not ask for it — the landing page's quotes, an album's reviews,
 * search, the lists page, the sitemaps, the Weekly Digest — follows the rules of the content's
 * own page: what a profile closed to the reader holds (followers-only, private) is shown on none of them. A public
 * author's content, written the same way, shows on each, so each check can fail.
 */

let t: TestAppWithMailbox;
const { call, act } = requestsTo(() => t);

interface Author {
  person: TestUser;
  marker: string;
  reviewId: string;
  collectionId: string;
}

const authors: Record<'public' | 'followers' | 'private', Author> = {} as never;
let albumId: string;
let visitorFollower: TestUser;
let reader: TestUser;

beforeAll(async () => {
  t = await createTestAppWithMailbox();
  albumId = await buildAlbum(t.db, { title: 'Surfaces Album', artist: 'Surfaces Artist' });
  // A follower from before the profiles closed (a follow of a public profile needs no approval), who also likes
  // every review so that each is among the landing page's best liked.
  [visitorFollower, reader] = await Promise.all([createUser(t), createUser(t)]);
  for (const visibility of ['public', 'followers', 'private'] as const) {
    const person = await createUser(t, { name: `Surface ${visibility}` });
    const marker = `zq${visibility}marker`;
    const review = await act('POST', `/api/albums/${albumId}/reviews`, person, {
      rating: 9,
      content: `<p>${marker}: the record opens slowly and then every side keeps giving, a patient and generous listen.</p>`,
    });
    const collection = await act('POST', '/api/collections', person, { name: `${marker} list`, isPrivate: false, albumIds: [albumId] });
    await act('PUT', `/api/users/${person.user.username}/follow`, visitorFollower);
    await act('PUT', `/api/reviews/${review.id}/like`, visitorFollower);
    await act('PUT', `/api/reviews/${review.id}/like`, reader);
    await act('PUT', '/api/me/visibility', person, { visibility });
    authors[visibility] = { person, marker, reviewId: review.id, collectionId: collection.id };
  }
}, 60_000);
afterAll(() => t.close());

/** Which of the three authors' markers a text holds. */
const shownIn = (text: string) => (['public', 'followers', 'private'] as const).filter((kind) => text.includes(authors[kind].marker));

describe('surfaces that show content to people who did not ask for it', () => {
  it('show a closed profile’s reviews and lists to neither a visitor nor a stranger', async () => {
    for (const who of [null, reader]) {
      const label = who ? 'stranger' : 'visitor';
      // Each surface, and what it should show of the three: the public author's, which proves it would show the others.
      const surfaces: [string, string[]][] = [
        ['/api/site/landing', ['public']],
        [`/api/albums/${albumId}/reviews`, ['public']],
        ['/api/collections?sort=popular', ['public']],
        ['/api/collections?sort=recent', ['public']],
        ...(['public', 'followers', 'private'] as const).map((kind): [string, string[]] => [
          `/api/search?q=${authors[kind].marker}&type=collections`,
          kind === 'public' ? ['public'] : [],
        ]),
      ];
      for (const [url, expected] of surfaces) {
        const answer = await call('GET', url, who);
        expect(answer.statusCode, `${label} ${url}`).toBe(200);
        // What was found, not the words searched for, which the answer repeats.
        const { q: _searched, ...shown } = answer.json() as { q?: string };
        expect(shownIn(JSON.stringify(shown)), `${label} ${url}`).toEqual(expected);
      }
      for (const kind of ['followers', 'private'] as const) {
        expect((await call('GET', `/api/reviews/${authors[kind].reviewId}`, who)).statusCode, `${label} ${kind} review`).toBe(404);
      }
    }
  });

  it('leave a closed profile’s reviews and lists out of the sitemaps', async () => {
    const listed = async (id: string) => (await t.inject(`/sitemaps/community-${id.slice(0, 2)}.xml`)).body;
    for (const kind of ['public', 'followers', 'private'] as const) {
      const { reviewId, collectionId } = authors[kind];
      const expected = kind === 'public';
      expect((await listed(reviewId)).includes(`/review/${reviewId}<`), `${kind} review`).toBe(expected);
      expect((await listed(collectionId)).includes(`/lists/${collectionId}<`), `${kind} list`).toBe(expected);
    }
  });

  it('quote in the Weekly Digest only the reviews its reader may open: a followers-only one for a follower, never a private one', async () => {
    // The follow of the followers-only profile stands (it was made while public); the private profile's is no view.
    const later = await createTestApp({
      sameDatabaseAs: t,
      clock: () => new Date(Date.now() + 7 * 24 * 3600_000),
      env: { SMTP_URL: t.mailbox.url, PUBLIC_URL: 'http://hearsay.test' },
    });
    try {
      expect(await later.app.weeklyDigest()).toMatchObject({ week: isoWeek(new Date()).week });
      const digest = await t.mailbox.next(visitorFollower.user.email);
      expect(digest.text).toContain('Surface public reviewed Surfaces Album');
      expect(digest.text).toContain('Surface followers reviewed Surfaces Album');
      expect(digest.text).not.toContain('Surface private reviewed');
    } finally {
      await later.close();
    }
  });
});
