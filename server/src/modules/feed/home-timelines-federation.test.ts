import type { FeedPage } from '@hearsay/contracts/feed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { insertQueuedJob } from '../../platform/jobs/runner.ts';
import { FEDERATION_INBOX_JOB } from '../federation/federation.service.ts';

// A post another site sends enters the home timelines of the members following its author when the inbox stores it
// (decision 087), so the feed reads it from there instead of joining the other sites' posts in as it pages. The
// inbox job is the real one, handed the activity as the inbox hands it once its signature is checked.

const AUTHOR = 'https://mastodon.example/users/juno';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { FEDERATION: 'on', FEDERATION_ALLOW_PRIVATE: 'true', PUBLIC_URL: 'http://127.0.0.1:9' } });
  const now = new Date().toISOString();
  await t.db
    .insertInto('remote_actor')
    .values({
      id: 'juno',
      uri: AUTHOR,
      host: 'mastodon.example',
      username: 'juno',
      handle_key: 'juno@mastodon.example',
      name: 'Juno',
      inbox: `${AUTHOR}/inbox`,
      created_at: now,
      updated_at: now,
    })
    .execute();
});
afterAll(() => t.close());

async function feed(who: TestUser): Promise<FeedPage> {
  const response = await t.inject({ url: '/api/feed', headers: { cookie: who.cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<FeedPage>();
}

async function followJuno(who: TestUser, state: 'pending' | 'accepted' = 'accepted') {
  const now = new Date().toISOString();
  await t.db
    .insertInto('remote_follow')
    .values({
      local_user_id: who.user.id,
      remote_actor_id: 'juno',
      direction: 'out',
      state,
      follow_uri: `http://127.0.0.1:9/follows/${who.user.id}`,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/** Juno's server sends an activity, its signature checked. */
const junoSends = (activity: object) =>
  insertQueuedJob(t.db, new Date().toISOString(), {
    kind: FEDERATION_INBOX_JOB,
    owner: null,
    topic: 'mastodon.example',
    cursor: { actorUri: AUTHOR, activity },
  });

/** Juno's server sends a rating of an album. */
async function junoRates(n: number, rating: number) {
  const note = `${AUTHOR}/statuses/${n}`;
  await junoSends({
    '@context': 'https://www.w3.org/ns/activitystreams',
    id: `${note}/activity`,
    type: 'Create',
    actor: AUTHOR,
    object: {
      id: note,
      type: 'Note',
      attributedTo: AUTHOR,
      content: `<p>Spin ${n}</p>`,
      published: new Date().toISOString(),
      tag: [{ type: 'Album', name: `Remote Album ${n}`, artist: 'The Far Ones' }],
      relatedWith: [{ type: 'Rating', value: rating, best: 10, worst: 1 }],
    },
  });
}

const remoteEntriesOf = (who: TestUser) =>
  t.db
    .selectFrom('home_timeline')
    .select(['entry_id', 'actor_id'])
    .where('viewer_id', '=', who.user.id)
    .where('source', '=', 'remote')
    .execute();

async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    await t.app.timelinesSettled();
    const value = await read();
    if (check(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('posts of other sites in home timelines', () => {
  it('enter the timelines of the members following their author when the inbox stores them, and the feed shows them', async () => {
    const [reader, other] = await Promise.all([createUser(t, { name: 'Reader' }), createUser(t, { name: 'Other' })]);
    for (const member of [reader, other]) {
      await feed(member);
      await t.app.timelinesSettled();
    }
    await followJuno(reader);

    await junoRates(1, 8);
    const entries = await eventually(
      () => remoteEntriesOf(reader),
      (rows) => rows.length === 1,
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]!.actor_id).toBe('juno');
    expect(await remoteEntriesOf(other)).toEqual([]);
    const post = await t.db.selectFrom('remote_post').select('id').where('actor_id', '=', 'juno').executeTakeFirstOrThrow();
    expect(entries[0]!.entry_id).toBe(post.id);

    const items = (await feed(reader)).items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: 'remote', post: { albumTitle: 'Remote Album 1', rating: 8 } });
    expect((await feed(other)).items).toEqual([]);
  });

  it('are written into the timeline a returning member’s rebuild makes, and leave it when the member stops following', async () => {
    const reader = await createUser(t, { name: 'Late reader' });
    await followJuno(reader);
    await eventually(
      () => t.db.selectFrom('remote_post').select('id').where('actor_id', '=', 'juno').execute(),
      (rows) => rows.length >= 1,
    );
    // The first read rebuilds the timeline from what is stored, the post of the other site with the rest.
    expect((await feed(reader)).items.map((item) => item.kind)).toEqual(['remote']);
    await t.app.timelinesSettled();
    expect(await remoteEntriesOf(reader)).toHaveLength(1);
    expect((await feed(reader)).items.map((item) => item.kind)).toEqual(['remote']);

    await t.db.deleteFrom('remote_follow').where('local_user_id', '=', reader.user.id).execute();
    expect((await feed(reader)).items).toEqual([]);
  });

  it('enter a member’s timeline from those already stored when the other site accepts the member’s follow', async () => {
    const reader = await createUser(t, { name: 'New follower' });
    await feed(reader);
    await t.app.timelinesSettled();
    await followJuno(reader, 'pending');
    expect((await feed(reader)).items).toEqual([]);

    await junoSends({
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${AUTHOR}#accepts/${reader.user.id}`,
      type: 'Accept',
      actor: AUTHOR,
      object: `http://127.0.0.1:9/follows/${reader.user.id}`,
    });
    const entries = await eventually(
      () => remoteEntriesOf(reader),
      (rows) => rows.length === 1,
    );
    expect(entries).toHaveLength(1);
    expect((await feed(reader)).items).toMatchObject([{ kind: 'remote', post: { albumTitle: 'Remote Album 1', rating: 8 } }]);
  });
});
