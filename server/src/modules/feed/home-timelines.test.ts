import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { manualClock } from '../../../test/clock.ts';
import { buildAlbum } from '../../../test/factories.ts';
import { createUser, deleteAccount, type TestUser } from '../../../test/users.ts';
import { actSettled, describeFeedItem, feedPage, wholeFeed as wholeFeedOf } from '../../../test/feed.ts';
import { TIMELINE_FAN_OUT_JOB, TIMELINE_REBUILD_JOB } from './home-timelines.ts';

// Home timelines written when things happen (decision 087), through the real server and its job thread: a small
// timeline (30 entries, a page) and fan-outs of two followers a step, so the cap and the batches show with a few people.

const OPERATOR = 'operator@timelines.example';
const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
const clock = manualClock();
const albums: string[] = [];
let operator: TestUser;

beforeAll(async () => {
  t = await createTestApp({
    clock: clock.now,
    // Jobs on the server's thread, so they keep the test's clock (who is away is a matter of days).
    env: { TIMELINE_SIZE: '30', TIMELINE_FAN_OUT_BATCH: '2', TIMELINE_ACTIVE_DAYS: '30', ADMIN_EMAILS: OPERATOR, JOB_THREAD: 'false' },
  });
  for (let i = 0; i < 30; i++) albums.push(await buildAlbum(t.db, { title: `Timeline Album ${i}` }));
  operator = await createUser(t, { email: OPERATOR });
});
afterAll(() => t.close());

const send = (app: TestApp, user: TestUser, method: Parameters<typeof actSettled>[3], url: string, payload?: object) =>
  actSettled(app, clock, user, method, url, payload);

const follow = (who: TestUser, whom: TestUser) => send(t, who, 'PUT', `/api/users/${whom.user.username}/follow`);
const unfollow = (who: TestUser, whom: TestUser) => send(t, who, 'DELETE', `/api/users/${whom.user.username}/follow`);
const rate = (who: TestUser, album: number, rating: number, app = t) =>
  send(app, who, 'PUT', `/api/albums/${albums[album]}/rating`, { rating });
const REVIEW_TEXT = '<p>A record that rewards patience: every listen opens another door into the songs.</p>';
const review = async (who: TestUser, album: number, title: string) =>
  (await send(t, who, 'POST', `/api/albums/${albums[album]}/reviews`, { rating: 8, title, content: REVIEW_TEXT })).json<{ id: string }>()
    .id;

const page = (who: TestUser, cursor?: string, app = t) => feedPage(app, who, cursor);

/** Every page of the feed, each item described in a line. */
const wholeFeed = async (who: TestUser, app = t) => (await wholeFeedOf(app, who)).map(describeFeedItem);

/** A member who has read their feed, so their timeline is kept (and was built by the job their first read queued). */
async function activeReader(name: string, app = t): Promise<TestUser> {
  const reader = await createUser(app, { name });
  await page(reader, undefined, app);
  await app.app.timelinesSettled();
  return reader;
}

const timelineOf = (who: TestUser, app = t) =>
  app.db
    .selectFrom('home_timeline')
    .select(['entry_id', 'source', 'actor_id'])
    .where('viewer_id', '=', who.user.id)
    .orderBy('created_at', 'desc')
    .orderBy('entry_id', 'desc')
    .execute();

const stateOf = (who: TestUser, app = t) =>
  app.db.selectFrom('home_timeline_reader').selectAll().where('viewer_id', '=', who.user.id).executeTakeFirstOrThrow();

/**
 * The feed as the pull-based skeleton gives it, for comparing: the reader's timeline is marked as being rebuilt (with
 * no rebuild queued) while it is read, and then as it was.
 */
async function pulledFeed(who: TestUser): Promise<string[]> {
  const before = await stateOf(who);
  const stamp = clock.now().toISOString();
  await t.db.updateTable('home_timeline_reader').set({ built_at: null, active_at: stamp }).where('viewer_id', '=', who.user.id).execute();
  try {
    return await wholeFeed(who);
  } finally {
    await t.db
      .updateTable('home_timeline_reader')
      .set({ built_at: before.built_at, active_at: stamp })
      .where('viewer_id', '=', who.user.id)
      .execute();
  }
}

describe('home timelines', () => {
  let ana: TestUser;
  let bo: TestUser;

  beforeAll(async () => {
    [ana, bo] = await Promise.all([createUser(t, { name: 'Ana' }), createUser(t, { name: 'Bo' })]);
  });

  it('are written when a followed person rates, reviews, lists, listens or follows, and the feed is read from them', async () => {
    const reader = await activeReader('Reader');
    await follow(reader, ana);
    await follow(reader, bo);
    expect(await timelineOf(reader)).toEqual([]);

    await rate(ana, 0, 7);
    await review(bo, 1, 'Worth the wait');
    const listId = (
      await send(t, ana, 'POST', '/api/collections', { name: 'Night drives', isPrivate: false, albumIds: [albums[2]] })
    ).json<{
      id: string;
    }>().id;
    await send(t, ana, 'POST', `/api/collections/${listId}/albums`, { albumId: albums[3] });
    await send(t, bo, 'POST', '/api/me/journal', { albumId: albums[4], rating: 9 });
    const carol = await createUser(t, { name: 'Carol' });
    await follow(bo, carol);

    const entries = await timelineOf(reader);
    expect(new Set(entries.map((entry) => entry.source))).toEqual(new Set(['activity', 'rating']));
    expect(new Set(entries.map((entry) => entry.actor_id))).toEqual(new Set([ana.user.id, bo.user.id]));
    expect(entries.length).toBeGreaterThanOrEqual(6);
    const shown = [
      'Bo followed Carol',
      'Bo listened to Timeline Album 4',
      'Ana added Timeline Album 3 to Night drives',
      'Ana made Night drives',
      'Bo reviewed Timeline Album 1: Worth the wait',
      'Ana rated Timeline Album 0=7',
    ];
    expect(await wholeFeed(reader)).toEqual(shown);
    expect(await pulledFeed(reader)).toEqual(shown);
    // Nobody else's timeline was written: Carol follows no one.
    expect(await timelineOf(carol)).toEqual([]);
  });

  it('bring a followee’s recent entries in on a follow, and leave them out at once on an unfollow', async () => {
    const reader = await activeReader('Follower');
    const dee = await createUser(t, { name: 'Dee' });
    await rate(dee, 5, 6);
    await rate(dee, 6, 8);
    expect(await timelineOf(reader)).toEqual([]);

    await follow(reader, dee);
    expect((await timelineOf(reader)).map((entry) => entry.actor_id)).toEqual([dee.user.id, dee.user.id]);
    expect(await wholeFeed(reader)).toEqual(['Dee rated Timeline Album 6=8, Timeline Album 5=6']);

    await unfollow(reader, dee);
    expect(await wholeFeed(reader)).toEqual([]);
    expect(await pulledFeed(reader)).toEqual([]);
  });

  it('keep the newest entries up to the cap, trimmed oldest first, and page on past them from the activity', async () => {
    const reader = await activeReader('Deep reader');
    const [eve, fay] = await Promise.all([createUser(t, { name: 'Eve' }), createUser(t, { name: 'Fay' })]);
    await follow(reader, eve);
    await follow(reader, fay);
    // Alternating, so each rating is an item of its own: 40 entries, past the cap of 30 and its tenth.
    for (let i = 0; i < 20; i++) {
      await rate(eve, i, 5);
      await rate(fay, i, 6);
    }
    const entries = await timelineOf(reader);
    expect(entries.length).toBeGreaterThanOrEqual(30);
    expect(entries.length).toBeLessThanOrEqual(33);
    expect(entries[0]!.actor_id).toBe(fay.user.id);
    expect((await stateOf(reader)).horizon_at).not.toBeNull();

    // The first page is the timeline's, the second the activity's past it.
    const first = await page(reader);
    expect(first.items).toHaveLength(30);
    const feed = await wholeFeed(reader);
    expect(feed).toHaveLength(40);
    expect(feed.slice(0, 2)).toEqual(['Fay rated Timeline Album 19=6', 'Eve rated Timeline Album 19=5']);
    expect(feed.slice(-2)).toEqual(['Fay rated Timeline Album 0=6', 'Eve rated Timeline Album 0=5']);
    expect(await pulledFeed(reader)).toEqual(feed);
  });

  it('reach a person followed by many in batches, resuming from the follower where the last step stopped', async () => {
    const star = await createUser(t, { name: 'Star' });
    const fans: TestUser[] = [];
    for (let i = 0; i < 5; i++) {
      const fan = await activeReader(`Fan ${i}`);
      await follow(fan, star);
      fans.push(fan);
    }
    await rate(star, 7, 9);
    for (const fan of fans) {
      expect((await timelineOf(fan)).map((entry) => entry.actor_id)).toEqual([star.user.id]);
      expect(await wholeFeed(fan)).toEqual(['Star rated Timeline Album 7=9']);
    }
    // The fan-out's cursor, kept with its job, ends at the last follower in id order: three steps of two.
    const jobs = await t.db.selectFrom('job').select(['cursor', 'state']).where('kind', '=', TIMELINE_FAN_OUT_JOB).execute();
    const starJobs = jobs.filter((job) => JSON.parse(job.cursor).entry?.actorId === star.user.id);
    expect(starJobs.length).toBeGreaterThan(0);
    const last = fans
      .map((fan) => fan.user.id)
      .sort()
      .at(-1);
    expect(starJobs.map((job) => ({ state: job.state, after: JSON.parse(job.cursor).after }))).toContainEqual({
      state: 'done',
      after: last,
    });
  });

  it('give the same feed rebuilt from the activity as the fan-out wrote', async () => {
    const reader = await activeReader('Rebuilt');
    await follow(reader, ana);
    await follow(reader, bo);
    await rate(ana, 8, 4);
    await review(ana, 9, 'Late bloomer');
    await rate(bo, 9, 7);
    await rate(ana, 8, 6);
    const written = await wholeFeed(reader);
    // A changed rating is news again: it moves to the top.
    expect(written[0]).toBe('Ana rated Timeline Album 8=6');
    expect(written).toContain('Bo rated Timeline Album 9=7');
    expect(written).not.toContain('Ana rated Timeline Album 8=4');

    await t.db.deleteFrom('home_timeline').where('viewer_id', '=', reader.user.id).execute();
    await t.db
      .updateTable('home_timeline_reader')
      .set({ active_at: new Date(clock.now().getTime() - 40 * DAY).toISOString() })
      .where('viewer_id', '=', reader.user.id)
      .execute();
    // Away: the skeleton answers while the rebuild runs, with the same feed.
    expect(await wholeFeed(reader)).toEqual(written);
    await t.app.timelinesSettled();
    expect((await stateOf(reader)).built_at).not.toBeNull();
    expect((await timelineOf(reader)).length).toBeGreaterThan(0);
    expect(await wholeFeed(reader)).toEqual(written);
  });

  it('survive a restart: a new server over the same database reads them without rebuilding, and writes on', async () => {
    const reader = await activeReader('Steady');
    const hal = await createUser(t, { name: 'Hal' });
    await follow(reader, hal);
    await rate(hal, 10, 5);
    const before = await wholeFeed(reader);
    expect(before).toEqual(['Hal rated Timeline Album 10=5']);
    const entries = await timelineOf(reader);

    const restarted = await createTestApp({
      sameDatabaseAs: t,
      clock: clock.now,
      env: { TIMELINE_SIZE: '30', TIMELINE_FAN_OUT_BATCH: '2', ADMIN_EMAILS: OPERATOR, JOB_THREAD: 'false' },
    });
    try {
      const rebuilds = () =>
        restarted.db.selectFrom('job').select('id').where('kind', '=', TIMELINE_REBUILD_JOB).where('owner', '=', reader.user.id).execute();
      const queuedBefore = (await rebuilds()).length;
      expect(await wholeFeed(reader, restarted)).toEqual(before);
      expect(await rebuilds()).toHaveLength(queuedBefore);
      await rate(hal, 11, 8, restarted);
      expect((await timelineOf(reader, restarted)).length).toBe(entries.length + 1);
      expect(await wholeFeed(reader, restarted)).toEqual(['Hal rated Timeline Album 11=8, Timeline Album 10=5']);
    } finally {
      await restarted.close();
    }
  });

  it('skip followers away longer than the active days, and rebuild their timeline when they come back', async () => {
    const away = await activeReader('Away');
    const gus = await createUser(t, { name: 'Gus' });
    await follow(away, gus);
    await rate(gus, 12, 3);
    clock.advance(31 * DAY);
    const present = await activeReader('Present');
    await follow(present, gus);
    await review(gus, 13, 'Back again');

    // Written for the one who reads (the review, its rating, and the rating the follow brought), not for the one away.
    expect(await timelineOf(present)).toHaveLength(3);
    expect((await timelineOf(away)).map((entry) => entry.source)).toEqual(['rating']);

    const expected = ['Gus reviewed Timeline Album 13: Back again', 'Gus rated Timeline Album 12=3'];
    // Read from the activity while the rebuild its return queued runs, then from the rebuilt timeline.
    expect(await wholeFeed(away)).toEqual(expected);
    await t.app.timelinesSettled();
    expect((await stateOf(away)).built_at).not.toBeNull();
    expect(await timelineOf(away)).toHaveLength(3);
    expect(await wholeFeed(away)).toEqual(expected);
  });
});

describe('what home timelines hold is shown by the rules as they stand when it is read', () => {
  /** A reader whose timeline holds a rating and a review by someone they follow, both shown. */
  async function shownPair(name: string) {
    const reader = await activeReader(`${name} reader`);
    const actor = await createUser(t, { name });
    await follow(reader, actor);
    await rate(actor, 20, 7);
    const reviewId = await review(actor, 21, `${name}'s review`);
    expect((await timelineOf(reader)).length).toBeGreaterThanOrEqual(2);
    const shown = [`${name} reviewed Timeline Album 21: ${name}'s review`, `${name} rated Timeline Album 20=7`];
    expect(await wholeFeed(reader)).toEqual(shown);
    return { reader, actor, reviewId };
  }

  const rules: [string, (pair: Awaited<ReturnType<typeof shownPair>>) => Promise<unknown>, string[]][] = [
    ['the reader blocks them', ({ reader, actor }) => send(t, reader, 'PUT', `/api/users/${actor.user.username}/block`), []],
    ['they block the reader', ({ reader, actor }) => send(t, actor, 'PUT', `/api/users/${reader.user.username}/block`), []],
    ['the reader mutes them', ({ reader, actor }) => send(t, reader, 'PUT', `/api/users/${actor.user.username}/mute`), []],
    ['they close their profile', ({ actor }) => send(t, actor, 'PUT', '/api/me/visibility', { visibility: 'private' }), []],
    [
      'they stop sharing their ratings',
      ({ actor }) => send(t, actor, 'PATCH', '/api/me/settings', { sharing: { ratings: false } }),
      ["Hid reviewed Timeline Album 21: Hid's review"],
    ],
    [
      'they delete their review and take back their rating',
      async ({ actor, reviewId }) => {
        await send(t, actor, 'DELETE', `/api/reviews/${reviewId}`);
        await send(t, actor, 'DELETE', `/api/albums/${albums[20]}/rating`);
      },
      // The review's rating stays, and shows once the review is gone.
      ['Hid rated Timeline Album 21=8'],
    ],
    [
      'a moderator hides their review',
      ({ reviewId }) =>
        send(t, operator, 'POST', '/api/moderation/decisions', {
          subjectType: 'review',
          subjectId: reviewId,
          action: 'hide',
          reason: 'Spam',
        }),
      ['Hid rated Timeline Album 21=8, Timeline Album 20=7'],
    ],
    ['they delete their account', ({ actor }) => deleteAccount(t, actor).then(() => t.app.timelinesSettled()), []],
  ];

  it.each(rules)('take effect at once when %s', async (_rule, apply, left) => {
    const pair = await shownPair('Hid');
    await apply(pair);
    expect(await wholeFeed(pair.reader)).toEqual(left);
    expect(await pulledFeed(pair.reader)).toEqual(left);
  });
});
