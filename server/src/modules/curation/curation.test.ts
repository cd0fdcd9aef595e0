import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { manualClock } from '../../../test/clock.ts';
import { buildAlbum } from '../../../test/factories.ts';
import { albumsWithWrongRatingTotals } from '../../../test/rating-totals.ts';
import { requestsTo } from '../../../test/requests.ts';
import { createUser, type TestUser } from '../../../test/users.ts';

const OPERATOR = 'curator-operator@example.com';
const REVIEW = 'A record that rewards patience: every listen turns up another small detail worth hearing.';
const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let operator: TestUser;
const clock = manualClock();
beforeAll(async () => {
  t = await createTestApp({ clock: clock.now, env: { ADMIN_EMAILS: OPERATOR } });
  operator = await createUser(t, { name: 'Site Operator', email: OPERATOR });
});
afterAll(() => t.close());

const { call, act } = requestsTo(() => t);

/** Every row keyed by these albums, as the modules keep them, and the counters that count them. */
async function stateOf(albumIds: readonly string[], userIds: readonly string[], collectionIds: readonly string[]) {
  const db = t.db;
  const byAlbum = async (
    table: 'rating' | 'review' | 'album_like' | 'listen_later' | 'collection_album' | 'journal_entry' | 'activity' | 'review_draft',
  ) => (await db.selectFrom(table).selectAll().where('album_id', 'in', albumIds).execute()).map((row) => JSON.stringify(row)).sort();
  const reviewIds = (await db.selectFrom('review').select('id').where('album_id', 'in', albumIds).execute()).map((row) => row.id);
  return {
    albums: await db
      .selectFrom('album')
      .select([
        'id',
        'status',
        'merged_into',
        'rating_count',
        'rating_sum',
        'rating_average',
        'review_count',
        'like_count',
        'ratings_at_7',
        'ratings_at_9',
      ])
      .where('id', 'in', albumIds)
      .orderBy('id')
      .execute(),
    ratings: await byAlbum('rating'),
    reviews: await byAlbum('review'),
    likes: await byAlbum('album_like'),
    later: await byAlbum('listen_later'),
    entries: await byAlbum('collection_album'),
    journal: await byAlbum('journal_entry'),
    activity: await byAlbum('activity'),
    reviewLikes: reviewIds.length
      ? (await db.selectFrom('review_like').selectAll().where('review_id', 'in', reviewIds).execute())
          .map((row) => JSON.stringify(row))
          .sort()
      : [],
    reports: (await db.selectFrom('report').selectAll().where('subject_id', 'in', albumIds).execute())
      .map((row) => JSON.stringify(row))
      .sort(),
    profiles: await db
      .selectFrom('profile')
      .select(['user_id', 'ratings_count', 'reviews_count'])
      .where('user_id', 'in', userIds)
      .orderBy('user_id')
      .execute(),
    collections: await db.selectFrom('collection').select(['id', 'album_count']).where('id', 'in', collectionIds).orderBy('id').execute(),
    search: (await db.selectFrom('search_document').select('ref_id').where('ref_id', 'in', albumIds).execute())
      .map((row) => row.ref_id)
      .sort(),
  };
}

/**
 * Two copies of one album, each with what members did on it: Ana rated, reviewed, liked and listed both (the
 * survivor first, the duplicate later), Ben only the duplicate, and Cleo liked the survivor and logged the duplicate.
 */
async function duplicatedAlbum(title: string) {
  const survivorId = await buildAlbum(t.db, { title, artist: 'Curated Band', releaseDate: '1997' });
  const retiredId = await buildAlbum(t.db, { title: `${title} (Remastered)`, artist: 'The Curated Band', releaseDate: '1997' });
  const [ana, ben, cleo, liker] = await Promise.all([
    createUser(t, { name: 'Ana' }),
    createUser(t, { name: 'Ben' }),
    createUser(t, { name: 'Cleo' }),
    createUser(t, { name: 'Liker' }),
  ]);
  await act('PUT', `/api/albums/${survivorId}/rating`, ana, { rating: 7 });
  const olderReview = await act('POST', `/api/albums/${survivorId}/reviews`, ana, { rating: 7, content: REVIEW });
  await act('PUT', `/api/reviews/${olderReview.id}/like`, liker);
  await act('PUT', `/api/albums/${survivorId}/like`, ana);
  await act('PUT', `/api/albums/${survivorId}/like`, cleo);
  const list = await act('POST', '/api/collections', ana, { name: 'Late nineties', albumIds: [survivorId] });
  clock.advance(60_000);
  await act('PUT', `/api/albums/${retiredId}/rating`, ana, { rating: 9 });
  await act('POST', `/api/albums/${retiredId}/reviews`, ana, { rating: 9, content: `${REVIEW} Better on the reissue.` });
  await act('PUT', `/api/albums/${retiredId}/like`, ana);
  await act('PUT', `/api/albums/${retiredId}/listen-later`, cleo);
  await act('POST', `/api/collections/${list.id}/albums`, ana, { albumId: retiredId });
  await act('PUT', `/api/albums/${retiredId}/rating`, ben, { rating: 7 });
  await act('POST', '/api/me/journal', cleo, { albumId: retiredId, rating: 8 });
  await act('POST', '/api/reports', ben, { subjectType: 'album', subjectId: retiredId, reason: 'wrong_data', note: 'Same album twice' });
  return { survivorId, retiredId, ana, ben, cleo, liker, listId: list.id as string, olderReviewId: olderReview.id as string };
}

describe('merging duplicate albums', () => {
  it('moves everything to the survivor, keeps one of each person’s, counts exactly, and redirects the old address', async () => {
    const { survivorId, retiredId, ana, ben, cleo, listId } = await duplicatedAlbum('Curated Record');
    const before = (await call('GET', `/api/albums/${retiredId}`, null)).json();

    const merged = await call('POST', '/api/curation/merges', operator, { survivorId, retiredId, reason: 'Same release group' });
    expect(merged.statusCode, merged.body).toBe(201);
    expect(merged.json()).toMatchObject({
      survivor: { id: survivorId },
      retired: { id: retiredId },
      mergedBy: 'Site Operator',
      undoneAt: null,
    });
    expect(Date.parse(merged.json().undoUntil) - clock.now().getTime()).toBe(30 * DAY);

    // Ana's two ratings became her newer one (9); Ben's moved: the survivor has two ratings, 9 and 7.
    const survivor = (await call('GET', `/api/albums/${survivorId}`, ana)).json();
    expect(survivor).toMatchObject({ ratingCount: 2, averageRating: 8, viewerRating: 9, likeCount: 2 });
    expect(survivor.ratingDistribution.filter((step: { count: number }) => step.count > 0)).toEqual([
      { rating: 7, count: 1 },
      { rating: 9, count: 1 },
    ]);
    expect(await albumsWithWrongRatingTotals(t.db, [survivorId, retiredId])).toEqual([]);
    const album = await t.db.selectFrom('album').selectAll().where('id', 'in', [survivorId, retiredId]).orderBy('id').execute();
    const row = (id: string) => album.find((one) => one.id === id)!;
    expect(row(survivorId)).toMatchObject({ review_count: 1, like_count: 2, rating_count: 2 });
    expect(row(retiredId)).toMatchObject({ status: 'merged', merged_into: survivorId, review_count: 0, like_count: 0, rating_count: 0 });

    // The newer review stayed; the list holds the album once; Cleo's listen-later and journal entry moved.
    const reviews = (await call('GET', `/api/albums/${survivorId}/reviews`, null)).json();
    expect(reviews.items).toHaveLength(1);
    expect(reviews.items[0].content ?? reviews.items[0].excerpt).toContain('Better on the reissue');
    const list = (await call('GET', `/api/collections/${listId}`, ana)).json();
    expect(list.albumCount).toBe(1);
    const journal = (await call('GET', '/api/me/journal', cleo)).json();
    expect(journal.items.map((entry: { album: { id: string } }) => entry.album.id)).toEqual([survivorId]);
    const marks = await t.db.selectFrom('listen_later').select('album_id').where('user_id', '=', cleo.user.id).execute();
    expect(marks).toEqual([{ album_id: survivorId }]);

    // Profile counts: Ana has one rating and one review of it now; Ben his one.
    const profile = async (person: TestUser) => (await call('GET', `/api/users/${person.user.username}`, person)).json().stats;
    expect(await profile(ana)).toMatchObject({ ratings: 1, reviews: 1 });
    expect(await profile(ben)).toMatchObject({ ratings: 1 });

    // The duplicate's address answers 301 to the survivor, on the API and the page; its rows are gone from search.
    const api = await call('GET', `/api/albums/${retiredId}`, null);
    expect(api.statusCode).toBe(301);
    expect(api.headers.location).toBe(`/api/albums/${survivor.slug}`);
    const bySlug = await call('GET', `/api/albums/${before.slug}`, null);
    expect(bySlug.statusCode).toBe(301);
    const page = await call('GET', `/album/${before.slug}?from=old-link`, null);
    expect(page.statusCode).toBe(301);
    expect(page.headers.location).toBe(`/album/${survivor.slug}?from=old-link`);
    expect((await call('GET', `/album/${survivor.slug}`, null)).statusCode).toBe(200);
    const found = (await call('GET', `/api/search?q=${encodeURIComponent('Curated Record Remastered')}&type=albums`, null)).json();
    expect(JSON.stringify(found)).not.toContain(retiredId);

    // The report of the duplicate is a report of the survivor now; the merge is in the audit log.
    const report = await t.db.selectFrom('report').select('subject_id').where('reporter_id', '=', ben.user.id).executeTakeFirstOrThrow();
    expect(report.subject_id).toBe(survivorId);
    const audit = (await call('GET', '/api/moderation/audit', operator)).json();
    expect(audit.items[0]).toMatchObject({ action: 'merge', subjectType: 'album', subjectId: retiredId, moderatorName: 'Site Operator' });
    expect(audit.items[0].reason).toContain('Same release group');
  });

  it('is undone within 30 days exactly as things were, and not after', async () => {
    const { survivorId, retiredId, ana, ben, cleo, liker, listId } = await duplicatedAlbum('Undone Record');
    const people = [ana, ben, cleo, liker].map((person) => person.user.id);
    const before = await stateOf([survivorId, retiredId], people, [listId]);

    clock.advance();
    const merge = (await act('POST', '/api/curation/merges', operator, { survivorId, retiredId })).id as string;
    clock.advance();
    expect(await stateOf([survivorId, retiredId], people, [listId])).not.toEqual(before);
    clock.advance(29 * DAY);
    const undone = await call('POST', `/api/curation/merges/${merge}/undo`, operator);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({ undoUntil: null, undoneAt: clock.now().toISOString() });
    clock.advance();
    expect(await stateOf([survivorId, retiredId], people, [listId])).toEqual(before);
    expect((await call('GET', `/api/albums/${retiredId}`, null)).statusCode).toBe(200);
    expect(await albumsWithWrongRatingTotals(t.db, [survivorId, retiredId])).toEqual([]);
    expect((await call('POST', `/api/curation/merges/${merge}/undo`, operator)).statusCode).toBe(409);

    // Merged again and left for 31 days: the daily job forgets what an undo needed, and an undo is refused.
    clock.advance();
    const again = (await act('POST', '/api/curation/merges', operator, { survivorId, retiredId })).id as string;
    clock.advance(31 * DAY);
    expect((await call('POST', `/api/curation/merges/${again}/undo`, operator)).json().error.code).toBe('merge_undo_expired');
    const merges = (await call('GET', '/api/curation/merges', operator)).json();
    expect(merges.items.find((item: { id: string }) => item.id === again)).toMatchObject({ undoUntil: expect.any(String) });
    const audit = (await call('GET', '/api/moderation/audit', operator)).json();
    expect(audit.items.map((item: { action: string }) => item.action).slice(0, 3)).toEqual(['merge', 'unmerge', 'merge']);
    expect(audit.items[1]).toMatchObject({ subjectType: 'album', subjectId: retiredId });
  });

  it('is for moderators, admins and the catalog editors moderators appoint; members and visitors cannot merge', async () => {
    const [member, moderator, editor] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    await act('PUT', `/api/moderation/moderators/${moderator.user.username}`, operator);
    const one = await buildAlbum(t.db, { title: 'Who May Merge' });
    const other = await buildAlbum(t.db, { title: 'Who May Merge' });
    const body = { survivorId: one, retiredId: other };
    expect((await call('POST', '/api/curation/merges', null, body)).statusCode).toBe(401);
    expect((await call('POST', '/api/curation/merges', member, body)).statusCode).toBe(404);
    expect((await call('GET', '/api/curation/duplicates', member)).statusCode).toBe(404);
    expect((await call('PUT', `/api/curation/editors/${editor.user.username}`, member)).statusCode).toBe(404);
    expect((await call('GET', '/api/curation/access', member)).json()).toEqual({ role: null, canAppointEditors: false });
    expect((await call('GET', `/api/albums/${one}`, null)).statusCode).toBe(200);

    clock.advance();
    const appointed = await call('PUT', `/api/curation/editors/${editor.user.username}`, moderator);
    clock.advance();
    expect(appointed.json().items).toEqual([expect.objectContaining({ username: editor.user.username })]);
    expect((await call('GET', '/api/curation/access', editor)).json()).toEqual({ role: 'editor', canAppointEditors: false });
    // An editor merges, but does not appoint other editors.
    expect((await call('PUT', `/api/curation/editors/${member.user.username}`, editor)).statusCode).toBe(404);
    expect((await call('POST', '/api/curation/merges', editor, body)).statusCode).toBe(201);
    expect((await call('POST', '/api/curation/merges', moderator, body)).json().error.code).toBe('album_already_merged');
    expect((await call('POST', '/api/curation/merges', moderator, { survivorId: one, retiredId: one })).json().error.code).toBe(
      'merge_same_album',
    );
    const audit = (await call('GET', '/api/moderation/audit', operator)).json();
    expect(audit.items.slice(0, 2).map((item: { action: string }) => item.action)).toEqual(['merge', 'appoint_editor']);
  });
});

describe('corrections', () => {
  it('are suggested by members and accepted (the album changes) or rejected by curators; the member is told', async () => {
    const member = await createUser(t);
    const albumId = await buildAlbum(t.db, { title: 'Teh Mispelt Album', artist: 'Corrected Artist', releaseDate: '1990' });
    const suggest = (body: object) => call('POST', `/api/albums/${albumId}/corrections`, member, body);
    expect((await suggest({ field: 'year', value: 'nineteen' })).json().error.issues[0].code).toBe('correction_year_invalid');
    expect((await suggest({ field: 'release_type', value: 'boxset' })).json().error.issues[0].code).toBe('correction_type_invalid');
    expect((await suggest({ field: 'year', value: '1990' })).json().error.code).toBe('correction_unchanged');
    const title = await suggest({ field: 'title', value: 'The Misspelt Album', note: 'Typo on the cover scan' });
    expect(title.statusCode, title.body).toBe(201);
    clock.advance();
    const year = (await suggest({ field: 'year', value: '1991' })).json();
    expect(year).toMatchObject({ field: 'year', previous: '1990', value: '1991', status: 'open', suggestedBy: member.user.username });

    expect((await call('GET', '/api/curation/corrections', member)).statusCode).toBe(404);
    const queue = (await call('GET', '/api/curation/corrections', operator)).json();
    expect(
      queue.items.filter((item: { album: { id: string } }) => item.album.id === albumId).map((item: { field: string }) => item.field),
    ).toEqual(['title', 'year']);

    const accepted = await call('POST', `/api/curation/corrections/${title.json().id}/decision`, operator, { accept: true });
    expect(accepted.json()).toMatchObject({ status: 'accepted' });
    clock.advance();
    const rejected = await call('POST', `/api/curation/corrections/${year.id}/decision`, operator, {
      accept: false,
      reason: 'The 1990 pressing is the first',
    });
    expect(rejected.json()).toMatchObject({ status: 'rejected', decisionReason: 'The 1990 pressing is the first' });
    expect((await call('POST', `/api/curation/corrections/${year.id}/decision`, operator, { accept: true })).statusCode).toBe(409);

    const album = (await call('GET', `/api/albums/${albumId}`, null)).json();
    expect(album).toMatchObject({ title: 'The Misspelt Album', releaseYear: 1990 });
    const found = (await call('GET', `/api/search?q=${encodeURIComponent('Misspelt')}`, null)).json();
    expect(JSON.stringify(found)).toContain(albumId);
    await t.app.domainEvents.idle();
    const notices = (await call('GET', '/api/notifications', member)).json();
    const kinds = notices.items.map((item: { kind: string }) => item.kind);
    expect(kinds).toEqual(expect.arrayContaining(['correction_accepted', 'correction_rejected']));
    const audit = (await call('GET', '/api/moderation/audit', operator)).json();
    expect(audit.items.slice(0, 2).map((item: { action: string }) => item.action)).toEqual(['reject_correction', 'accept_correction']);
  });
});
