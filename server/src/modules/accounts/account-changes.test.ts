import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { manualClock } from '../../../test/clock.ts';
import { startMailbox, type Mailbox } from '../../../test/mailbox.ts';
import { createUser, sessionCookie, type TestUser } from '../../../test/users.ts';
import { LANGUAGES } from '@hearsay/contracts/settings';
import { confirmNewEmail, emailChanged, emailChangeRequested } from './account-emails.ts';

const DAY = 24 * 3600 * 1000;
const HOUR = 3600 * 1000;

let t: TestApp;
let mailbox: Mailbox;
// The clock starts in the past, so it can be moved 90 days on and still sit before the sessions' real-time expiry.
const clock = manualClock(new Date(Date.now() - 100 * DAY));

beforeAll(async () => {
  mailbox = await startMailbox();
  t = await createTestApp({ clock: clock.now, env: { SMTP_URL: mailbox.url, PUBLIC_URL: 'http://hearsay.test' } });
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
});

const changeUsername = (person: TestUser, username: string, password: string | undefined = person.password) =>
  t.inject({ method: 'PUT', url: '/api/me/username', headers: { cookie: person.cookie }, payload: { username, password } });

const changeEmail = (person: TestUser, email: string, password: string | undefined = person.password) =>
  t.inject({ method: 'POST', url: '/api/me/email', headers: { cookie: person.cookie }, payload: { email, password } });

const confirm = (token: string, cookie?: string) =>
  t.inject({ method: 'POST', url: '/api/me/email/confirm', headers: cookie ? { cookie } : {}, payload: { token } });

const profile = (username: string, viewer: TestUser) =>
  t.inject({ method: 'GET', url: `/api/users/${encodeURIComponent(username)}`, headers: { cookie: viewer.cookie } });

const me = async (person: TestUser) => (await t.inject({ method: 'GET', url: '/api/me', headers: { cookie: person.cookie } })).json().user;

const errorOf = (response: { json(): { error: { code: string; message: string } } }) => response.json().error;

let names = 0;
/** A username nobody has yet. */
const freshName = (stem = 'renamed') => `${stem}_${Date.now().toString(36)}${++names}`;

/** The token of the confirmation link in the newest mail to `address`. */
async function linkTokenFor(address: string): Promise<string> {
  const mail = await mailbox.next(address);
  const link = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
  expect(link.origin + link.pathname).toBe('http://hearsay.test/settings/confirm-email');
  return link.searchParams.get('token')!;
}

describe('changing the username', () => {
  it('takes effect at once, and the old profile address answers with the new name', async () => {
    const alice = await createUser(t);
    const viewer = await createUser(t);
    const old = alice.user.username;
    const wanted = freshName('alice');

    const answer = await changeUsername(alice, wanted.toUpperCase());
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().user.username).toBe(wanted);
    expect((await me(alice)).username).toBe(wanted);

    const byOldName = await profile(old, viewer);
    expect(byOldName.statusCode).toBe(200);
    expect(byOldName.json()).toMatchObject({ id: alice.user.id, username: wanted });
    expect((await profile(wanted, viewer)).json().id).toBe(alice.user.id);
    // The profile's tabs follow the old address too.
    expect((await t.inject({ method: 'GET', url: `/api/users/${old}/followers`, headers: { cookie: viewer.cookie } })).statusCode).toBe(
      200,
    );
  });

  it('leads every earlier name to the current one, and lets the person take an old name back', async () => {
    const person = await createUser(t);
    const viewer = await createUser(t);
    const first = person.user.username;
    const second = freshName('second');
    const third = freshName('third');
    expect((await changeUsername(person, second)).statusCode).toBe(200);
    expect((await changeUsername(person, third)).statusCode).toBe(200);
    expect((await profile(first, viewer)).json().username).toBe(third);
    expect((await profile(second, viewer)).json().username).toBe(third);

    expect((await changeUsername(person, first)).statusCode).toBe(200);
    expect((await profile(third, viewer)).json().username).toBe(first);
    expect((await profile(first, viewer)).json().id).toBe(person.user.id);
  });

  it('refuses reserved, taken, malformed and unchanged names with the reason', async () => {
    const person = await createUser(t);
    const other = await createUser(t);
    for (const reserved of ['me', 'guest', 'Admin', ' settings ']) {
      const answer = await changeUsername(person, reserved);
      expect(answer.statusCode).toBe(400);
      expect(errorOf(answer).message).toBe('Invalid field "username": That username is reserved. Please choose another');
    }
    const taken = await changeUsername(person, other.user.username.toUpperCase());
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken)).toMatchObject({ code: 'username_taken', message: 'That username is taken.' });

    const malformed: [string, string][] = [
      ['ab', 'Usernames are 3 to 30 characters long'],
      ['x'.repeat(31), 'Usernames are 3 to 30 characters long'],
      ['zoë.o', 'Use only letters, digits and underscores'],
      ['has space', 'Use only letters, digits and underscores'],
      ['_leading', 'A username starts and ends with a letter or a digit'],
    ];
    for (const [username, message] of malformed) {
      const answer = await changeUsername(person, username);
      expect(answer.statusCode, username).toBe(400);
      expect(errorOf(answer).message, username).toContain(message);
    }
    const same = await changeUsername(person, person.user.username);
    expect(same.statusCode).toBe(400);
    expect(errorOf(same).message).toBe('That is already your username.');
    expect((await me(person)).username).toBe(person.user.username);
  });

  it('asks for the current password, and changes nothing when it is wrong', async () => {
    const person = await createUser(t);
    const wrong = await changeUsername(person, freshName(), 'Not-My-Password-1');
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong)).toMatchObject({ code: 'wrong_password', message: 'Your current password is incorrect.' });
    const none = await t.inject({
      method: 'PUT',
      url: '/api/me/username',
      headers: { cookie: person.cookie },
      payload: { username: freshName() },
    });
    expect(none.statusCode).toBe(400);
    expect((await me(person)).username).toBe(person.user.username);
    const visitor = await t.inject({ method: 'PUT', url: '/api/me/username', payload: { username: freshName(), password: 'x' } });
    expect(visitor.statusCode).toBe(401);
  });

  it('keeps a given-up name from everyone else for 90 days, then frees it', async () => {
    const alice = await createUser(t);
    const bob = await createUser(t);
    const viewer = await createUser(t);
    const old = alice.user.username;
    expect((await changeUsername(alice, freshName('alice'))).statusCode).toBe(200);

    clock.advance(89 * DAY);
    const early = await changeUsername(bob, old);
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).message).toBe('That username is taken.');
    expect((await profile(old, viewer)).json().id).toBe(alice.user.id);

    clock.advance(2 * DAY);
    expect((await profile(old, viewer)).statusCode).toBe(404);
    const later = await changeUsername(bob, old);
    expect(later.statusCode, later.body).toBe(200);
    expect((await profile(old, viewer)).json().id).toBe(bob.user.id);
  });

  it('lets members without a password change it within an hour of signing in', async () => {
    const person = await createUser(t);
    await t.db.updateTable('account').set({ password: null }).where('user_id', '=', person.user.id).execute();
    const rename = (username: string) =>
      t.inject({ method: 'PUT', url: '/api/me/username', headers: { cookie: person.cookie }, payload: { username } });
    expect((await rename(freshName('nopass'))).statusCode).toBe(200);

    await t.db
      .updateTable('session')
      .set({ created_at: new Date(clock.now().getTime() - 2 * HOUR).toISOString() })
      .where('user_id', '=', person.user.id)
      .execute();
    const stale = await rename(freshName('nopass'));
    expect(stale.statusCode).toBe(403);
    expect(errorOf(stale).code).toBe('sign_in_again');
  });

  it('allows 3 changes a day', async () => {
    const strict = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '1' } });
    try {
      const person = await createUser(strict);
      const rename = (username: string) =>
        strict.inject({
          method: 'PUT',
          url: '/api/me/username',
          headers: { cookie: person.cookie },
          payload: { username, password: person.password },
        });
      for (let n = 0; n < 3; n++) expect((await rename(freshName('pace'))).statusCode).toBe(200);
      // A refused name does not count; a fourth change does.
      expect((await rename('guest')).statusCode).toBe(400);
      const fourth = await rename(freshName('pace'));
      expect(fourth.statusCode).toBe(429);
      expect(errorOf(fourth).message).toMatch(/^You can change your username 3 times a day\. Please try again in \d+ minutes\.$/);
    } finally {
      await strict.close();
    }
  });
});

describe('changing the e-mail address', () => {
  it('mails a link to the new address and a notice to the old one, and changes only when the link is opened', async () => {
    const person = await createUser(t);
    const oldEmail = person.user.email;
    const newEmail = `moved-${Date.now()}@example.org`;

    const answer = await changeEmail(person, newEmail.toUpperCase());
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().email).toBe(newEmail);
    const token = await linkTokenFor(newEmail);
    const notice = await mailbox.next(oldEmail);
    expect(notice.subject).toBe('A change of your Hearsay e-mail address was requested');
    expect(notice.text).toContain(newEmail);
    expect(notice.text).toContain('http://hearsay.test/settings?tab=security');
    expect((await me(person)).email).toBe(oldEmail);

    // Opened on another device, signed out.
    const confirmed = await confirm(token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ email: newEmail });
    expect((await me(person)).email).toBe(newEmail);
    const done = await mailbox.next(oldEmail);
    expect(done.subject).toBe('Your Hearsay e-mail address has changed');
    expect(done.text).toContain(newEmail);

    const verified = await t.db.selectFrom('user').select('email_verified').where('id', '=', person.user.id).executeTakeFirstOrThrow();
    expect(Boolean(verified.email_verified)).toBe(true);
    const signIn = await t.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: newEmail, password: person.password } });
    expect(signIn.statusCode).toBe(200);
    expect(sessionCookie(signIn.headers['set-cookie'])).toBeTruthy();
    const oldSignIn = await t.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: oldEmail, password: person.password } });
    expect(oldSignIn.statusCode).toBe(401);
  });

  it('stores the token only as a hash, and a link works once', async () => {
    const person = await createUser(t);
    const newEmail = `once-${Date.now()}@example.org`;
    expect((await changeEmail(person, newEmail)).statusCode).toBe(200);
    const token = await linkTokenFor(newEmail);
    expect(JSON.stringify(await t.db.selectFrom('email_change').selectAll().execute())).not.toContain(token);

    expect((await confirm(token)).statusCode).toBe(200);
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(errorOf(again)).toMatchObject({
      code: 'email_link_invalid',
      message: 'This link has expired or has already been used. Please ask for a new one in Settings → Account.',
    });
  });

  it('ends the first link when a second change is asked for', async () => {
    const person = await createUser(t);
    const first = `first-${Date.now()}@example.org`;
    const second = `second-${Date.now()}@example.org`;
    expect((await changeEmail(person, first)).statusCode).toBe(200);
    const firstToken = await linkTokenFor(first);
    expect((await changeEmail(person, second)).statusCode).toBe(200);
    const secondToken = await linkTokenFor(second);

    expect((await confirm(firstToken)).statusCode).toBe(400);
    expect((await me(person)).email).toBe(person.user.email);
    expect((await confirm(secondToken)).statusCode).toBe(200);
    expect((await me(person)).email).toBe(second);
  });

  it('refuses a link after 24 hours', async () => {
    const person = await createUser(t);
    const newEmail = `late-${Date.now()}@example.org`;
    expect((await changeEmail(person, newEmail)).statusCode).toBe(200);
    const token = await linkTokenFor(newEmail);
    clock.advance(24 * HOUR + 1000);
    const late = await confirm(token);
    expect(late.statusCode).toBe(400);
    expect(errorOf(late).code).toBe('email_link_invalid');
    expect((await me(person)).email).toBe(person.user.email);
  });

  it('refuses an address another account uses, as sign-up does, also when it was taken after the link went out', async () => {
    const person = await createUser(t);
    const other = await createUser(t);
    const taken = await changeEmail(person, other.user.email);
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken)).toMatchObject({ code: 'email_taken', message: 'This email is already registered' });

    const wanted = `contested-${Date.now()}@example.org`;
    expect((await changeEmail(person, wanted)).statusCode).toBe(200);
    const token = await linkTokenFor(wanted);
    await createUser(t, { email: wanted });
    const late = await confirm(token);
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).message).toBe('This email is already registered');
    expect((await me(person)).email).toBe(person.user.email);
  });

  it('asks for the current password and refuses the address already in use', async () => {
    const person = await createUser(t);
    const wrong = await changeEmail(person, `nope-${Date.now()}@example.org`, 'Not-My-Password-1');
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).message).toBe('Your current password is incorrect.');
    const same = await changeEmail(person, person.user.email);
    expect(same.statusCode).toBe(400);
    expect(errorOf(same).message).toBe('That is already your e-mail address.');
    const invalid = await changeEmail(person, 'not-an-address');
    expect(invalid.statusCode).toBe(400);
    expect(errorOf(invalid).message).toContain('Please enter a valid email address');
  });

  it("writes the e-mails in the person's language", async () => {
    const person = await createUser(t);
    const saved = await t.inject({
      method: 'PATCH',
      url: '/api/me/settings',
      headers: { cookie: person.cookie },
      payload: { appearance: { language: 'de' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const newEmail = `deutsch-${Date.now()}@example.org`;
    expect((await changeEmail(person, newEmail)).statusCode).toBe(200);
    const mail = await mailbox.next(newEmail);
    expect(mail.subject).toBe('Bestätige deine neue E-Mail-Adresse bei Hearsay');
    expect((await mailbox.next(person.user.email)).subject).toBe('Änderung der E-Mail-Adresse deines Hearsay-Kontos angefordert');
  });

  it('has every e-mail in all five languages, each naming the new address and its link', () => {
    const values = { name: 'Zoë', newEmail: 'new@example.org', link: 'http://hearsay.test/x', hours: 24 };
    const subjects = new Set<string>();
    for (const language of LANGUAGES) {
      const mails = [
        confirmNewEmail(language, values),
        emailChangeRequested(language, { ...values, settingsLink: 'http://hearsay.test/settings' }),
        emailChanged(language, { ...values, siteUrl: 'http://hearsay.test' }),
      ];
      for (const mail of mails) {
        expect(mail.text).toContain('new@example.org');
        expect(mail.text).toContain('Zoë');
        subjects.add(mail.subject);
      }
      expect(mails[0]!.text).toContain('http://hearsay.test/x');
      expect(mails[0]!.text).toContain('24');
    }
    expect(subjects.size).toBe(LANGUAGES.length * 3);
  });
});
