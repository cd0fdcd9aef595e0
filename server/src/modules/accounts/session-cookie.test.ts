import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createUser } from '../../../test/users.ts';

/**
 * A signed-in request is resolved from the signed cookie and one read (session-cookie.ts, `viewerFor`); whatever
 * is not the plain case goes to Better Auth. Either way a person sees the same thing.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 3600 * 1000;
const me = async (cookie: string) =>
  (await t.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json().user as { id: string } | null;
const tokenOf = (cookie: string) => decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;
const expiryOf = async (cookie: string) =>
  new Date(
    (await t.db.selectFrom('session').select('expires_at').where('token', '=', tokenOf(cookie)).executeTakeFirstOrThrow()).expires_at,
  ).getTime();
const setExpiry = (cookie: string, at: number) =>
  t.db
    .updateTable('session')
    .set({ expires_at: new Date(at).toISOString() })
    .where('token', '=', tokenOf(cookie))
    .execute();

describe('resolving a session cookie', () => {
  it('signs the person in from a cookie signed by the server, and nobody in from one with another signature', async () => {
    const person = await createUser(t);
    expect((await me(person.cookie))?.id).toBe(person.user.id);
    const [name, value] = person.cookie.split('=') as [string, string];
    const token = tokenOf(person.cookie);
    const forged = `${name}=${encodeURIComponent(`${token}.${Buffer.alloc(32, 7).toString('base64')}`)}`;
    expect(await me(forged)).toBeNull();
    expect(await me(`${name}=${token}`)).toBeNull();
    expect(await me(`${name}=${value}x`)).toBeNull();
    expect(await me(`${name}=%E0%A4%A`)).toBeNull();
  });

  it('leaves a session used today as it is, and extends one last extended over a day ago by 30 days', async () => {
    const person = await createUser(t);
    const fresh = Date.now() + 30 * DAY - 3_600_000;
    await setExpiry(person.cookie, fresh);
    expect((await me(person.cookie))?.id).toBe(person.user.id);
    expect(await expiryOf(person.cookie)).toBe(fresh);

    await setExpiry(person.cookie, Date.now() + 28 * DAY);
    expect((await me(person.cookie))?.id).toBe(person.user.id);
    expect(Math.abs((await expiryOf(person.cookie)) - (Date.now() + 30 * DAY))).toBeLessThan(60_000);
  });

  it('signs nobody in from an expired session', async () => {
    const person = await createUser(t);
    await setExpiry(person.cookie, Date.now() - 1000);
    expect(await me(person.cookie)).toBeNull();
  });
});
