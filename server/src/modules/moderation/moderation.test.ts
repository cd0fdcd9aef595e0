import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildAlbum } from '../../../test/factories.ts';
import { requestsTo } from '../../../test/requests.ts';
import { createUser, type TestUser } from '../../../test/users.ts';

const LONG = 'A record that rewards patience: every listen turns up another small detail worth hearing.';
const OPERATOR = 'operator@example.com';

let t: TestApp;
let operator: TestUser;
beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: ` ${OPERATOR.toUpperCase()} , second-operator@example.com` } });
  operator = await createUser(t, { name: 'Site Operator', email: OPERATOR });
});
afterAll(() => t.close());

const { call } = requestsTo(() => t);

async function reviewBy(author: TestUser, title: string) {
  const albumId = await buildAlbum(t.db, { title });
  const response = await call('POST', `/api/albums/${albumId}/reviews`, author, { rating: 3, content: LONG });
  expect(response.statusCode, response.body).toBe(201);
  return { albumId, reviewId: response.json().id as string };
}

describe('reporting', () => {
  it('takes a report with a reason and a note, counts the same person once, and says it was received', async () => {
    const [author, first, second] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    const { reviewId } = await reviewBy(author, 'Reported Album');
    const report = (who: TestUser, body: object) =>
      call('POST', '/api/reports', who, { subjectType: 'review', subjectId: reviewId, ...body });
    const received = await report(first, { reason: 'spam', note: 'Links to a shop' });
    expect(received.statusCode).toBe(201);
    expect(received.json()).toEqual({ received: true, alreadyReported: false });
    const again = await report(first, { reason: 'harassment' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ received: true, alreadyReported: true });
    await report(second, { reason: 'spam' });

    const queue = (await call('GET', '/api/moderation/reports', operator)).json();
    const row = queue.items.find((item: { subjectId: string }) => item.subjectId === reviewId);
    expect(row).toMatchObject({
      subjectType: 'review',
      reportCount: 2,
      reasons: [{ reason: 'spam', count: 2 }],
      notes: [{ note: 'Links to a shop', reporterUsername: first.user.username }],
      content: { authorUsername: author.user.username, title: 'Reported Album', href: `/review/${reviewId}`, hiddenReason: null },
      canHide: true,
    });
    expect(row.content.text).toContain('rewards patience');
  });

  it('refuses what the reporter cannot see, their own things, unknown reasons and overlong notes, and visitors', async () => {
    const [owner, stranger] = await Promise.all([createUser(t), createUser(t)]);
    const { albumId, reviewId } = await reviewBy(owner, 'Own Album');
    const hidden = (await call('POST', '/api/collections', owner, { name: 'Secret', isPrivate: true, albumIds: [albumId] })).json();
    expect(hidden.id).toBeTruthy();
    const statuses = await Promise.all(
      [
        [stranger, { subjectType: 'collection', subjectId: hidden.id, reason: 'spam' }],
        [stranger, { subjectType: 'review', subjectId: 'no-such-review', reason: 'spam' }],
        [stranger, { subjectType: 'profile', subjectId: 'nobody-by-that-name', reason: 'impersonation' }],
        [owner, { subjectType: 'review', subjectId: reviewId, reason: 'spam' }],
        [stranger, { subjectType: 'review', subjectId: reviewId, reason: 'boring' }],
        [stranger, { subjectType: 'review', subjectId: reviewId, reason: 'other', note: 'x'.repeat(1001) }],
        [stranger, { subjectType: 'planet', subjectId: reviewId, reason: 'spam' }],
        [null, { subjectType: 'review', subjectId: reviewId, reason: 'spam' }],
      ].map(async ([who, body]) => (await call('POST', '/api/reports', who as TestUser | null, body as object)).statusCode),
    );
    expect(statuses).toEqual([404, 404, 404, 400, 400, 400, 400, 401]);
    // A profile is reported by its username; an album by its id.
    const wrongAlbum = await buildAlbum(t.db, { title: 'Wrong Data Album' });
    expect(
      (await call('POST', '/api/reports', stranger, { subjectType: 'profile', subjectId: owner.user.username, reason: 'impersonation' }))
        .statusCode,
    ).toBe(201);
    expect(
      (await call('POST', '/api/reports', stranger, { subjectType: 'album', subjectId: wrongAlbum, reason: 'wrong_data' })).statusCode,
    ).toBe(201);
  });

  it('answers a report of what the reporter cannot read as reading it does: not found', async () => {
    const [author, follower, stranger] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    const { albumId, reviewId } = await reviewBy(author, 'Closed Album');
    const list = (await call('POST', '/api/collections', author, { name: 'Closed list', isPrivate: false, albumIds: [albumId] })).json();
    const commentOn = (await reviewBy(await createUser(t), 'Commented Album')).reviewId;
    const comment = (await call('POST', `/api/reviews/${commentOn}/comments`, author, { body: 'Side two is the one.' })).json();
    await call('PUT', `/api/users/${author.user.username}/follow`, follower);
    await call('PUT', '/api/me/visibility', author, { visibility: 'followers' });
    const subjects = [
      { subjectType: 'review', subjectId: reviewId },
      { subjectType: 'collection', subjectId: list.id },
      { subjectType: 'comment', subjectId: comment.id },
    ];
    for (const subject of subjects) {
      const report = (who: TestUser) => call('POST', '/api/reports', who, { ...subject, reason: 'spam' });
      const refused = await report(stranger);
      expect(refused.statusCode, subject.subjectType).toBe(404);
      expect(refused.json().error.code).toBe('report_subject_not_found');
      expect((await report(follower)).statusCode, subject.subjectType).toBe(201);
    }
    expect((await call('GET', `/api/reviews/${reviewId}`, stranger)).statusCode).toBe(404);
    // Who they are still shows on their profile, and may be reported (impersonation).
    const person = await call('POST', '/api/reports', stranger, {
      subjectType: 'profile',
      subjectId: author.user.username,
      reason: 'impersonation',
    });
    expect(person.statusCode).toBe(201);
  });
});

describe('moderation', () => {
  it('hides a review from everyone but its author, who sees why; closes its reports; logs who did it and why', async () => {
    const [author, reader] = await Promise.all([createUser(t), createUser(t)]);
    const { albumId, reviewId } = await reviewBy(author, 'Hidden Album');
    await call('POST', '/api/reports', reader, { subjectType: 'review', subjectId: reviewId, reason: 'hate' });
    const decided = await call('POST', '/api/moderation/decisions', operator, {
      subjectType: 'review',
      subjectId: reviewId,
      action: 'hide',
      reason: 'Hateful language',
    });
    expect(decided.statusCode, decided.body).toBe(200);

    expect((await call('GET', `/api/reviews/${reviewId}`, reader)).statusCode).toBe(404);
    expect((await call('GET', `/api/albums/${albumId}/reviews`, reader)).json().items).toEqual([]);
    expect((await call('GET', `/api/albums/${albumId}/reviews`, null)).json().items).toEqual([]);
    const own = (await call('GET', `/api/reviews/${reviewId}`, author)).json();
    expect(own.hiddenReason).toBe('Hateful language');
    expect((await call('GET', '/api/me/reviews', author)).json().items[0].hiddenReason).toBe('Hateful language');
    const queue = (await call('GET', '/api/moderation/reports?limit=100', operator)).json();
    expect(queue.items.map((item: { subjectId: string }) => item.subjectId)).not.toContain(reviewId);
    const audit = (await call('GET', '/api/moderation/audit', operator)).json();
    expect(audit.items[0]).toMatchObject({
      moderatorName: 'Site Operator',
      action: 'hide',
      subjectType: 'review',
      subjectId: reviewId,
      reason: 'Hateful language',
    });

    await call('POST', '/api/moderation/decisions', operator, {
      subjectType: 'review',
      subjectId: reviewId,
      action: 'unhide',
      reason: 'Appeal upheld',
    });
    expect((await call('GET', `/api/reviews/${reviewId}`, reader)).json().hiddenReason).toBeNull();
    expect((await call('GET', `/api/reviews/${reviewId}`, author)).json().hiddenReason).toBeNull();
  });

  it('hides a comment, and dismisses reports of what cannot be hidden', async () => {
    const [author, commenter, reader] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    const { reviewId } = await reviewBy(author, 'Commented Album');
    const comment = (await call('POST', `/api/reviews/${reviewId}/comments`, commenter, { body: 'Buy followers at example.com' })).json();
    const answer = { body: 'Please do not', replyTo: comment.id };
    const reply = (await call('POST', `/api/reviews/${reviewId}/comments`, author, answer)).json();
    await call('POST', '/api/reports', reader, { subjectType: 'comment', subjectId: comment.id, reason: 'spam' });
    await call('POST', '/api/moderation/decisions', operator, {
      subjectType: 'comment',
      subjectId: comment.id,
      action: 'hide',
      reason: 'Spam',
    });
    // The replies of a hidden comment stay readable, still in its thread.
    expect((await call('GET', `/api/reviews/${reviewId}/comments`, reader)).json().items).toEqual([
      expect.objectContaining({ id: reply.id, parentId: comment.id, body: 'Please do not' }),
    ]);
    expect((await call('GET', `/api/reviews/${reviewId}/comments`, commenter)).json().items[0].hiddenReason).toBe('Spam');

    await call('POST', '/api/reports', reader, { subjectType: 'profile', subjectId: commenter.user.username, reason: 'spam' });
    const refused = await call('POST', '/api/moderation/decisions', operator, {
      subjectType: 'profile',
      subjectId: commenter.user.id,
      action: 'hide',
      reason: 'Spam',
    });
    expect(refused.statusCode).toBe(400);
    const dismissed = await call('POST', '/api/moderation/decisions', operator, {
      subjectType: 'profile',
      subjectId: commenter.user.id,
      action: 'dismiss',
      reason: 'Not spam',
    });
    expect(dismissed.statusCode).toBe(200);
    const queue = (await call('GET', '/api/moderation/reports?limit=100', operator)).json();
    expect(queue.items.map((item: { subjectId: string }) => item.subjectId)).not.toContain(commenter.user.id);
  });

  it('tells the author, in the bell and on /notifications, what a moderator hid or deleted and why, in plain words', async () => {
    const [author, commenter] = await Promise.all([createUser(t, { name: 'Told Author' }), createUser(t)]);
    const { reviewId } = await reviewBy(author, 'Moderated Album');
    const { reviewId: secondId } = await reviewBy(author, 'Removed Album');
    const comment = (await call('POST', `/api/reviews/${reviewId}/comments`, author, { body: 'Thanks for reading' })).json();
    const collection = (
      await call('POST', '/api/collections', author, { name: 'Moderated Shelf', albumIds: [await buildAlbum(t.db)] })
    ).json();
    const decide = (subjectType: string, subjectId: string, action: string, reason: string) =>
      call('POST', '/api/moderation/decisions', operator, { subjectType, subjectId, action, reason });
    expect((await decide('review', reviewId, 'hide', '  Personal   attacks on another member  ')).statusCode).toBe(200);
    await decide('comment', comment.id, 'hide', 'hateful_content');
    await decide('review', secondId, 'delete', 'Copied from another site');
    await decide('collection', collection.id, 'delete', 'spam-links');
    // Shown again: nothing more is said; a commenter's own decisions are theirs only.
    await decide('review', reviewId, 'unhide', 'Appeal upheld');
    await t.app.domainEvents.idle();

    expect((await call('GET', '/api/notifications/unread-count', author)).json()).toEqual({ unread: 4 });
    expect((await call('GET', '/api/notifications', commenter)).json().items).toEqual([]);
    const items = (await call('GET', '/api/notifications', author)).json().items;
    const told = Object.fromEntries(
      items.map((item: { kind: string; subject: string; reason: string; href: string }) => [
        item.kind,
        { subject: item.subject, reason: item.reason, href: item.href },
      ]),
    );
    expect(told).toEqual({
      review_hidden: { subject: 'Moderated Album', reason: 'Personal attacks on another member', href: `/review/${reviewId}` },
      comment_hidden: { subject: 'Moderated Album', reason: 'Hateful content', href: `/review/${reviewId}#comments` },
      review_removed: { subject: 'Removed Album', reason: 'Copied from another site', href: '/terms#community-rules' },
      collection_removed: { subject: 'Moderated Shelf', reason: 'Spam links', href: '/terms#community-rules' },
    });
    // No moderator is named: the news is the author's own.
    for (const item of items) expect(item.actors.map((actor: { name: string }) => actor.name)).toEqual(['Told Author']);
  });

  it('tells a catalog editor they curate (the account menu links them to curation) though they do not moderate', async () => {
    const editor = await createUser(t);
    expect((await call('GET', '/api/moderation/access', editor)).json()).toMatchObject({ canCurate: false });
    expect((await call('PUT', `/api/curation/editors/${editor.user.username}`, operator)).statusCode).toBe(200);
    expect((await call('GET', '/api/moderation/access', editor)).json()).toEqual({ canModerate: false, isAdmin: false, canCurate: true });
    await call('DELETE', `/api/curation/editors/${editor.user.username}`, operator);
    expect((await call('GET', '/api/moderation/access', editor)).json()).toMatchObject({ canCurate: false });
  });

  it('is reachable by operators only: everyone else is told it does not exist', async () => {
    const member = await createUser(t);
    expect((await call('GET', '/api/moderation/access', member)).json()).toEqual({ canModerate: false, isAdmin: false, canCurate: false });
    expect((await call('GET', '/api/moderation/access', operator)).json()).toEqual({ canModerate: true, isAdmin: true, canCurate: true });
    for (const [method, url, body] of [
      ['GET', '/api/moderation/reports'],
      ['GET', '/api/moderation/audit'],
      ['POST', '/api/moderation/decisions', { subjectType: 'review', subjectId: 'x', action: 'dismiss', reason: 'x' }],
    ] as const) {
      expect((await call(method, url, member, body)).statusCode).toBe(404);
      expect((await call(method, url, null, body)).statusCode).toBe(401);
    }
  });
});

describe('moderators, sanctions and the catalog queue', () => {
  const decide = (who: TestUser, body: object) => call('POST', '/api/moderation/decisions', who, body);

  it('admins name moderators, who moderate but cannot name others; everyone else is told nothing exists', async () => {
    const [helper, member] = await Promise.all([createUser(t, { name: 'Helper Mod' }), createUser(t)]);
    expect((await call('PUT', `/api/moderation/moderators/${helper.user.username}`, member)).statusCode).toBe(404);
    const named = await call('PUT', `/api/moderation/moderators/${helper.user.username}`, operator);
    expect(named.json().items).toEqual([expect.objectContaining({ username: helper.user.username, name: 'Helper Mod' })]);
    expect((await call('GET', '/api/moderation/access', helper)).json()).toEqual({ canModerate: true, isAdmin: false, canCurate: true });
    expect((await call('GET', '/api/moderation/reports', helper)).statusCode).toBe(200);
    expect((await call('GET', '/api/moderation/health', helper)).statusCode).toBe(200);
    expect((await call('GET', '/api/moderation/moderators', helper)).statusCode).toBe(404);
    expect((await call('PUT', `/api/moderation/moderators/${member.user.username}`, helper)).statusCode).toBe(404);
    const audit = (await call('GET', '/api/moderation/audit', operator)).json().items;
    expect(audit[0]).toMatchObject({ action: 'appoint', moderatorName: 'Site Operator', subjectId: helper.user.id });

    await call('DELETE', `/api/moderation/moderators/${helper.user.username}`, operator);
    expect((await call('GET', '/api/moderation/reports', helper)).statusCode).toBe(404);
  });

  it('a suspended person can only read why and sign out until the suspension ends; a ban has no end; lifting restores them', async () => {
    const person = await createUser(t, { name: 'Trouble Maker' });
    const { reviewId } = await reviewBy(person, 'Suspended Album');
    const bad = await decide(operator, { subjectType: 'review', subjectId: reviewId, action: 'suspend', reason: 'Spam links' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.issues[0].message).toBe('Say for how many days');
    expect(
      (await decide(operator, { subjectType: 'review', subjectId: reviewId, action: 'suspend', reason: 'Spam links', days: 7 })).statusCode,
    ).toBe(200);

    const standing = (await call('GET', '/api/me/standing', person)).json();
    expect(standing.sanction).toMatchObject({ kind: 'suspended', reason: 'Spam links' });
    const days = (Date.parse(standing.sanction.until) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.1);
    expect((await call('GET', '/api/me', person)).statusCode).toBe(200);
    const held = await call('GET', '/api/feed', person);
    expect(held.statusCode).toBe(403);
    expect(held.json().error).toMatchObject({ code: 'account_suspended' });
    expect(held.json().error.message).toContain('Spam links');
    expect((await call('POST', `/api/reviews/${reviewId}/comments`, person, { body: 'Still here' })).statusCode).toBe(403);
    expect((await call('PUT', '/api/me/visibility', person, { visibility: 'private' })).statusCode).toBe(403);

    await decide(operator, { subjectType: 'profile', subjectId: person.user.id, action: 'ban', reason: 'Came back with more spam' });
    expect((await call('GET', '/api/me/standing', person)).json().sanction).toEqual({
      kind: 'banned',
      reason: 'Came back with more spam',
      until: null,
    });
    expect((await call('GET', '/api/feed', person)).json().error.code).toBe('account_banned');
    expect((await call('GET', '/api/moderation/health', operator)).json().sanctioned).toBeGreaterThanOrEqual(1);

    await decide(operator, { subjectType: 'profile', subjectId: person.user.id, action: 'lift', reason: 'Appeal accepted' });
    expect((await call('GET', '/api/feed', person)).statusCode).toBe(200);
    expect((await call('GET', '/api/me/standing', person)).json().sanction).toBeNull();
    // Nobody sanctions themselves.
    expect((await decide(operator, { subjectType: 'profile', subjectId: operator.user.id, action: 'ban', reason: 'x' })).statusCode).toBe(
      400,
    );
  });

  it('nobody sanctions an admin, only an admin sanctions a moderator, and an admin always reaches the tools', async () => {
    const [first, second, member] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    const otherAdmin = await createUser(t, { email: 'second-operator@example.com' });
    for (const moderator of [first, second]) {
      expect((await call('PUT', `/api/moderation/moderators/${moderator.user.username}`, operator)).statusCode).toBe(200);
    }
    const sanction = (who: TestUser, whom: TestUser, action: string) =>
      decide(who, { subjectType: 'profile', subjectId: whom.user.id, action, reason: 'Taking over', days: 30 });
    for (const action of ['warn', 'suspend', 'ban']) {
      const onAdmin = await sanction(first, operator, action);
      expect(onAdmin.statusCode, action).toBe(403);
      expect(onAdmin.json().error.code).toBe('cannot_sanction_admin');
      expect((await sanction(otherAdmin, operator, action)).json().error.code).toBe('cannot_sanction_admin');
      const onModerator = await sanction(first, second, action);
      expect(onModerator.statusCode, action).toBe(403);
      expect(onModerator.json().error).toMatchObject({
        code: 'admin_only',
        message: 'Only an admin can warn, suspend or ban a moderator.',
      });
    }
    expect((await call('GET', '/api/feed', operator)).statusCode).toBe(200);
    expect((await call('GET', '/api/moderation/reports', second)).statusCode).toBe(200);
    // A moderator still sanctions members; an admin sanctions a moderator, and lifts it.
    expect((await sanction(first, member, 'suspend')).statusCode).toBe(200);
    expect((await sanction(operator, second, 'suspend')).statusCode).toBe(200);
    expect((await call('GET', '/api/moderation/reports', second)).json().error.code).toBe('account_suspended');
    expect((await sanction(operator, second, 'lift')).statusCode).toBe(200);
    expect((await call('GET', '/api/moderation/reports', second)).statusCode).toBe(200);

    // A ban written for an admin before they were shielded (or for an address named an admin since) holds nothing.
    await t.db
      .insertInto('sanction')
      .values({ user_id: otherAdmin.user.id, kind: 'banned', reason: 'Old ban', until: null, created_at: new Date().toISOString() })
      .execute();
    for (const path of ['/api/moderation/reports', '/api/moderation/audit', '/api/moderation/moderators', '/api/feed']) {
      expect((await call('GET', path, otherAdmin)).statusCode, path).toBe(200);
    }
    expect((await call('GET', '/api/me/standing', otherAdmin)).json().sanction).toBeNull();
    const audit = (await call('GET', '/api/moderation/audit', operator)).json().items;
    expect(audit.filter((entry: { subjectId: string; action: string }) => entry.subjectId === operator.user.id)).toEqual([]);
  });

  it('a warning waits for its reader until acknowledged; a moderator can delete a review', async () => {
    const person = await createUser(t);
    const { albumId, reviewId } = await reviewBy(person, 'Warned Album');
    await decide(operator, { subjectType: 'review', subjectId: reviewId, action: 'warn', reason: 'Keep it civil' });
    const { warnings } = (await call('GET', '/api/me/standing', person)).json();
    expect(warnings).toEqual([expect.objectContaining({ reason: 'Keep it civil' })]);
    expect((await call('GET', '/api/feed', person)).statusCode).toBe(200);
    expect((await call('PUT', `/api/me/standing/warnings/${warnings[0].id}`, person)).json().warnings).toEqual([]);
    expect((await call('PUT', `/api/me/standing/warnings/${warnings[0].id}`, person)).statusCode).toBe(404);

    expect(
      (await decide(operator, { subjectType: 'review', subjectId: reviewId, action: 'delete', reason: 'Plagiarised' })).statusCode,
    ).toBe(200);
    expect((await call('GET', `/api/reviews/${reviewId}`, person)).statusCode).toBe(404);
    expect((await call('GET', `/api/albums/${albumId}`, person)).json().reviewCount ?? 0).toBe(0);
    expect((await call('GET', '/api/users/me', person)).json().stats.reviews).toBe(0);
  });

  it('imported albums wait in a queue; a moderator confirms one into the catalog and rejects another', async () => {
    const [kept, dropped] = await Promise.all([buildAlbum(t.db, { title: 'Queue Keeper' }), buildAlbum(t.db, { title: 'Queue Dropper' })]);
    await t.db.updateTable('album').set({ status: 'pending' }).where('id', 'in', [kept, dropped]).execute();
    const waiting = async () =>
      ((await call('GET', '/api/moderation/pending-albums?limit=100', operator)).json().items as { id: string }[]).map((item) => item.id);
    expect(await waiting()).toEqual(expect.arrayContaining([kept, dropped]));
    const before = (await call('GET', '/api/moderation/health', operator)).json().pendingAlbums;

    await decide(operator, { subjectType: 'album', subjectId: kept, action: 'confirm', reason: 'Checked on MusicBrainz' });
    await decide(operator, { subjectType: 'album', subjectId: dropped, action: 'reject', reason: 'Not a real release' });
    expect(await waiting()).not.toEqual(expect.arrayContaining([kept]));
    expect(await waiting()).not.toContain(dropped);
    expect((await call('GET', '/api/moderation/health', operator)).json().pendingAlbums).toBe(before - 2);
    const album = await t.db.selectFrom('album').select(['status']).where('id', '=', kept).executeTakeFirstOrThrow();
    expect(album.status).toBe('confirmed');
    expect((await decide(operator, { subjectType: 'album', subjectId: kept, action: 'confirm', reason: 'Again' })).statusCode).toBe(400);
  });

  it('site health counts sign-ups, open reports and jobs', async () => {
    const health = (await call('GET', '/api/moderation/health', operator)).json();
    expect(health.signups.day).toBeGreaterThanOrEqual(1);
    expect(health.signups.week).toBeGreaterThanOrEqual(health.signups.day);
    expect(health.signups.total).toBeGreaterThanOrEqual(health.signups.week);
    expect(health.jobs).toEqual({ queued: expect.any(Number), running: expect.any(Number), failed: expect.any(Number) });
    expect((await call('GET', '/api/moderation/health', null)).statusCode).toBe(401);
  });
});
