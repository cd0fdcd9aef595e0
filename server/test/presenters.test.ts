import { AlbumCardSchema } from '@hearsay/contracts/catalog';
import { CollectionSchema, CollectionSummarySchema } from '@hearsay/contracts/collections';
import { FeedCollectionSchema, FeedReviewSchema } from '@hearsay/contracts/feed';
import { PersonCardSchema } from '@hearsay/contracts/profiles';
import { ReviewAuthorSchema, ReviewSchema } from '@hearsay/contracts/reviews';
import { CollectionCardSchema, UserCardSchema } from '@hearsay/contracts/search';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { wasPresented } from '../src/hydration/presented.ts';
import { createListensService } from '../src/modules/listens/listens.service.ts';
import { createTestApp, type TestApp } from './app.ts';
import { declaredEndpoints } from './declarations.ts';
import { buildAlbum } from './factories.ts';
import { requestsTo } from './requests.ts';
import { createUser, type TestUser } from './users.ts';

/**
 * No route answers a card of a person, an album, a review or a list that did not pass its presenter (decision 063).
 * Presenters remember what they make (hydration/presented.ts); a hook of this test's server walks every answer before
 * it is written and notes each object shaped like a card (exactly the keys of one of the contracts' cards) that no
 * presenter made. Every route whose contract answers such a card is driven through the HTTP API with real data, as a
 * visitor and as members; the test fails on a card built inline, and on a route that answers cards but is not driven.
 */

/** The cards, by the keys that make the shape: each is made by one presenter of hydration/. */
const CARDS: Record<string, z.ZodObject> = {
  'person (FeedPerson, ReviewAuthor, …)': ReviewAuthorSchema,
  PersonCard: PersonCardSchema,
  UserCard: UserCardSchema,
  AlbumCard: AlbumCardSchema,
  Review: ReviewSchema,
  FeedReview: FeedReviewSchema,
  CollectionCard: CollectionCardSchema,
  CollectionSummary: CollectionSummarySchema,
  Collection: CollectionSchema,
  FeedCollection: FeedCollectionSchema,
};
const keysOf = (keys: readonly string[]) => [...keys].sort().join(',');
/** A card is known by all its keys, and by its required ones alone (an answer leaves an optional key out). */
const CARD_BY_KEYS = new Map(
  Object.entries(CARDS).flatMap(([card, schema]) => {
    const required = Object.keys(schema.shape).filter((key) => !(schema.shape[key] as z.ZodType).safeParse(undefined).success);
    return [
      [keysOf(Object.keys(schema.shape)), card],
      [keysOf(required), card],
    ] as const;
  }),
);

/** `path: card` for every card-shaped object under `value` that no presenter made; `seen` gathers the cards met. */
function unpresentedCards(value: unknown, path: string, seen: Set<string>): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => unpresentedCards(item, `${path}[${index}]`, seen));
  if (!value || typeof value !== 'object') return [];
  const card = CARD_BY_KEYS.get(keysOf(Object.keys(value)));
  if (card) seen.add(card);
  const own = card && !wasPresented(value) ? [`${path}: ${card}`] : [];
  return [...own, ...Object.entries(value).flatMap(([key, item]) => unpresentedCards(item, `${path}.${key}`, seen))];
}

/** The cards a response schema can hold, from its JSON Schema (each object's properties, matched by their keys). */
function cardsInSchema(schema: z.ZodType): Set<string> {
  const found = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    const properties = (node as { properties?: object }).properties;
    const card = properties && CARD_BY_KEYS.get(keysOf(Object.keys(properties)));
    if (card) found.add(card);
    Object.values(node).forEach(walk);
  };
  walk(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }));
  return found;
}

/** Routes answering cards that this test cannot drive, each with why. */
const NOT_DRIVEN: Record<string, string> = {
  'POST /api/musicbrainz/release-groups/:mbid':
    'MusicBrainz is off in tests; its card is the one POST /api/albums answers (presentAlbumCards)',
  'GET /api/federation/people/:personId':
    'needs a person of another site, which only the two-site test makes; its posts are presented by the one presentPosts that GET /api/albums/:albumId/remote-reviews answers through (presentAlbumCards)',
};

let t: TestApp;
/** What the hook found: unpresented cards by request, routes answered with success, and the cards met. */
const unpresented: string[] = [];
const answered = new Set<string>();
const seen = new Set<string>();
const { call, act } = requestsTo(() => t);

let ana: TestUser;
let ben: TestUser;
let cy: TestUser;
let dee: TestUser;
let eve: TestUser;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({
    env: { CHART_MIN_RATINGS: '1' },
    routes: (app) =>
      app.addHook('preSerialization', async (request, reply, payload) => {
        const route = `${request.method} ${request.routeOptions.url}`;
        if (reply.statusCode < 300) answered.add(route);
        unpresented.push(...unpresentedCards(payload, `${request.method} ${request.url}`, seen));
        return payload;
      }),
  });
  [ana, ben, cy, dee, eve] = [await createUser(t), await createUser(t), await createUser(t), await createUser(t), await createUser(t)];
  const albums = [];
  for (const title of ['Presented Morning', 'Presented Noon', 'Presented Evening']) {
    albums.push(
      await buildAlbum(t.db, { title, artist: 'The Presenters', releaseDate: '2001', tracks: [{ position: 1, title: `${title} Song` }] }),
    );
  }
  const [morning, noon, evening] = albums as [string, string, string];
  ids.album = morning;
  ids.artist = (await act('GET', `/api/albums/${morning}`, ana)).artists[0].id;

  // Ana and Ben follow each other; Cy's profile is for followers, and Ben asked to follow; Ana mutes Dee, blocks Eve.
  await act('PUT', `/api/users/${ben.user.username}/follow`, ana);
  await act('PUT', `/api/users/${ana.user.username}/follow`, ben);
  await act('PUT', '/api/me/visibility', cy, { visibility: 'followers' });
  await act('PUT', `/api/users/${cy.user.username}/follow`, ben);
  await act('PUT', `/api/users/${dee.user.username}/mute`, ana);
  await act('PUT', `/api/users/${eve.user.username}/block`, ana);

  const content = 'A patient record: the second side carries the first and then some more, and the third returns.';
  for (const [person, album, rating] of [
    [ana, morning, 8],
    [ana, noon, 7],
    [ana, evening, 9],
    [ben, morning, 8],
    [ben, noon, 6],
    [ben, evening, 9],
    [dee, noon, 5],
  ] as const) {
    await act('PUT', `/api/albums/${album}/rating`, person, { rating });
  }
  const [morningSong] = (await act('GET', `/api/albums/${morning}`, ana)).tracks;
  await act('PUT', `/api/albums/${morning}/tracks/${morningSong.id}/rating`, ana, { rating: 9 });
  ids.review = (await act('POST', `/api/albums/${morning}/reviews`, ana, { rating: 8, content })).id;
  await act('PUT', `/api/reviews/${ids.review}`, ana, { rating: 8.5, content: `${content} Edited.` });
  await act('POST', `/api/albums/${noon}/reviews`, ben, { rating: 6, content });
  await act('PUT', `/api/reviews/${ids.review}/like`, ben);
  ids.comment = (await act('POST', `/api/reviews/${ids.review}/comments`, ben, { body: `Agreed, @${ana.user.username}.` })).id;
  await act('PUT', `/api/comments/${ids.comment}`, ben, { body: 'Agreed, side two.' });

  const list = await act('POST', '/api/collections', ana, { name: 'Presented shelf', albumIds: [morning, noon] });
  ids.collection = list.id;
  await act('PATCH', `/api/collections/${list.id}`, ana, { description: 'Mornings and noons' });
  await act('POST', `/api/collections/${list.id}/albums`, ana, { albumId: evening });
  await act('PUT', `/api/collections/${list.id}/albums/${evening}/note`, ana, { note: 'Last light' });
  await act('PUT', `/api/collections/${list.id}/order`, ana, { albumIds: [evening, morning, noon] });
  await act('DELETE', `/api/collections/${list.id}/albums/${noon}`, ana);
  await act('PUT', `/api/collections/${list.id}/like`, ben);

  await act('PUT', `/api/albums/${evening}/like`, ana);
  await act('PUT', `/api/albums/${evening}/listen-later`, ana);
  await act('PUT', `/api/albums/${evening}/ownership`, ana, { status: 'owned', mediaType: 'CD' });
  await act('PUT', '/api/me/favourite-albums', ana, { albumIds: [evening, morning] });
  const entry = await act('POST', '/api/me/journal', ana, { albumId: noon });
  await act('PATCH', `/api/me/journal/${entry.id}`, ana, { note: 'Twice through' });
  ids.conversation = (await act('POST', '/api/conversations', ana, { username: ben.user.username })).id;
  // A track Ana played, matched to its album (the matching job's part, done here directly).
  const played = { listenedAt: Math.floor(Date.now() / 1000) - 60, trackName: 'Presented Track', artistName: 'The Presenters' };
  await createListensService({ db: t.db, clock: () => new Date() }).record(
    ana.user.id,
    [
      {
        ...played,
        releaseName: 'Presented Noon',
        durationMs: null,
        recordingMbid: null,
        releaseMbid: null,
        releaseGroupMbid: null,
        artistMbids: null,
        additionalInfo: null,
      },
    ],
    { origin: 'api', client: null },
  );
  await t.db.updateTable('listen').set({ album_id: noon, match_state: 'matched' }).where('user_id', '=', ana.user.id).execute();
  const byHand = await act('POST', '/api/albums', ana, { title: 'Presented By Hand', artist: 'The Presenters', releaseType: 'album' });
  // A listen of it already matched (as the listens module's matching would), so "Played, not rated yet" lists it.
  await t.db
    .insertInto('listen')
    .values({
      id: 'presented-listen',
      user_id: ana.user.id,
      listened_at: Math.floor(Date.now() / 1000) - 60,
      track_name: 'Presented Opening',
      artist_name: 'The Presenters',
      origin: 'api',
      album_id: byHand.id,
      match_state: 'matched',
      created_at: new Date().toISOString(),
    })
    .execute();
}, 120_000);
afterAll(() => t.close());

/** Every GET of a card, with what fills its path; each is asked by a visitor and by the members named. */
function reads(): string[] {
  const year = new Date().getUTCFullYear();
  const [a, c] = [ana.user.username, cy.user.username];
  return [
    '/api/albums?sort=recent',
    `/api/artists/${ids.artist}`,
    '/api/discover',
    '/api/discover?tab=recent',
    '/api/charts?period=all',
    '/api/genres/rock',
    '/api/descriptors/melancholic',
    '/api/site/landing',
    '/api/collections',
    '/api/collections?sort=recent',
    `/api/collections/${ids.collection}`,
    '/api/me/collections',
    '/api/feed',
    '/api/feed/sidebar',
    '/api/search?q=presented',
    '/api/search?q=presented&type=albums',
    '/api/search?q=presented&type=collections',
    `/api/search?q=${a}&type=users`,
    '/api/search/suggestions?q=presented',
    '/api/me/ratings',
    '/api/me/favorites',
    '/api/me/listen-later',
    '/api/me/owned',
    '/api/me/journal',
    '/api/me/listens',
    '/api/me/played-not-rated',
    '/api/me/reviews',
    '/api/me/liked-reviews',
    '/api/me/muted',
    '/api/me/blocked',
    '/api/me/follow-requests',
    '/api/notifications',
    '/api/conversations',
    `/api/conversations/${ids.conversation}`,
    `/api/users/${a}/year/${year}`,
    `/api/users/${a}/listening-stats?period=year`,
    `/api/users/${a}/followers`,
    `/api/users/${a}/following`,
    `/api/users/${a}/ratings`,
    `/api/users/${a}/top-tracks`,
    `/api/users/${a}/collections`,
    `/api/users/${a}/compatibility`,
    `/api/users/${a}/favourite-albums`,
    `/api/users/${c}/followers`,
    `/api/albums/${ids.album}/reviews`,
    `/api/albums/${ids.album}/reviews?sort=popular`,
    // Federation is off here: it answers an empty page.
    `/api/albums/${ids.album}/remote-reviews`,
    `/api/albums/${ids.album}/reviews/mine`,
    // Ana's list holds it, and Ben follows Ana, who rated it.
    `/api/albums/${ids.album}/circle`,
    `/api/albums/${ids.album}/lists`,
    `/api/reviews/${ids.review}`,
    `/api/reviews/${ids.review}/comments`,
    // A shared link's words name the album (MusicBrainz is off here).
    `/api/links/resolve?text=${encodeURIComponent('Presented Morning by The Presenters')}`,
  ];
}

describe('cards in answers', () => {
  it('are all made by a presenter, on every route that answers one, for a visitor and for members', async () => {
    for (const url of reads()) {
      for (const person of [null, ana, ben, cy]) await call('GET', url, person);
    }
    expect(unpresented, 'a card built outside hydration/*.presenter.ts: hydrate the thing and present it').toEqual([]);

    const routesWithCards = [...(await declaredEndpoints())]
      .filter(([, endpoint]) =>
        Object.entries(endpoint.responses).some(([status, schema]) => Number(status) < 300 && cardsInSchema(schema).size > 0),
      )
      .map(([route]) => route);
    expect(
      routesWithCards.filter((route) => !answered.has(route) && !(route in NOT_DRIVEN)),
      'routes that answer cards and were not answered here: drive them in this test',
    ).toEqual([]);
    expect(Object.keys(NOT_DRIVEN).filter((route) => !routesWithCards.includes(route))).toEqual([]);
    // Every kind of card was met, so the walk looked where cards are.
    expect([...seen].sort()).toEqual(Object.keys(CARDS).sort());
  }, 120_000);

  it('finds a card that did not pass a presenter, however deep, and only that one', async () => {
    const person = { id: 'p', username: 'p', name: 'P', avatarUrl: null };
    const found = unpresentedCards({ items: [{ author: person }, { author: { ...person, bio: '' } }] }, 'answer', new Set());
    expect(found).toEqual(['answer.items[0].author: person (FeedPerson, ReviewAuthor, …)']);
    const review = (await call('GET', `/api/reviews/${ids.review}`, null)).json();
    // The same shape, parsed from JSON: no presenter made these objects.
    expect(unpresentedCards(review, 'review', new Set()).sort()).toEqual([
      'review.album: AlbumCard',
      'review.author: person (FeedPerson, ReviewAuthor, …)',
      'review: Review',
    ]);
  });
});
