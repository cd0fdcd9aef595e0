import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildAlbum, buildAlbums } from '../../test/factories.ts';
import { countStatements } from '../../test/statements.ts';
import { requestsTo } from '../../test/requests.ts';
import { createUser, type TestUser } from '../../test/users.ts';
import { createHydrator, rules, type ConditionRule, type Rule, type SetRule } from './hydrator.ts';
import { presentPerson, presentPersonCard } from './people.presenter.ts';

/**
 * The hydration layer's one vocabulary for "may this viewer see this person's things": each rule gives the answer
 * decision 021 describes for every kind of relation, and its three forms (on a hydrated person, as a condition of a
 * statement, as the set of people it leaves out) agree for a viewer, for the viewer's own self and for a visitor.
 */

let t: TestApp;
const { act } = requestsTo(() => t);
const hydrator = () => createHydrator({ db: t.db });

/** The viewer, and one person for each relation the rules tell apart. */
let viewer: TestUser;
const people = {} as Record<
  'open' | 'followedClosed' | 'unfollowedClosed' | 'private' | 'requested' | 'blockedByViewer' | 'blockingViewer' | 'muted' | 'follower',
  TestUser
>;

const username = (person: TestUser) => person.user.username;

beforeAll(async () => {
  t = await createTestApp();
  viewer = await createUser(t, { name: 'Viewer Person' });
  for (const key of Object.keys({
    open: 0,
    followedClosed: 0,
    unfollowedClosed: 0,
    private: 0,
    requested: 0,
    blockedByViewer: 0,
    blockingViewer: 0,
    muted: 0,
    follower: 0,
  }) as (keyof typeof people)[]) {
    people[key] = await createUser(t, { name: `Person ${key}` });
  }
  // Follows of public profiles need no approval: made before the profiles close.
  for (const key of ['followedClosed', 'private', 'muted'] as const) await act('PUT', `/api/users/${username(people[key])}/follow`, viewer);
  await act('PUT', `/api/users/${username(viewer)}/follow`, people.follower);
  for (const key of ['followedClosed', 'unfollowedClosed', 'requested'] as const) {
    await act('PUT', '/api/me/visibility', people[key], { visibility: 'followers' });
  }
  await act('PUT', '/api/me/visibility', people.private, { visibility: 'private' });
  await act('PUT', `/api/users/${username(people.requested)}/follow`, viewer);
  await act('PUT', `/api/users/${username(people.blockedByViewer)}/block`, viewer);
  await act('PUT', `/api/users/${username(viewer)}/block`, people.blockingViewer);
  await act('PUT', `/api/users/${username(people.muted)}/mute`, viewer);
}, 60_000);
afterAll(() => t.close());

const everyone = () => [viewer, ...Object.values(people)];
const ids = () => everyone().map((person) => person.user.id);
const nameOf = (id: string) => everyone().find((person) => person.user.id === id)!.user.name;

/** Who passes `rule` for `viewerId`, each form on its own, by name. */
async function passing(rule: Rule, viewerId: string | undefined) {
  const h = hydrator();
  const hydrated = await h.people(ids(), viewerId);
  const inMemory = [...hydrated.values()].filter(rules[rule]).map((person) => person.name);
  const byCondition =
    rule === 'profileOpen'
      ? undefined
      : (
          await t.db
            .selectFrom('user')
            .select('user.id')
            .where('user.id', 'in', ids())
            .where(h.where[rule as ConditionRule](viewerId, 'user.id'))
            .execute()
        ).map((row) => nameOf(row.id));
  const left = rule in h.excluded ? await h.excluded[rule as SetRule](viewerId) : undefined;
  const bySet =
    left &&
    ids()
      .filter((id) => !left.has(id))
      .map(nameOf);
  return { inMemory: inMemory.sort(), byCondition: byCondition?.sort(), bySet: bySet?.sort() };
}

const names = (...keys: (keyof typeof people | 'viewer')[]) =>
  keys.map((key) => (key === 'viewer' ? viewer.user.name : people[key].user.name)).sort();

describe('the visibility rules', () => {
  it('give a viewer the answers of decision 021 for every relation, in each of their forms', async () => {
    const expected: Record<Rule, string[]> = {
      reachable: names('viewer', 'open', 'followedClosed', 'unfollowedClosed', 'private', 'requested', 'muted', 'follower'),
      profileOpen: names('viewer', 'open', 'followedClosed', 'blockedByViewer', 'blockingViewer', 'muted', 'follower'),
      canSee: names('viewer', 'open', 'followedClosed', 'muted', 'follower'),
      listable: names('viewer', 'open', 'followedClosed', 'unfollowedClosed', 'requested', 'muted', 'follower'),
      activityShown: names('viewer', 'open', 'followedClosed', 'follower'),
    };
    for (const rule of Object.keys(rules) as Rule[]) {
      const found = await passing(rule, viewer.user.id);
      expect(found.inMemory, rule).toEqual(expected[rule]);
      if (found.byCondition) expect(found.byCondition, `${rule} as a condition`).toEqual(expected[rule]);
      if (found.bySet) expect(found.bySet, `${rule} as a set`).toEqual(expected[rule]);
    }
  });

  it('give a visitor public profiles to see and everyone but private ones to list, in each of their forms', async () => {
    const open = names('viewer', 'open', 'blockedByViewer', 'blockingViewer', 'muted', 'follower');
    const expected: Record<Rule, string[]> = {
      reachable: everyone()
        .map((person) => person.user.name)
        .sort(),
      profileOpen: open,
      canSee: open,
      listable: names(
        'viewer',
        'open',
        'followedClosed',
        'unfollowedClosed',
        'requested',
        'blockedByViewer',
        'blockingViewer',
        'muted',
        'follower',
      ),
      activityShown: open,
    };
    for (const rule of Object.keys(rules) as Rule[]) {
      const found = await passing(rule, undefined);
      expect(found.inMemory, rule).toEqual(expected[rule]);
      if (found.byCondition) expect(found.byCondition, `${rule} as a condition`).toEqual(expected[rule]);
      if (found.bySet) expect(found.bySet, `${rule} as a set`).toEqual(expected[rule]);
    }
  });

  it('let a private person see, list and follow the activity of their own self', async () => {
    const h = hydrator();
    const self = (await h.person(people.private.user.id, people.private.user.id))!;
    expect(self.viewer).toMatchObject({ self: true, following: false, blocking: false, blockedBy: false, muting: false });
    expect(Object.values(rules).map((rule) => rule(self))).toEqual(Object.values(rules).map(() => true));
    const [row] = await t.db
      .selectFrom('user')
      .select('user.id')
      .where('user.id', '=', self.id)
      .where(h.where.activityShown(self.id, 'user.id'))
      .execute();
    expect(row?.id).toBe(self.id);
  });
});

describe('hydrated people', () => {
  it('carry the viewer’s side of each, and a card says who they are and whether the viewer follows them', async () => {
    const hydrated = await hydrator().people(ids(), viewer.user.id);
    const relation = (key: keyof typeof people) => hydrated.get(people[key].user.id)!.viewer;
    expect(relation('followedClosed')).toMatchObject({ following: true, followsViewer: false, requested: false });
    expect(relation('requested')).toMatchObject({ following: false, requested: true });
    expect(relation('follower')).toMatchObject({ following: false, followsViewer: true });
    expect(relation('blockedByViewer')).toMatchObject({ blocking: true, blockedBy: false });
    expect(relation('blockingViewer')).toMatchObject({ blocking: false, blockedBy: true });
    expect(relation('muted')).toMatchObject({ following: true, muting: true });
    const muted = hydrated.get(people.muted.user.id)!;
    expect(presentPerson(muted)).toEqual({ id: muted.id, username: username(people.muted), name: 'Person muted', avatarUrl: null });
    expect(presentPersonCard(muted)).toMatchObject({ isFollowing: true, isViewer: false });
    expect(presentPersonCard(hydrated.get(viewer.user.id)!)).toMatchObject({ isFollowing: false, isViewer: true });
  });

  it('leave out an id nobody holds, and give a visitor no side at all', async () => {
    const hydrated = await hydrator().people([people.follower.user.id, 'no-such-person']);
    expect([...hydrated.keys()]).toEqual([people.follower.user.id]);
    expect(Object.values(hydrated.get(people.follower.user.id)!.viewer).every((value) => value === false)).toBe(true);
  });

  it('are found by username, and the usernames of a text are told apart from names nobody holds', async () => {
    const h = hydrator();
    expect((await h.personNamed(username(people.open), viewer.user.id))?.id).toBe(people.open.user.id);
    expect(await h.personNamed('nobody-has-this-name')).toBeUndefined();
    expect([...(await h.idsOfUsernames([username(people.open), 'nobody-has-this-name'])).entries()]).toEqual([
      [username(people.open), people.open.user.id],
    ]);
  });
});

describe('hydrated albums, reviews and lists', () => {
  const content = 'A patient record: the second side carries the first and then some more.';

  it('show a review or a list by whom the viewer may see, what a moderator hid or made private to its author alone', async () => {
    const album = await buildAlbum(t.db, { title: 'Hydrated Reviews' });
    const reviews = new Map<string, string>();
    const lists = new Map<string, string>();
    for (const person of everyone()) {
      reviews.set((await act('POST', `/api/albums/${album}/reviews`, person, { rating: 7, content })).id, person.user.name);
      lists.set((await act('POST', '/api/collections', person, { name: 'Shelf', albumIds: [album] })).id, person.user.name);
    }
    const hiddenOf = async (person: TestUser) => {
      const id = (await act('POST', `/api/albums/${await buildAlbum(t.db, { title: 'Hidden' })}/reviews`, person, { rating: 5, content }))
        .id;
      await t.db.updateTable('review').set({ hidden_reason: 'Off topic' }).where('id', '=', id).execute();
      reviews.set(id, `${person.user.name} (hidden)`);
    };
    await hiddenOf(viewer);
    await hiddenOf(people.open);
    for (const person of [viewer, people.open]) {
      const id = (await act('POST', '/api/collections', person, { name: 'Mine', albumIds: [album], isPrivate: true })).id;
      lists.set(id, `${person.user.name} (private)`);
    }
    const h = hydrator();
    const shownReviews = (await h.shownReviews([...reviews.keys()], viewer.user.id)).map(({ review }) => reviews.get(review.id)!);
    const shownLists = (await h.shownLists([...lists.keys()], viewer.user.id)).map(({ list }) => lists.get(list.id)!);
    const seen = names('viewer', 'open', 'followedClosed', 'muted', 'follower');
    expect(shownReviews.sort()).toEqual([...seen, `${viewer.user.name} (hidden)`].sort());
    expect(shownLists.sort()).toEqual([...seen, `${viewer.user.name} (private)`].sort());
    // A page whose statement judged the people already asks only what a moderator hid.
    const filtered = (await h.shownReviews([...reviews.keys()], viewer.user.id, { filtered: true })).map(({ review }) =>
      reviews.get(review.id)!,
    );
    expect(filtered.sort()).toEqual([...everyone().map((person) => person.user.name), `${viewer.user.name} (hidden)`].sort());
    const visitor = (await h.shownReviews([...reviews.keys()])).map(({ review }) => reviews.get(review.id)!);
    expect(visitor.sort()).toEqual(names('viewer', 'open', 'blockedByViewer', 'blockingViewer', 'muted', 'follower'));
  });

  it('list a pending album to whoever added it only, and show it by its link to anyone', async () => {
    const pending = await buildAlbum(t.db, { title: 'Hydrated Pending' });
    await t.db.updateTable('album').set({ status: 'pending', created_by: viewer.user.id }).where('id', '=', pending).execute();
    const h = createHydrator({ db: t.db, caches: 'off' });
    const [mine, theirs, visitors] = await Promise.all([
      h.albums([pending], viewer.user.id),
      h.albums([pending], people.open.user.id),
      h.albums([pending]),
    ]);
    expect([mine, theirs, visitors].map((found) => found.has(pending))).toEqual([true, true, true]);
    expect([mine, theirs, visitors].map((found) => h.thingRules.albumListed(found.get(pending)!))).toEqual([true, false, false]);
    // The same rule as a condition of a statement (a year in review's listens and reviews) agrees.
    const listedTo = async (viewerId: string | undefined) =>
      (
        await t.db
          .selectFrom('album')
          .select('album.id')
          .where('album.id', '=', pending)
          .where(h.thingWhere.albumListed(viewerId, 'album.id'))
          .execute()
      ).length > 0;
    expect(await Promise.all([listedTo(viewer.user.id), listedTo(people.open.user.id), listedTo(undefined)])).toEqual([true, false, false]);
  });

  it('read a page of each kind in one statement, the viewer’s side with it', async () => {
    const albums = await buildAlbums(t.db, 20, 'Hydrated Page', 'Numbat');
    await act('PUT', `/api/albums/${albums[3]}/rating`, viewer, { rating: 6 });
    const reviewIds: string[] = [];
    const listIds: string[] = [];
    for (const album of albums.slice(0, 5)) {
      reviewIds.push((await act('POST', `/api/albums/${album}/reviews`, people.open, { rating: 7, content })).id);
      listIds.push((await act('POST', '/api/collections', people.open, { name: 'Page', albumIds: [album] })).id);
    }
    await act('PUT', `/api/reviews/${reviewIds[1]}/like`, viewer);
    await act('PUT', `/api/collections/${listIds[2]}/like`, viewer);
    const h = createHydrator({ db: t.db, caches: 'off' });
    const read = <T>(work: () => Promise<T>) => countStatements(t, work);
    const albumsRead = await read(() => h.albums(albums, viewer.user.id));
    const reviewsRead = await read(() => h.reviews(reviewIds, viewer.user.id));
    const listsRead = await read(() => h.lists(listIds, viewer.user.id));
    expect([albumsRead.statements, reviewsRead.statements, listsRead.statements]).toEqual([1, 1, 1]);
    expect([...albumsRead.result.values()].map((album) => album.viewerRating).filter((rating) => rating !== null)).toEqual([6]);
    expect(reviewIds.map((id) => reviewsRead.result.get(id)!.viewer.liked)).toEqual([false, true, false, false, false]);
    expect(listIds.map((id) => listsRead.result.get(id)!.viewer.liked)).toEqual([false, false, true, false, false]);
    expect((await read(() => h.shownReviews(reviewIds, viewer.user.id))).statements).toBe(3);
  });
});
