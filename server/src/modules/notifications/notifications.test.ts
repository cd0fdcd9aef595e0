import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { postgresIndexDefinition, sqlitePlan, usingPostgres } from '../../../test/database.ts';
import { buildAlbum } from '../../../test/factories.ts';
import { createTestAppWithMailbox, type TestAppWithMailbox } from '../../../test/mailbox.ts';
import { createUser, deleteAccount, type TestUser } from '../../../test/users.ts';
import { isoWeek } from './weekly-digest.ts';

const LONG = 'A record that rewards patience: every listen turns up another small detail worth hearing.';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function caller(app: TestApp) {
  return (method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE', url: string, person?: TestUser, payload?: object) =>
    app.inject({ method, url, payload, headers: person ? { cookie: person.cookie } : {} });
}
const call = (...args: Parameters<ReturnType<typeof caller>>) => caller(t)(...args);
/** Performs an action, then waits for its listeners (notifications are written after the action answers). */
async function act(app: TestApp, response: Promise<{ statusCode: number; body: string }>) {
  const done = await response;
  expect(done.statusCode, done.body).toBeLessThan(300);
  await app.app.domainEvents.idle();
  return done;
}
async function review(app: TestApp, author: TestUser, title = 'Notified Album'): Promise<string> {
  const album = await buildAlbum(app.db, { title });
  const response = await act(app, caller(app)('POST', `/api/albums/${album}/reviews`, author, { rating: 8, content: LONG }));
  return JSON.parse(response.body).id as string;
}
const unread = async (person: TestUser) => (await call('GET', '/api/notifications/unread-count', person)).json().unread as number;
const groups = async (person: TestUser) => (await call('GET', '/api/notifications', person)).json().items as Record<string, unknown>[];

describe('notifications', () => {
  it('groups likes of one review ("Ana and 2 others"), never for your own actions, and marks them read', async () => {
    const [author, ana, ben, cy] = await Promise.all([
      createUser(t, { name: 'Author' }),
      createUser(t, { name: 'Ana' }),
      createUser(t),
      createUser(t),
    ]);
    const id = await review(t, author, 'Grouped Album');
    await act(t, call('PUT', `/api/reviews/${id}/like`, author));
    expect(await unread(author)).toBe(0);
    for (const liker of [ben, cy, ana]) await act(t, call('PUT', `/api/reviews/${id}/like`, liker));
    // Liking again, or after unliking, does not notify twice.
    await act(t, call('PUT', `/api/reviews/${id}/like`, ana));
    expect(await unread(author)).toBe(3);
    const [group, ...rest] = await groups(author);
    expect(rest).toEqual([]);
    expect(group).toMatchObject({
      id: `review_like:${id}`,
      kind: 'review_like',
      actorCount: 3,
      subject: 'Grouped Album',
      href: `/review/${id}`,
      unread: true,
    });
    expect((group!.actors as { name: string }[])[0]!.name).toBe('Ana');

    const marked = await call('POST', '/api/notifications/read', author, {});
    expect(marked.json()).toEqual({ unread: 0 });
    expect((await groups(author))[0]).toMatchObject({ unread: false });
  });

  it('tells of follows, comments, mentions and collection likes, and marks read up to a time or by group', async () => {
    const [owner, fan, named] = await Promise.all([createUser(t), createUser(t, { name: 'Fan' }), createUser(t)]);
    const id = await review(t, owner, 'Commented Album');
    await act(t, call('PUT', `/api/users/${owner.user.username}/follow`, fan));
    await act(t, call('POST', `/api/reviews/${id}/comments`, fan, { body: `Great one, @${named.user.username} should hear it` }));
    const album = await buildAlbum(t.db);
    const list = (await call('POST', '/api/collections', owner, { name: 'Mine', albumIds: [album] })).json();
    await act(t, call('PUT', `/api/collections/${list.id}/like`, fan));

    const kinds = (await groups(owner)).map((group) => [group.kind, group.subject]);
    expect(kinds).toEqual([
      ['collection_like', 'Mine'],
      ['review_comment', 'Commented Album'],
      ['follow', null],
    ]);
    expect(await groups(named)).toMatchObject([{ kind: 'mention', href: `/review/${id}`, actors: [{ name: 'Fan' }] }]);

    const mark = await call('POST', '/api/notifications/read', owner, { groups: [`review_comment:${id}`] });
    expect(mark.json()).toEqual({ unread: 2 });
    expect((await call('POST', '/api/notifications/read', owner, { upTo: 'yesterday' })).statusCode).toBe(400);
    // A misspelt field is refused, not read as "mark everything".
    const misspelt = await call('POST', '/api/notifications/read', owner, { before: 'yesterday' });
    expect(misspelt.statusCode).toBe(400);
    expect((await call('GET', '/api/notifications/unread-count', owner)).json()).toEqual({ unread: 2 });
    expect((await call('POST', '/api/notifications/read', owner, { upTo: new Date(Date.now() + 60_000).toISOString() })).json()).toEqual({
      unread: 0,
    });
  });

  it('tells a comment’s author of replies, grouped, not of their own nor across a block; the review’s author hears once', async () => {
    const [author, first, ana, ben, blocker] = await Promise.all([
      createUser(t, { name: 'Review Author' }),
      createUser(t, { name: 'First Commenter' }),
      createUser(t, { name: 'Ana Replier' }),
      createUser(t, { name: 'Ben Replier' }),
      createUser(t, { name: 'Blocked Replier' }),
    ]);
    const id = await review(t, author, 'Threaded Album');
    const comment = JSON.parse((await act(t, call('POST', `/api/reviews/${id}/comments`, first, { body: 'Opening thought' }))).body);
    const reply = (who: TestUser, replyTo: string, body = 'An answer') =>
      act(t, call('POST', `/api/reviews/${id}/comments`, who, { body, replyTo }));
    await reply(first, comment.id, 'Adding to my own');
    await reply(ana, comment.id);
    const answer = JSON.parse((await reply(ben, comment.id)).body);
    // The blocked person's reply is refused: the comment is not there for them.
    await act(t, call('PUT', `/api/users/${blocker.user.username}/block`, first));
    expect((await call('POST', `/api/reviews/${id}/comments`, blocker, { body: 'Hello', replyTo: comment.id })).statusCode).toBe(404);

    const told = await groups(first);
    expect(told).toEqual([
      expect.objectContaining({
        kind: 'comment_reply',
        actorCount: 2,
        subject: 'Threaded Album',
        href: `/review/${id}#comments`,
        actors: [expect.objectContaining({ name: 'Ben Replier' }), expect.objectContaining({ name: 'Ana Replier' })],
      }),
    ]);
    // A reply to a reply tells the one answered, and the review's author answered in a thread hears of it once.
    await reply(author, answer.id, 'Thanks, both');
    expect((await groups(ben)).map((group) => group.kind)).toEqual(['comment_reply']);
    const authorGroups = await groups(author);
    expect(authorGroups.filter((group) => group.kind === 'review_comment')).toEqual([
      expect.objectContaining({ actorCount: 3, subject: 'Threaded Album' }),
    ]);
    await reply(
      ana,
      (JSON.parse((await act(t, call('POST', `/api/reviews/${id}/comments`, author, { body: 'My own note' }))).body) as { id: string }).id,
    );
    expect((await groups(author)).map((group) => group.kind)).toEqual(['comment_reply', 'review_comment']);

    // Turned off in Settings → Notifications, replies are not kept.
    await call('PATCH', '/api/me/settings', ben, { notifications: { about: { commentReplies: false } } });
    await reply(ana, answer.id);
    expect(await unread(ben)).toBe(1);
  });

  it('pages groups with a cursor', async () => {
    const [author, ...likers] = await Promise.all([createUser(t), createUser(t), createUser(t), createUser(t)]);
    const ids = [];
    for (const [index, liker] of likers.entries()) {
      const id = await review(t, author, `Paged ${index}`);
      ids.push(id);
      await act(t, call('PUT', `/api/reviews/${id}/like`, liker));
    }
    const first = (await call('GET', '/api/notifications?limit=2', author)).json();
    expect(first.items.map((group: { subject: string }) => group.subject)).toEqual(['Paged 2', 'Paged 1']);
    const second = (await call('GET', `/api/notifications?limit=2&cursor=${encodeURIComponent(first.nextCursor)}`, author)).json();
    expect(second).toMatchObject({ items: [{ subject: 'Paged 0' }], nextCursor: null });
    expect((await call('GET', '/api/notifications?cursor=soon', author)).statusCode).toBe(400);
    expect((await call('GET', '/api/notifications?limit=500', author)).statusCode).toBe(400);
  });

  it('is only the recipient’s: visitors get 401 and others see their own (none)', async () => {
    const [author, other] = await Promise.all([createUser(t), createUser(t)]);
    const id = await review(t, author);
    await act(t, call('PUT', `/api/reviews/${id}/like`, other));
    expect((await call('GET', '/api/notifications')).statusCode).toBe(401);
    expect((await call('GET', '/api/notifications/unread-count')).statusCode).toBe(401);
    expect((await call('POST', '/api/notifications/read', undefined, {})).statusCode).toBe(401);
    expect(await groups(other)).toEqual([]);
    // Marking "all" read only touches your own.
    await call('POST', '/api/notifications/read', other, {});
    expect(await unread(author)).toBe(1);
  });

  it('keeps only the kinds turned on in Settings → Notifications', async () => {
    const [author, fan] = await Promise.all([createUser(t), createUser(t)]);
    const off = await call('PATCH', '/api/me/settings', author, {
      notifications: { about: { reviewComments: false, newFollowers: false } },
    });
    expect(off.json().notifications.about).toEqual({
      newFollowers: false,
      reviewComments: false,
      commentReplies: true,
      mentions: true,
      recommendations: false,
    });
    const id = await review(t, author);
    await act(t, call('POST', `/api/reviews/${id}/comments`, fan, { body: 'Nice.' }));
    await act(t, call('PUT', `/api/users/${author.user.username}/follow`, fan));
    expect(await unread(author)).toBe(0);

    // New music recommendations: a new review by someone you follow, only when turned on.
    await act(t, call('PUT', `/api/users/${fan.user.username}/follow`, author));
    await review(t, fan, 'Not Recommended');
    expect(await unread(author)).toBe(0);
    await call('PATCH', '/api/me/settings', author, { notifications: { about: { recommendations: true } } });
    const recommended = await review(t, fan, 'Recommended');
    expect(await groups(author)).toMatchObject([{ kind: 'recommendation', subject: 'Recommended', href: `/review/${recommended}` }]);
  });

  it('forgets a deleted person’s notifications, as recipient and as actor', async () => {
    const [author, liker] = await Promise.all([createUser(t), createUser(t)]);
    const id = await review(t, author);
    await act(t, call('PUT', `/api/reviews/${id}/like`, liker));
    await act(t, call('PUT', `/api/users/${author.user.username}/follow`, liker));
    expect(await unread(author)).toBe(2);
    expect((await deleteAccount(t, liker)).statusCode).toBe(200);
    expect(await unread(author)).toBe(0);
    expect(await groups(author)).toEqual([]);
  });
});

describe('settings', () => {
  it('reads the defaults, changes only what is given, and refuses bad input', async () => {
    const person = await createUser(t);
    expect((await call('GET', '/api/me/settings')).statusCode).toBe(401);
    expect((await call('GET', '/api/me/settings', person)).json()).toEqual({
      notifications: {
        email: { newFollowers: true, weeklyDigest: true },
        push: false,
        about: { newFollowers: true, reviewComments: true, commentReplies: true, mentions: true, recommendations: false },
      },
      messages: { allowFrom: 'connections' },
      sharing: { listening: true, ratings: true, reviews: true },
      appearance: { theme: 'system', language: null },
    });
    const changed = await call('PATCH', '/api/me/settings', person, {
      notifications: { email: { weeklyDigest: false } },
      messages: { allowFrom: 'nobody' },
    });
    expect(changed.json()).toMatchObject({
      notifications: { email: { newFollowers: true, weeklyDigest: false } },
      messages: { allowFrom: 'nobody' },
    });
    expect((await call('GET', '/api/me/settings', person)).json()).toEqual(changed.json());

    for (const bad of [
      { messages: { allowFrom: 'strangers' } },
      { notifications: { push: 'yes' } },
      { theme: 'dark' },
      { sharing: { ratings: 'no' } },
      { sharing: { everything: false } },
      { appearance: { theme: 'sepia' } },
    ]) {
      const response = await call('PATCH', '/api/me/settings', person, bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json().error.message).toBeTruthy();
    }
    expect((await call('PATCH', '/api/me/settings', undefined, {})).statusCode).toBe(401);
  });
});

describe('how often one person is e-mailed', () => {
  let m: TestAppWithMailbox;
  beforeAll(async () => {
    m = await createTestAppWithMailbox({ NOTIFICATION_EMAILS_PER_HOUR: '2' });
  });
  afterAll(() => m.close());

  it('sends one e-mail of a kind per interval and at most the hourly number of all kinds; the bell keeps every one', async () => {
    const [star, fan, talker] = await Promise.all([createUser(m), createUser(m, { name: 'Fickle Fan' }), createUser(m)]);
    await caller(m)('PATCH', '/api/me/settings', star, { notifications: { about: { mentions: true, reviewComments: true } } });
    // Ten follows and unfollows: one e-mail, not ten.
    for (let cycle = 0; cycle < 10; cycle++) {
      await act(m, caller(m)('PUT', `/api/users/${star.user.username}/follow`, fan));
      await act(m, caller(m)('DELETE', `/api/users/${star.user.username}/follow`, fan));
    }
    const id = await review(m, star);
    // Another kind has an e-mail of its own; a third kind within the hour is past the ceiling of 2.
    await act(m, caller(m)('POST', `/api/reviews/${id}/comments`, talker, { body: 'Side two!' }));
    await act(m, caller(m)('POST', `/api/reviews/${id}/comments`, talker, { body: 'And side one.' }));
    const other = await review(m, fan, 'Other Album');
    await act(m, caller(m)('POST', `/api/reviews/${other}/comments`, talker, { body: `@${star.user.username} you would like this` }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const mails = m.mailbox.received.filter((mail) => mail.to === star.user.email).map((mail) => mail.subject);
    expect(mails).toEqual(['Fickle Fan followed you on Hearsay', expect.stringContaining('commented on your review')]);
    const kinds = ((await caller(m)('GET', '/api/notifications', star)).json().items as { kind: string }[]).map((item) => item.kind);
    expect(kinds).toEqual(expect.arrayContaining(['follow', 'review_comment', 'mention']));
  });
});

describe('e-mail', () => {
  let m: TestAppWithMailbox;
  beforeAll(async () => {
    m = await createTestAppWithMailbox();
  });
  afterAll(() => m.close());

  it('e-mails a new follower with a signed unsubscribe link whose page asks, then turns it off without signing in', async () => {
    const [star, fan] = await Promise.all([createUser(m), createUser(m, { name: 'Keen Fan' })]);
    await act(m, caller(m)('PUT', `/api/users/${star.user.username}/follow`, fan));
    const mail = await m.mailbox.next(star.user.email);
    expect(mail.subject).toBe('Keen Fan followed you on Hearsay');
    const link = /http:\/\/hearsay\.test(\/api\/notifications\/unsubscribe\?token=\S+)/.exec(mail.text)![1]!;
    expect(mail.headers['list-unsubscribe']).toBe(`List-Unsubscribe: <http://hearsay.test${link}>`);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    const tampered = await m.inject({ url: link.replace(/.{3}$/, 'xyz') });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().error.message).toMatch(/not valid/);
    // Opening the link (as a mail scanner does) changes nothing: the page asks.
    const page = await m.inject({ url: link });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Stop e-mails about new followers?');
    expect((await caller(m)('GET', '/api/me/settings', star)).json().notifications.email.newFollowers).toBe(true);
    const action = /<form method="post" action="([^"]+)">/.exec(page.body)![1]!.replaceAll('&amp;', '&');
    expect(action).toBe(link);
    // Its button posts as a browser does, and gets a page back.
    const done = await m.inject({
      method: 'POST',
      url: action,
      headers: { accept: 'text/html,application/xhtml+xml', origin: 'http://hearsay.test' },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.body).toContain('You will no longer get e-mails about new followers');
    const settings = (await caller(m)('GET', '/api/me/settings', star)).json();
    expect(settings.notifications.email.newFollowers).toBe(false);
    // The bell still hears of followers; only the e-mail stopped.
    expect(settings.notifications.about.newFollowers).toBe(true);
  });

  it("writes e-mails in the recipient's language: a new follower in French, a password reset in Japanese", async () => {
    const [star, fan] = await Promise.all([createUser(m), createUser(m, { name: 'Ami Fidèle' })]);
    const chose = await caller(m)('PATCH', '/api/me/settings', star, { appearance: { language: 'fr' } });
    expect(chose.statusCode).toBe(200);
    await act(m, caller(m)('PUT', `/api/users/${star.user.username}/follow`, fan));
    const mail = await m.mailbox.next(star.user.email);
    expect(mail.subject).toBe('Ami Fidèle vous suit sur Hearsay');
    expect(mail.text).toContain('Ami Fidèle a commencé à vous suivre.');
    expect(mail.text).toContain('Ne plus recevoir ces e-mails : http://hearsay.test/api/notifications/unsubscribe?token=');

    await caller(m)('PATCH', '/api/me/settings', fan, { appearance: { language: 'ja' } });
    await m.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: fan.user.email } });
    const reset = await m.mailbox.next(fan.user.email);
    expect(reset.subject).toBe('Hearsayのパスワードの再設定');
    expect(reset.text).toContain('Ami Fidèleさん');
    expect(reset.text).toMatch(/http:\/\/hearsay\.test\/reset-password\?userId=/);
  });

  it('e-mails comments and mentions, and takes one-click unsubscribes posted by mail programs', async () => {
    const [author, critic, named] = await Promise.all([createUser(m), createUser(m, { name: 'Critic' }), createUser(m)]);
    const id = await review(m, author, 'Mailed Album');
    await act(m, caller(m)('POST', `/api/reviews/${id}/comments`, critic, { body: `See @${named.user.username}` }));
    expect((await m.mailbox.next(author.user.email)).subject).toBe('Critic commented on your review');
    const mention = await m.mailbox.next(named.user.email);
    expect(mention.subject).toBe('Critic mentioned you');
    const link = /http:\/\/hearsay\.test(\/api\/notifications\/unsubscribe\?token=\S+)/.exec(mention.text)![1]!;
    const posted = await m.inject({
      method: 'POST',
      url: link,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(posted.statusCode, posted.body).toBe(200);
    expect((await caller(m)('GET', '/api/me/settings', named)).json().notifications.about.mentions).toBe(false);
  });

  it('e-mails a reply to the comment’s author in their language, leading to the review', async () => {
    const [author, commenter, replier] = await Promise.all([createUser(m), createUser(m), createUser(m, { name: 'Quick Replier' })]);
    const id = await review(m, author, 'Replied Album');
    const comment = JSON.parse((await act(m, caller(m)('POST', `/api/reviews/${id}/comments`, commenter, { body: 'First!' }))).body);
    await caller(m)('PATCH', '/api/me/settings', commenter, { appearance: { language: 'de' } });
    await act(m, caller(m)('POST', `/api/reviews/${id}/comments`, replier, { body: 'Indeed', replyTo: comment.id }));
    const mail = await m.mailbox.next(commenter.user.email);
    expect(mail.subject).toBe('Quick Replier hat auf deinen Kommentar geantwortet');
    expect(mail.text).toContain(`http://hearsay.test/review/${id}`);
    expect(mail.text).toContain('Replied Album');
  });

  it('sends the Weekly Digest once per person per week, even from two servers at once and run again', async () => {
    // The digest covers the last full week; this clock stands in the week after the activity.
    const later = () => new Date(Date.now() + 7 * 24 * 3600_000);
    const [reader, writer, quiet, optedOut] = await Promise.all([
      createUser(m),
      createUser(m, { name: 'Writer' }),
      createUser(m),
      createUser(m),
    ]);
    await caller(m)('PATCH', '/api/me/settings', optedOut, { notifications: { email: { weeklyDigest: false } } });
    for (const follower of [reader, optedOut]) await act(m, caller(m)('PUT', `/api/users/${writer.user.username}/follow`, follower));
    await m.mailbox.next(writer.user.email).catch(() => undefined);
    await m.mailbox.next(writer.user.email).catch(() => undefined);
    await review(m, writer, 'Digest Album');
    const second = await createTestApp({
      sameDatabaseAs: m,
      clock: later,
      env: { SMTP_URL: m.mailbox.url, PUBLIC_URL: 'http://hearsay.test' },
    });
    const first = await createTestApp({
      sameDatabaseAs: m,
      clock: later,
      env: { SMTP_URL: m.mailbox.url, PUBLIC_URL: 'http://hearsay.test' },
    });
    try {
      // All three ask for the same week's one job, and each sees what it did.
      const runs = await Promise.all([first, second, first].map((app) => app.app.weeklyDigest()));
      expect(runs).toEqual([1, 2, 3].map(() => ({ week: isoWeek(new Date()).week, sent: 1 })));
      const jobs = await m.db.selectFrom('job').select(['id', 'state']).where('kind', '=', 'weekly_digest').execute();
      expect(jobs).toEqual([{ id: `weekly_digest:${isoWeek(new Date()).week}`, state: 'done' }]);
      expect(await first.app.weeklyDigest()).toEqual({ week: isoWeek(new Date()).week, sent: 1 });
      const digest = await m.mailbox.next(reader.user.email);
      expect(digest.subject).toBe(`Your Hearsay week: ${isoWeek(new Date()).week}`);
      expect(digest.text).toContain('Writer reviewed Digest Album');
      expect(digest.text).toMatch(/Top albums among them:\n• Digest Album by .+ — 1 rating, average 8\b/);
      expect(digest.text).toContain('Stop the Weekly Digest: http://hearsay.test/api/notifications/unsubscribe?token=');
      expect(m.mailbox.received.filter((mail) => [reader, quiet, optedOut].some((p) => p.user.email === mail.to))).toEqual([]);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it('gives a Weekly Digest the mail server refused another pass an hour later, and sends it then', async () => {
    // The clock stands at noon on the Wednesday two weeks ahead, so the hour it moves on below stays in that week
    // whatever the time of the run (from Sunday 23:00 UTC it used to cross into the next week).
    const day = 24 * 3600_000;
    let offset = isoWeek(new Date(Date.now() + 14 * day)).start.getTime() + 2.5 * day - Date.now();
    const clock = () => new Date(Date.now() + offset);
    const [reader, writer] = await Promise.all([createUser(m), createUser(m, { name: 'Second Writer' })]);
    await act(m, caller(m)('PUT', `/api/users/${writer.user.username}/follow`, reader));
    await m.mailbox.next(writer.user.email).catch(() => undefined);
    // The review falls in the week before `clock`'s week.
    const reviewId = await review(m, writer, 'Retried Album');
    const lastWeek = new Date(Date.now() + offset - 7 * day);
    await m.db.updateTable('review').set({ created_at: lastWeek.toISOString() }).where('id', '=', reviewId).execute();
    const later = await createTestApp({ sameDatabaseAs: m, clock, env: { SMTP_URL: m.mailbox.url, PUBLIC_URL: 'http://hearsay.test' } });
    try {
      m.mailbox.refused.add(reader.user.email);
      const week = isoWeek(lastWeek).week;
      expect(await later.app.weeklyDigest()).toEqual({ week, sent: 0 });
      const claims = () => m.db.selectFrom('digest_delivery').select('recipient_id').where('week', '=', week).execute();
      expect(await claims()).toEqual([]);
      m.mailbox.refused.delete(reader.user.email);
      // The next check finds the failure; within the hour after it the week stays as it is, and after it the pass
      // runs again for those it could not reach.
      expect(await later.app.weeklyDigest()).toEqual({ week, sent: 0 });
      offset += 59 * 60_000;
      expect(await later.app.weeklyDigest()).toEqual({ week, sent: 0 });
      offset += 2 * 60_000;
      expect(await later.app.weeklyDigest()).toEqual({ week, sent: 1 });
      expect((await m.mailbox.next(reader.user.email)).text).toContain('Second Writer reviewed Retried Album');
      expect(await claims()).toEqual([{ recipient_id: reader.user.id }]);
    } finally {
      await later.close();
    }
  });

  it("reads the week's ratings of each followed person from the index by person and time, not all their ratings", async () => {
    const columns = ['user_id', 'updated_at', 'created_at'];
    if (usingPostgres) {
      expect(await postgresIndexDefinition(m.db, 'rating_user_updated_idx')).toContain(`(${columns.join(', ')})`);
    } else {
      const { rows } = await sql<{ name: string }>`select name from pragma_index_info('rating_user_updated_idx') order by seqno`.execute(
        m.db,
      );
      expect(rows.map((row) => row.name)).toEqual(columns);
      const plan = await sqlitePlan(
        m.db,
        m.db
          .selectFrom('follow as f')
          .innerJoin('rating as g', 'g.user_id', 'f.followee_id')
          .select('g.album_id')
          .where('f.follower_id', '=', 'someone')
          .where('g.updated_at', '>=', '2026-11-16')
          .where('g.updated_at', '<', '2026-11-23'),
      );
      expect(plan.join('\n')).toContain('rating_user_updated_idx (user_id=? AND updated_at>? AND updated_at<?)');
    }
  });
});

describe('isoWeek', () => {
  it('names ISO weeks, including those that belong to the year before or after', () => {
    expect(isoWeek(new Date('2026-11-24T12:00:00Z'))).toEqual({ week: '2026-W48', start: new Date('2026-11-23T00:00:00Z') });
    expect(isoWeek(new Date('2027-01-01T00:00:00Z')).week).toBe('2026-W53');
    expect(isoWeek(new Date('2024-12-30T00:00:00Z')).week).toBe('2025-W01');
  });
});
