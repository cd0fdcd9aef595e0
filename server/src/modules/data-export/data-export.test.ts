import { EXPORT_FILES, HearsayExportSchema } from '@hearsay/contracts/data-export';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { manualClock } from '../../../test/clock.ts';
import { downloadExport, exportData } from '../../../test/exports.ts';
import { buildAlbum } from '../../../test/factories.ts';
import { requestsTo } from '../../../test/requests.ts';
import { createUser } from '../../../test/users.ts';
import { DIARY_HEADER, RATINGS_HEADER, RYM_HEADER } from './data-export.files.ts';

let t: TestApp;
const clock = manualClock();
const { call, act } = requestsTo(() => t);
const REVIEW = '<p>A <strong>record</strong> that rewards patience: the second side is where it all comes together, slowly.</p>';

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
});
afterAll(() => t.close());

describe('Download my data', () => {
  it('builds a ZIP of everything of yours in the background: JSON with its schema, RateYourMusic and Letterboxd CSVs', async () => {
    const [me, friend] = await Promise.all([createUser(t, { name: 'Export Me' }), createUser(t, { name: 'A Friend' })]);
    const low = await buildAlbum(t.db, {
      title: 'Quiet "Songs"',
      artist: 'Low',
      releaseDate: '1994-03-01',
      mbid: 'f0b1f1c2-0000-4000-8000-000000000001',
    });
    const drella = await buildAlbum(t.db, { title: 'Songs for Drella', artist: 'Lou Reed & John Cale', releaseDate: '1990' });
    const later = await buildAlbum(t.db, { title: 'Spiderland', artist: 'Slint', releaseDate: '1991' });

    await act('PUT', `/api/albums/${low}/rating`, me, { rating: 7.5 });
    await act('PUT', `/api/albums/${drella}/rating`, me, { rating: 9 });
    const review = await act('POST', `/api/albums/${drella}/reviews`, me, { rating: 9, title: 'Two voices', content: REVIEW });
    const friendsReview = await act('POST', `/api/albums/${low}/reviews`, friend, { rating: 8, content: REVIEW });
    const friendsComment = await act('POST', `/api/reviews/${friendsReview.id}/comments`, friend, { body: 'Thanks for reading it.' });
    await act('POST', `/api/reviews/${friendsReview.id}/comments`, me, { body: 'Well put, and so true.', replyTo: friendsComment.id });
    await act('PUT', `/api/reviews/${friendsReview.id}/like`, me);
    await act('PUT', `/api/albums/${low}/like`, me);
    await act('PUT', `/api/albums/${later}/listen-later`, me);
    const shelf = await act('POST', '/api/collections', me, { name: 'Night drives', albumIds: [low, drella] });
    await act('PUT', `/api/collections/${shelf.id}/order`, me, { albumIds: [drella, low] });
    await act('PUT', `/api/collections/${shelf.id}/albums/${low}/note`, me, { note: 'Side two, after midnight.' });
    await act('POST', '/api/me/journal', me, { albumId: low, listenedOn: '2026-10-01', note: 'First time through.' });
    await act('POST', '/api/me/journal', me, { albumId: low, listenedOn: '2026-10-08', rating: 8 });
    await act('PUT', `/api/users/${friend.user.username}/follow`, me);
    await act('PUT', `/api/users/${me.user.username}/follow`, friend);

    const done = await exportData(t, me);
    expect(done).toMatchObject({ status: 'done', error: null });
    expect(done.processed).toBe(done.total);
    expect(done.total).toBe(2 + 1 + 1 + 1 + 1 + 1 + 1 + 2 + 2 + 1 + 1);
    await t.app.domainEvents.idle();

    const { response, zip, files } = await downloadExport(t, me, done.id);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="hearsay-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(zip.subarray(0, 2).toString()).toBe('PK');
    expect(Object.keys(files).sort()).toEqual(Object.values(EXPORT_FILES).sort());

    const data = HearsayExportSchema.parse(JSON.parse(files[EXPORT_FILES.json]!));
    expect(data.profile).toMatchObject({ username: me.user.username, name: 'Export Me', email: me.user.email, visibility: 'public' });
    expect(data.ratings.map((r) => [r.album.title, r.rating]).sort()).toEqual([
      ['Quiet "Songs"', 7.5],
      ['Songs for Drella', 9],
    ]);
    expect(data.ratings.find((r) => r.album.id === low)!.album).toMatchObject({
      artist: 'Low',
      year: 1994,
      mbid: 'f0b1f1c2-0000-4000-8000-000000000001',
      url: expect.stringMatching(/^http.*\/album\//),
    });
    expect(data.reviews).toEqual([
      expect.objectContaining({ id: review.id, title: 'Two voices', rating: 9, html: expect.stringContaining('<strong>record</strong>') }),
    ]);
    expect(data.reviews[0]!.text).toContain('A record that rewards patience');
    expect(data.comments).toEqual([
      expect.objectContaining({
        body: 'Well put, and so true.',
        reviewUrl: expect.stringContaining(friendsReview.id),
        inReplyTo: { username: friend.user.username, body: 'Thanks for reading it.' },
      }),
    ]);
    expect(data.likes.reviews).toHaveLength(1);
    expect(data.likes.albums.map((like) => like.album.id)).toEqual([low]);
    expect(data.listenLater.map((item) => item.album.title)).toEqual(['Spiderland']);
    expect(data.collections).toEqual([
      expect.objectContaining({
        name: 'Night drives',
        private: false,
        albums: [
          expect.objectContaining({ album: expect.objectContaining({ id: drella }), note: '' }),
          expect.objectContaining({ album: expect.objectContaining({ id: low }), note: 'Side two, after midnight.' }),
        ],
      }),
    ]);
    expect(data.journal.map((entry) => [entry.listenedOn, entry.rating, entry.note]).sort()).toEqual([
      ['2026-10-01', null, 'First time through.'],
      ['2026-10-08', 8, null],
    ]);
    expect(data.follows.following.map((person) => person.username)).toEqual([friend.user.username]);
    expect(data.follows.followers.map((person) => person.username)).toEqual([friend.user.username]);
    // No track played: no listens/ files, and the file says so.
    expect(data.listens).toEqual({ count: 0, files: 'listens/<year>/<month>.jsonl' });
    expect(JSON.parse(files[EXPORT_FILES.schema]!)).toMatchObject({
      type: 'object',
      required: expect.arrayContaining(['format', 'ratings']),
    });

    // RateYourMusic's own header; ratings in its whole 1–10; listen later is its wishlist ("w"); the review in its
    // markup, its title in its own column. No RateYourMusic id: these albums were rated here, and never Hearsay's id.
    const rym = files[EXPORT_FILES.rym]!.split('\r\n');
    expect(rym[0]).toBe(RYM_HEADER);
    expect(rym[0]!.split(',')).toHaveLength(13);
    expect(rym).toContain(`"","","Low","","","Quiet ""Songs""","1994","8","","","","",""`);
    expect(rym).toContain(`"","","Slint","","","Spiderland","1991","","w","","","",""`);
    expect(rym).toContain(
      `"","","Lou Reed & John Cale","","","Songs for Drella","1990","9","","","","A [b]record[/b] that rewards patience: the second side is where it all comes together, slowly.","Two voices"`,
    );
    expect(files[EXPORT_FILES.rym]).not.toContain(low);

    // Letterboxd-style: stars out of five; the second listen of an album is a relisten.
    const diary = files[EXPORT_FILES.diary]!.trim().split('\r\n');
    expect(diary[0]).toBe(DIARY_HEADER);
    expect(diary.slice(1).map((line) => line.split('","').slice(5, 8))).toEqual([
      ['', '', '2026-10-01'],
      ['4', 'Yes', '2026-10-08'],
    ]);
    const ratings = files[EXPORT_FILES.ratings]!.trim().split('\r\n');
    expect(ratings[0]).toBe(RATINGS_HEADER);
    expect(ratings.slice(1).map((line) => line.split(',').at(-1))).toEqual(expect.arrayContaining(['"4"', '"4.5"']));

    // The person is told in the bell, with a link to where the download is.
    const { items } = await act('GET', '/api/notifications', me);
    expect(items[0]).toMatchObject({ kind: 'export_ready', href: '/settings?tab=privacy', unread: true });
  });

  it('is yours alone, one at a time, and kept for a week', async () => {
    const [me, other] = await Promise.all([createUser(t), createUser(t)]);
    const done = await exportData(t, me);
    expect((await call('GET', `/api/me/exports/${done.id}`, other)).statusCode).toBe(404);
    expect((await call('GET', `/api/me/exports/${done.id}/download`, other)).statusCode).toBe(404);
    expect((await call('GET', `/api/me/exports/${done.id}/download`, null)).statusCode).toBe(401);
    expect((await call('GET', '/api/me/exports/latest', me)).json().export).toMatchObject({ id: done.id, status: 'done' });
    expect((await call('GET', '/api/me/exports/latest', other)).json().export).toBeNull();

    // While one is being built, asking again is refused.
    const first = await call('POST', '/api/me/exports', other);
    const second = await call('POST', '/api/me/exports', other);
    expect(first.statusCode).toBe(202);
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('export_running');

    clock.advance(8 * 24 * 60 * 60_000);
    const expired = await call('GET', `/api/me/exports/${done.id}/download`, me);
    expect(expired.statusCode).toBe(404);
    expect(expired.json().error.message).toBe('This export has expired. Please ask for a new one.');
  });
});
