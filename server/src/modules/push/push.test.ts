/**
 * Web Push (decision 084). A push service stands in on loopback (test/push-endpoint.ts): devices are made as a browser
 * makes them (a P-256 key pair and an auth secret), subscribe through the API, and what reaches the stand-in is
 * decrypted with the device's private key and its VAPID header checked with the site's public key. Nobody has the site
 * open: no WebSocket is connected, so whatever arrives came by push. The routes, settings, notifications,
 * conversations, job runner and database are the real ones; the clock is the test's, so a retry's time comes without
 * waiting for it.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { startPushEndpoint, vapidClaims, type PushDevice, type PushEndpoint } from '../../../test/push-endpoint.ts';
import { createUser, sessionCookie, type TestUser } from '../../../test/users.ts';
import { loadConfig } from '../../platform/config.ts';

let t: TestApp;
let pushService: PushEndpoint;
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);

beforeAll(async () => {
  pushService = await startPushEndpoint();
  t = await createTestApp({ clock, pushAgent: pushService.agent, env: { JOB_THREAD: 'false', ADMIN_EMAILS: 'operator@hearsay.test' } });
});

afterAll(async () => {
  await t.close();
  await pushService.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, person?: TestUser, payload?: object) =>
  t.inject({ method, url, payload, headers: person ? { cookie: person.cookie } : {} });

const subscribe = (person: TestUser, subscription: object) => call('POST', '/api/push/subscriptions', person, subscription);
const settings = (person: TestUser, patch: object) => call('PATCH', '/api/me/settings', person, patch);

/** A member with push turned on and one device subscribed. */
async function memberWithDevice(overrides: { name?: string } = {}): Promise<{ member: TestUser; device: PushDevice }> {
  const member = await createUser(t, overrides);
  expect((await settings(member, { notifications: { push: true } })).statusCode).toBe(200);
  const device = pushService.newDevice();
  const subscribed = await subscribe(member, device.subscription);
  expect(subscribed.statusCode, subscribed.body).toBe(200);
  return { member, device };
}

/** Everything started has finished: the events' listeners, then the jobs they queued that are due. */
async function settled(): Promise<void> {
  await t.app.domainEvents.idle();
  const deadline = Date.now() + 15_000;
  for (;;) {
    const due = await t.db
      .selectFrom('job')
      .select('id')
      .where('kind', '=', 'push-delivery')
      .where((eb) =>
        eb.or([
          eb('state', '=', 'running'),
          eb.and([eb('state', '=', 'queued'), eb.or([eb('run_after', 'is', null), eb('run_after', '<=', clock().toISOString())])]),
        ]),
      )
      .execute();
    if (due.length === 0) return;
    if (Date.now() > deadline) throw new Error('push jobs did not finish');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const devicesOf = (member: TestUser) =>
  t.db.selectFrom('push_subscription').select(['endpoint', 'session_id']).where('user_id', '=', member.user.id).execute();

const follow = async (follower: TestUser, followee: TestUser) => {
  const response = await call('PUT', `/api/users/${followee.user.username}/follow`, follower);
  expect(response.statusCode, response.body).toBeLessThan(300);
  await settled();
};

describe('the VAPID keys', () => {
  it('are generated once, kept in the data directory beside the auth secret, and given to browsers', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hearsay-vapid-'));
    const first = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test' });
    const second = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test' });
    expect(second.push.vapidPublicKey).toBe(first.push.vapidPublicKey);
    expect(second.push.vapidPrivateKey).toBe(first.push.vapidPrivateKey);
    expect(Buffer.from(first.push.vapidPublicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.push.vapidPrivateKey, 'base64url')).toHaveLength(32);
    const kept = JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')) as Record<string, string>;
    expect(kept.vapidPrivateKey).toBe(first.push.vapidPrivateKey);
    expect(kept.auth).toBe(first.authSecret);

    // Given in the environment, they are used as given and nothing is written; half a pair, or a pair that does not
    // match, stops the start.
    const elsewhere = mkdtempSync(join(tmpdir(), 'hearsay-vapid-'));
    const given = loadConfig({
      DATA_DIR: elsewhere,
      AUTH_SECRET: 'a'.repeat(40),
      VAPID_PUBLIC_KEY: first.push.vapidPublicKey,
      VAPID_PRIVATE_KEY: first.push.vapidPrivateKey,
    });
    expect(given.push.vapidPublicKey).toBe(first.push.vapidPublicKey);
    expect(existsSync(join(elsewhere, 'secrets.json'))).toBe(false);
    expect(() => loadConfig({ DATA_DIR: elsewhere, VAPID_PUBLIC_KEY: first.push.vapidPublicKey })).toThrow(/set together/);
    const another = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'hearsay-vapid-')) }).push;
    expect(() =>
      loadConfig({ DATA_DIR: elsewhere, VAPID_PUBLIC_KEY: first.push.vapidPublicKey, VAPID_PRIVATE_KEY: another.vapidPrivateKey }),
    ).toThrow(/VAPID_PUBLIC_KEY: is not the public key/);
    expect(() =>
      loadConfig({ DATA_DIR: elsewhere, VAPID_PUBLIC_KEY: first.push.vapidPublicKey, VAPID_PRIVATE_KEY: 'A'.repeat(43) }),
    ).toThrow(/VAPID_PRIVATE_KEY: is not a P-256 private key/);
    expect(() => loadConfig({ DATA_DIR: elsewhere, VAPID_SUBJECT: 'http://example.org' })).toThrow(/VAPID_SUBJECT/);

    // The subject: the first admin's address when the site is not on https.
    expect(first.push.subject).toBe('mailto:no-reply@localhost');
    expect(t.config.push.subject).toBe('mailto:operator@hearsay.test');
    expect(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://music.example.org' }).push.subject).toBe('https://music.example.org');

    const key = await call('GET', '/api/push/key');
    expect(key.statusCode).toBe(200);
    expect(key.json()).toEqual({ publicKey: t.config.push.vapidPublicKey });
  });
});

describe('pushes reach a member whose site is closed', () => {
  it('a new follower: encrypted for the device, signed with the site’s key, with the words the bell shows', async () => {
    const { member, device } = await memberWithDevice();
    const fan = await createUser(t, { name: 'Ana Follower' });
    await follow(fan, member);

    const [push, ...more] = pushService.received.filter((received) => received.device === device.id);
    expect(more).toEqual([]);
    expect(pushService.pushesTo(device)).toEqual([
      {
        title: 'New follower',
        body: 'Ana Follower started following you.',
        url: `/profile/${fan.user.username}`,
        tag: `follow:${member.user.id}`,
        badge: 1,
      },
    ]);
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push!.headers.ttl)).toBeGreaterThan(3600);
    expect(push!.headers.urgency).toBe('normal');
    expect(push!.headers.topic).toMatch(/^[\w-]{32}$/);
    const claims = vapidClaims(push!.headers.authorization as string, t.config.push.vapidPublicKey);
    expect(claims.aud).toBe(pushService.url);
    expect(claims.sub).toBe('mailto:operator@hearsay.test');
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());

    const row = await t.db
      .selectFrom('push_subscription')
      .select('last_success_at')
      .where('endpoint', '=', device.subscription.endpoint)
      .executeTakeFirst();
    expect(row?.last_success_at).not.toBeNull();
  });

  it('a private message: who wrote, in the member’s language, never what', async () => {
    const { member, device } = await memberWithDevice();
    await settings(member, { appearance: { language: 'de' } });
    const writer = await createUser(t, { name: 'Bruno Schreiber' });
    await follow(writer, member);
    const before = pushService.pushesTo(device).length;

    const opened = await call('POST', '/api/conversations', writer, { username: member.user.username });
    expect(opened.statusCode, opened.body).toBe(200);
    const conversationId = opened.json().id as string;
    const sent = await call('POST', `/api/conversations/${conversationId}/messages`, writer, { body: 'The secret is under the mat' });
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    await settled();

    const pushes = pushService.pushesTo(device).slice(before);
    expect(pushes).toEqual([
      {
        title: 'Neue Nachricht',
        body: 'Bruno Schreiber hat dir eine Nachricht geschickt.',
        url: `/messages/${conversationId}`,
        tag: `message:${conversationId}`,
        // The follow's notification and the conversation, both unread.
        badge: 2,
      },
    ]);
    expect(JSON.stringify(pushes)).not.toContain('secret');
    const push = pushService.received.filter((received) => received.device === device.id).at(-1)!;
    expect(push.headers.urgency).toBe('high');
  });

  it('goes to each of the member’s devices', async () => {
    const { member, device } = await memberWithDevice();
    const phone = pushService.newDevice();
    expect((await subscribe(member, { ...phone.subscription, label: 'Firefox on Android' })).json()).toMatchObject({
      endpoint: phone.subscription.endpoint,
      label: 'Firefox on Android',
      lastSuccessAt: null,
    });
    await follow(await createUser(t), member);
    expect(pushService.pushesTo(device)).toHaveLength(1);
    expect(pushService.pushesTo(phone)).toHaveLength(1);
  });
});

describe('what the member chose', () => {
  it('a kind turned off in Settings → Notifications is not pushed', async () => {
    const { member, device } = await memberWithDevice();
    await settings(member, { notifications: { about: { newFollowers: false } } });
    await follow(await createUser(t), member);
    expect(pushService.pushesTo(device)).toEqual([]);
  });

  it('with the push toggle off nothing is pushed, though the bell still has it', async () => {
    const { member, device } = await memberWithDevice();
    await settings(member, { notifications: { push: false } });
    await follow(await createUser(t), member);
    expect(pushService.pushesTo(device)).toEqual([]);
    expect((await call('GET', '/api/notifications/unread-count', member)).json()).toEqual({ unread: 1 });
    expect(
      await t.db.selectFrom('job').select('id').where('kind', '=', 'push-delivery').where('owner', '=', member.user.id).execute(),
    ).toEqual([]);
  });
});

describe('what the push service answers', () => {
  for (const status of [410, 404]) {
    it(`${status}: the device is gone, and is removed`, async () => {
      const { member, device } = await memberWithDevice();
      pushService.answerNext(status);
      await follow(await createUser(t), member);
      expect(pushService.pushesTo(device)).toEqual([]);
      expect(await devicesOf(member)).toEqual([]);
    });
  }

  it('429 and 5xx: the push is tried again later by another job, the device kept', async () => {
    const { member, device } = await memberWithDevice();
    pushService.answerNext(503, 429);
    await follow(await createUser(t), member);
    expect(pushService.pushesTo(device)).toEqual([]);
    expect(await devicesOf(member)).toHaveLength(1);

    offsetMs += 60_000;
    await settled();
    expect(pushService.pushesTo(device)).toEqual([]);
    offsetMs += 5 * 60_000;
    await settled();
    expect(pushService.pushesTo(device)).toMatchObject([{ title: 'New follower' }]);
  });
});

describe('subscribing a device', () => {
  it('refuses what is not a push subscription, with the field at fault', async () => {
    const member = await createUser(t);
    const good = pushService.newDevice().subscription;
    const issues = async (body: object) => {
      const response = await subscribe(member, body);
      expect(response.statusCode).toBe(400);
      const { error } = response.json() as { error: { code: string; issues: { path: string; code: string }[] } };
      return [error.code, ...error.issues.map((issue) => `${issue.path} ${issue.code}`)];
    };
    expect(await issues({ ...good, endpoint: 'ftp://push.example.com/abc' })).toEqual([
      'invalid_request',
      'body.endpoint push_endpoint_format',
    ]);
    expect(await issues({ ...good, keys: { p256dh: 'BAAA', auth: 'short' } })).toEqual([
      'invalid_request',
      'body.keys.p256dh push_key_format',
      'body.keys.auth push_auth_format',
    ]);
    expect(await issues({ endpoint: good.endpoint })).toEqual(['invalid_request', 'body.keys required']);
    // Push services speak https only.
    expect(await issues({ ...good, endpoint: 'http://push.example.com/abc' })).toEqual([
      'invalid_request',
      'body.endpoint push_endpoint_format',
    ]);
    // 65 bytes that are not a point of the curve.
    expect(await issues({ ...good, keys: { ...good.keys, p256dh: `B${'A'.repeat(86)}` } })).toEqual([
      'push_key_invalid',
      'body.keys.p256dh push_key_invalid',
    ]);
    expect(await devicesOf(member)).toEqual([]);
  });

  it('refuses private addresses on a production site', async () => {
    const strict = await createTestApp({ env: { JOB_THREAD: 'false', PUSH_ALLOW_PRIVATE: 'false' }, sameDatabaseAs: t });
    try {
      const member = await createUser(strict);
      for (const endpoint of [pushService.newDevice().subscription.endpoint, 'https://127.0.0.1/push/abc', 'https://10.1.2.3/push/abc']) {
        const response = await strict.inject({
          method: 'POST',
          url: '/api/push/subscriptions',
          headers: { cookie: member.cookie },
          payload: { ...pushService.newDevice().subscription, endpoint },
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().error.code).toBe('push_endpoint_refused');
      }
    } finally {
      await strict.close();
    }
  });

  it('is for members: a visitor is asked to sign in', async () => {
    const response = await call('POST', '/api/push/subscriptions', undefined, pushService.newDevice().subscription);
    expect(response.statusCode).toBe(401);
  });
});

describe('removing a device', () => {
  it('the member removes their own; another member cannot remove it', async () => {
    const { member, device } = await memberWithDevice();
    const other = await createUser(t);
    const endpoint = device.subscription.endpoint;
    const refused = await call('DELETE', '/api/push/subscriptions', other, { endpoint });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.code).toBe('push_subscription_not_found');
    expect(await devicesOf(member)).toHaveLength(1);

    const removed = await call('DELETE', '/api/push/subscriptions', member, { endpoint });
    expect(removed.statusCode).toBe(200);
    expect(await devicesOf(member)).toEqual([]);
    await follow(other, member);
    expect(pushService.pushesTo(device)).toEqual([]);
  });

  it('signing out of the session a device subscribed in removes it, and only it', async () => {
    const { member, device } = await memberWithDevice();
    const signIn = await call('POST', '/api/auth/sign-in', undefined, { email: member.user.email, password: member.password });
    const laptop = { ...member, cookie: sessionCookie(signIn.headers['set-cookie']) };
    const second = pushService.newDevice();
    expect((await subscribe(laptop, second.subscription)).statusCode).toBe(200);
    expect(await devicesOf(member)).toHaveLength(2);

    const out = await call('POST', '/api/auth/sign-out', member, {});
    expect(out.statusCode).toBe(200);
    expect((await devicesOf(member)).map((row) => row.endpoint)).toEqual([second.subscription.endpoint]);
    await follow(await createUser(t), member);
    expect(pushService.pushesTo(device)).toEqual([]);
    expect(pushService.pushesTo(second)).toHaveLength(1);
  });
});
