/**
 * Dead letters: a delivery to another server that failed its last try is kept as failed, and admins see it per
 * server with the other deliveries waiting and held back, and try it again. The server's answers come from a fetch of
 * the test's own (the other server); the job runner, the delivery and the routes are the real ones.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { insertQueuedJob } from '../../platform/jobs/runner.ts';
import { FEDERATION_DELIVERY_JOB } from './federation.service.ts';

const ADMIN = 'admin@hearsay.example';
let t: TestApp;
let admin: TestUser;
let member: TestUser;
/** How the other servers answer: by inbox address. */
const answers = new Map<string, number>();

beforeAll(async () => {
  t = await createTestApp({
    env: {
      FEDERATION: 'on',
      FEDERATION_ALLOW_PRIVATE: 'true',
      PUBLIC_URL: 'http://127.0.0.1:9',
      ADMIN_EMAILS: ADMIN,
      JOB_THREAD: 'false',
    },
    fetch: async (input) => {
      const url = input instanceof Request ? input.url : String(input);
      return new Response(null, { status: answers.get(url) ?? 404 });
    },
  });
  admin = await createUser(t, { email: ADMIN });
  member = await createUser(t);
});
afterAll(() => t.close());

/** A delivery as the site queues it, at its `attempt`th try. */
const delivery = (inbox: string, attempt: number) =>
  insertQueuedJob(t.db, new Date().toISOString(), {
    kind: FEDERATION_DELIVERY_JOB,
    owner: null,
    topic: new URL(inbox).host,
    cursor: {
      inbox,
      activity: { type: 'Like', id: `http://127.0.0.1:9/ap/users/site#likes/${attempt}`, actor: 'http://127.0.0.1:9/ap/users/site' },
      sender: 'site',
      attempt,
    },
  });

const deliveries = async (who: TestUser) => t.inject({ method: 'GET', url: '/api/federation/deliveries', headers: { cookie: who.cookie } });

async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await read();
    if (check(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('deliveries that failed every try', () => {
  it('are kept and shown to admins per server with the last error, held ones too, and are tried again on request', async () => {
    answers.set('http://down.example:8080/inbox', 503);
    answers.set('http://slow.example/inbox', 503);
    await delivery('http://down.example:8080/inbox', 10);
    await delivery('http://slow.example/inbox', 1);
    const listed = await eventually(
      async () => (await deliveries(admin)).json(),
      // Both tried, in either order, and each try finished (a retry is queued before its try is marked done).
      (body) =>
        body.servers?.find((server: { host: string }) => server.host === 'down.example:8080')?.failed === 1 &&
        body.servers?.find((server: { host: string }) => server.host === 'slow.example')?.held === 1 &&
        body.servers?.every((server: { queued: number }) => server.queued === 0),
    );
    expect(listed.servers).toEqual([
      {
        host: 'down.example:8080',
        queued: 0,
        held: 0,
        failed: 1,
        lastError: 'Delivery to http://down.example:8080/inbox failed 10 times: HTTP 503',
        lastFailedAt: expect.any(String),
      },
      // Its first failure holds everything to it back for a while.
      { host: 'slow.example', queued: 0, held: 1, failed: 0, lastError: null, lastFailedAt: null },
    ]);

    // Nobody else sees the list.
    expect((await deliveries(member)).statusCode).toBe(404);
    expect(
      (await t.inject({ method: 'POST', url: '/api/federation/deliveries/down.example:8080/retry', headers: { cookie: member.cookie } }))
        .statusCode,
    ).toBe(404);

    // The server is back: trying again delivers it, and nothing is left for it.
    answers.set('http://down.example:8080/inbox', 202);
    const retried = await t.inject({
      method: 'POST',
      url: '/api/federation/deliveries/down.example:8080/retry',
      headers: { cookie: admin.cookie },
    });
    expect(retried.statusCode).toBe(200);
    expect(retried.json().servers.find((server: { host: string }) => server.host === 'down.example:8080')).toMatchObject({
      failed: 0,
    });
    const after = await eventually(
      async () => (await deliveries(admin)).json(),
      (body) => !body.servers.some((server: { host: string }) => server.host === 'down.example:8080'),
    );
    expect(after.servers.map((server: { host: string }) => server.host)).toEqual(['slow.example']);
  });
});
