import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/database.ts';
import { buildAlbum } from '../../../test/factories.ts';
import { createHydrator } from '../../hydration/hydrator.ts';
import type { DatabaseHandle } from '../../platform/db/index.ts';
import { refreshPeople } from '../../platform/db/search-index.ts';
import { createFederationService, FEDERATION_DELIVERY_JOB } from './federation.service.ts';

// The federation service on a database of its own, handed activities as its inbox job hands them (signature checked):
// what a member's block of a person of another site makes of that person's Follow.

const SITE = 'https://hearsay.example';
let database: DatabaseHandle;
let federation: ReturnType<typeof createFederationService>;
const queued: { kind: string; cursor: unknown }[] = [];
let likesCounted = 0;
const memberId = `m${Math.random().toString(36).slice(2, 10)}`;

async function remoteActor(id: string, uri: string) {
  const now = new Date().toISOString();
  const username = uri.split('/').pop()!;
  await database.db
    .insertInto('remote_actor')
    .values({
      id,
      uri,
      host: 'mastodon.example',
      username,
      handle_key: `${username}@mastodon.example`,
      name: username,
      inbox: `${uri}/inbox`,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

const followOf = (actor: string, n: number) => ({
  '@context': 'https://www.w3.org/ns/activitystreams',
  id: `${actor}#follows/${n}`,
  type: 'Follow',
  actor,
  object: `${SITE}/ap/users/${memberId}`,
});

const followsIn = () =>
  database.db.selectFrom('remote_follow').select(['remote_actor_id', 'state']).where('local_user_id', '=', memberId).execute();

beforeAll(async () => {
  database = await freshDatabase();
  const now = new Date().toISOString();
  await database.db
    .insertInto('user')
    .values({
      id: memberId,
      name: 'Ana',
      email: `${memberId}@example.com`,
      username: memberId,
      display_username: 'Ana',
      created_at: now as never,
      updated_at: now as never,
    })
    .execute();
  await database.db.insertInto('profile').values({ user_id: memberId, created_at: now, updated_at: now }).execute();
  await refreshPeople(database.db, [memberId]);
  federation = createFederationService({
    db: database.db,
    clock: () => new Date(),
    publicUrl: SITE,
    enabled: true,
    allowPrivate: false,
    authorizedFetch: false,
    version: 'test',
    jobs: {
      enqueue: async (job: { kind: string; cursor: unknown }) => {
        queued.push(job);
        return 'job';
      },
    } as never,
    hydrator: createHydrator({ db: database.db, caches: 'off' }),
    catalog: { findConfirmedAlbum: async () => undefined } as never,
    ratings: { current: async () => null } as never,
    journal: { listen: async () => undefined } as never,
    collections: { forSharing: async () => null } as never,
    siteReports: { receive: async () => {} } as never,
    // Only likes reach the reviews here.
    reviews: { countRemoteLike: async (_reviewId: string, by: number) => void (likesCounted += by) } as never,
    settings: { read: async () => ({}) as never },
    fetch: async () => {
      throw new Error('no network in this test');
    },
    adminEmails: [],
    log: { warn() {}, info() {} },
  });
  await remoteActor('ra1', 'https://mastodon.example/users/juno');
  await remoteActor('ra2', 'https://mastodon.example/users/rex');
});

afterAll(async () => {
  await database.destroy();
});

describe('a person of another site the member blocked', () => {
  it('has their Follow ignored, unanswered, while another person’s is accepted and answered', async () => {
    await database.db
      .insertInto('remote_block')
      .values({ local_user_id: memberId, remote_actor_id: 'ra1', created_at: '2026-01-01T00:00:00.000Z' })
      .execute();
    await federation.receive(followOf('https://mastodon.example/users/juno', 1), 'https://mastodon.example/users/juno');
    expect(await followsIn()).toEqual([]);
    expect(queued.filter((job) => job.kind === FEDERATION_DELIVERY_JOB)).toEqual([]);

    await federation.receive(followOf('https://mastodon.example/users/rex', 2), 'https://mastodon.example/users/rex');
    expect(await followsIn()).toEqual([{ remote_actor_id: 'ra2', state: 'accepted' }]);
    const answers = queued.filter((job) => job.kind === FEDERATION_DELIVERY_JOB);
    expect(answers).toHaveLength(1);
    expect(answers[0]!.cursor).toMatchObject({ inbox: 'https://mastodon.example/users/rex/inbox', activity: { type: 'Accept' } });
  });

  it('has their Like of the member’s review ignored, while another person’s counts', async () => {
    const now = new Date().toISOString();
    await database.db
      .insertInto('review')
      .values({
        id: 'rv1',
        user_id: memberId,
        album_id: await buildAlbum(database.db),
        rating: 8,
        title: 'Still swings',
        content_html: '<p>Still swings.</p>',
        content_text: 'Still swings.',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const like = (actor: string, n: number) => ({
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${actor}#likes/${n}`,
      type: 'Like',
      actor,
      object: `${SITE}/ap/reviews/rv1`,
    });
    await federation.receive(like('https://mastodon.example/users/juno', 1), 'https://mastodon.example/users/juno');
    expect(likesCounted).toBe(0);
    await federation.receive(like('https://mastodon.example/users/rex', 2), 'https://mastodon.example/users/rex');
    expect(likesCounted).toBe(1);
  });

  it('drops out of the member’s followers once blocked, and their site gets Reject of their follow', async () => {
    queued.length = 0;
    await federation.block(memberId, 'ra2');
    expect(await followsIn()).toEqual([]);
    const [reject] = queued.filter((job) => job.kind === FEDERATION_DELIVERY_JOB);
    expect(reject!.cursor).toMatchObject({
      inbox: 'https://mastodon.example/users/rex/inbox',
      activity: { type: 'Reject', object: { type: 'Follow', id: 'https://mastodon.example/users/rex#follows/2' } },
    });
    expect((await federation.blocked(memberId)).people.map((person) => person.handle)).toEqual([
      'rex@mastodon.example',
      'juno@mastodon.example',
    ]);
  });
});
