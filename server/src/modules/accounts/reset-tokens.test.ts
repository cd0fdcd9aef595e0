import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../../test/clock.ts';
import { createTestAppWithMailbox, type TestAppWithMailbox } from '../../../test/mailbox.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { storedResetIdentifier } from '../../platform/auth/auth.ts';

let t: TestAppWithMailbox;
const clock = manualClock();

beforeAll(async () => {
  t = await createTestAppWithMailbox({}, clock.now);
});
afterAll(() => t.close());

const LINK_GONE = 'This password reset link has expired or has already been used. Please request a new one.';

/** Asks for a reset link and returns its secret once the mail has arrived. */
async function requestLink(person: TestUser): Promise<string> {
  const answer = await t.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: person.user.email } });
  expect(answer.statusCode).toBe(200);
  const mail = await t.mailbox.next(person.user.email);
  return new URL(/https?:\/\/\S+/.exec(mail.text)![0]).searchParams.get('secret')!;
}

const reset = (person: TestUser, secret: string, password: string) =>
  t.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { userId: person.user.id, secret, password } });

const resetRows = (person: TestUser) =>
  t.db.selectFrom('verification').selectAll().where('value', '=', person.user.id).where('identifier', 'like', 'reset-password%').execute();

describe('a password reset', () => {
  it('revokes every personal access token of the person, so a token made by whoever had the account stops working', async () => {
    const [person, other] = await Promise.all([createUser(t), createUser(t)]);
    const tokenOf = async (who: TestUser) =>
      (
        await t.inject({
          method: 'POST',
          url: '/api/me/tokens',
          headers: { cookie: who.cookie },
          payload: { name: 'Script', scopes: ['read', 'write'], expiresIn: 'never', password: who.password },
        })
      ).json().secret as string;
    const [token, othersToken] = await Promise.all([tokenOf(person), tokenOf(other)]);
    const asToken = (secret: string) => t.inject({ url: '/api/me', headers: { authorization: `Bearer ${secret}` } });
    expect((await asToken(token)).statusCode).toBe(200);
    clock.advance(5 * 60_000 + 1000);
    expect((await reset(person, await requestLink(person), 'Taken-Back-Again-41')).statusCode).toBe(200);
    const refused = await asToken(token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('token_invalid');
    // Nobody else's.
    expect((await asToken(othersToken)).statusCode).toBe(200);
  });
});

describe('password reset tokens', () => {
  it('are stored only as a SHA-256 hash: the token from the mail appears in no row', async () => {
    const person = await createUser(t);
    const secret = await requestLink(person);
    const rows = await t.db.selectFrom('verification').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(secret);
    expect((await resetRows(person)).map((row) => row.identifier)).toEqual([storedResetIdentifier(secret)]);
    expect((await reset(person, secret, 'Hashed-And-Working-31')).statusCode).toBe(200);
  });

  it('end when a newer link is asked for: only the newest one works', async () => {
    const person = await createUser(t);
    const first = await requestLink(person);
    // An address is mailed at most one link in 5 minutes.
    clock.advance(5 * 60_000 + 1000);
    const second = await requestLink(person);
    expect(second).not.toBe(first);
    const stale = await reset(person, first, 'Too-Late-For-This-32');
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error.message).toBe(LINK_GONE);
    expect((await reset(person, second, 'Newest-Link-Wins-33')).statusCode).toBe(200);
  });

  it("end when one of the person's links is used, including one made in the same instant", async () => {
    const person = await createUser(t);
    const mailed = await requestLink(person);
    // Two requests in the same millisecond both keep their link (neither is older); a second one is made here.
    const row = (await resetRows(person))[0]!;
    const twin = 'twin-token-made-in-the-same-millisecond';
    await t.db
      .insertInto('verification')
      .values({ ...row, id: 'twin-reset-row', identifier: storedResetIdentifier(twin) })
      .execute();

    expect((await reset(person, twin, 'Twin-Link-Used-34')).statusCode).toBe(200);
    const other = await reset(person, mailed, 'Other-Link-Refused-35');
    expect(other.statusCode).toBe(400);
    expect(other.json().error.message).toBe(LINK_GONE);
    expect(await resetRows(person)).toEqual([]);
  });

  it('end when the password is changed in Settings', async () => {
    const person = await createUser(t);
    const mailed = await requestLink(person);
    const changed = await t.inject({
      method: 'POST',
      url: '/api/me/password',
      headers: { cookie: person.cookie },
      payload: { currentPassword: person.password, newPassword: 'Changed-In-Settings-36' },
    });
    expect(changed.statusCode).toBe(200);
    const late = await reset(person, mailed, 'Old-Link-Refused-37');
    expect(late.statusCode).toBe(400);
    expect(late.json().error.message).toBe(LINK_GONE);
  });
});
