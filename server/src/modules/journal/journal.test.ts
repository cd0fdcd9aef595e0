import type { JournalEntry, JournalPage } from '@hearsay/contracts/journal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { manualClock } from '../../../test/clock.ts';
import { buildAlbum } from '../../../test/factories.ts';
import { createUser, type TestUser } from '../../../test/users.ts';

let t: TestApp;
let albumId: string;
let otherAlbumId: string;
let person: TestUser;

const clock = manualClock();

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
  albumId = await buildAlbum(t.db, { title: 'Blue Train', artist: 'John Coltrane' });
  otherAlbumId = await buildAlbum(t.db, { title: 'Kind of Blue', artist: 'Miles Davis' });
  person = await createUser(t);
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);

const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, user: TestUser | null = person, payload?: object) =>
  t.inject({ method, url, headers: user ? { cookie: user.cookie } : {}, ...(payload ? { payload } : {}) });
const log = (payload: object, user: TestUser | null = person) => send('POST', '/api/me/journal', user, payload);

describe('logging a listen', () => {
  it('logs a listen today by default, with no rating or note, and shows its album', async () => {
    const response = await log({ albumId });
    expect(response.statusCode, response.body).toBe(201);
    const entry = response.json<JournalEntry>();
    expect(entry).toMatchObject({ listenedOn: day(0), rating: null, note: null });
    expect(entry.album).toMatchObject({ id: albumId, title: 'Blue Train', artistCredit: 'John Coltrane' });
  });

  it('takes a day, a rating in half steps and a trimmed plain-text note; the album may be named by its slug', async () => {
    const album = (await t.inject(`/api/albums/${otherAlbumId}`)).json<{ slug: string }>();
    const response = await log({ albumId: album.slug, listenedOn: '1999-12-31', rating: 8.5, note: '  Side two at <b>midnight</b>.  ' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ listenedOn: '1999-12-31', rating: 8.5, note: 'Side two at <b>midnight</b>.' });
    expect(response.json().album.id).toBe(otherAlbumId);
  });

  it('refuses a day in the future, before 1900 or not on the calendar, with a clear message', async () => {
    for (const [listenedOn, message] of [
      [day(3), 'Listening date cannot be in the future.'],
      ['1899-12-31', 'Listening date cannot be before 1900'],
      ['2023-02-29', 'Listening date is not a real calendar date'],
      ['yesterday', 'Listening date must be a date like 2026-11-22'],
    ] as const) {
      const response = await log({ albumId, listenedOn });
      expect(response.statusCode, listenedOn).toBe(400);
      expect(response.json().error.message, listenedOn).toContain(message);
    }
    // Someone east of UTC may already be on tomorrow's date.
    expect((await log({ albumId, listenedOn: day(0) })).statusCode).toBe(201);
  });

  it('refuses a rating outside 1 to 10 or off the half steps, and a note over 1000 characters', async () => {
    for (const [payload, message] of [
      [{ albumId, rating: 0 }, 'Rating must be at least 1'],
      [{ albumId, rating: 11 }, 'Rating must be at most 10'],
      [{ albumId, rating: 7.25 }, 'Rating must be in steps of 0.5'],
      [{ albumId, rating: 'great' }, 'Rating must be a number from 1 to 10'],
      [{ albumId, note: 'x'.repeat(1001) }, 'Note must be at most 1000 characters'],
      [{}, 'Choose an album to log'],
    ] as const) {
      const response = await log(payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(response.json().error.message).toContain(message);
    }
    expect((await log({ albumId, note: 'x'.repeat(1000) })).statusCode).toBe(201);
  });

  it('is for members only, and for albums that exist', async () => {
    expect((await log({ albumId }, null)).statusCode).toBe(401);
    expect((await send('GET', '/api/me/journal', null)).statusCode).toBe(401);
    const missing = await log({ albumId: 'no-such-album' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('album_not_found');
  });
});

describe('the journal', () => {
  it('lists your listens newest first, by month and by album, paginated, with month counts', async () => {
    const listener = await createUser(t);
    const days = ['2024-03-02', '2024-03-28', '2024-01-15', '2023-12-31', '2024-03-28'];
    for (const [index, listenedOn] of days.entries()) {
      expect((await log({ albumId: index % 2 ? otherAlbumId : albumId, listenedOn }, listener)).statusCode).toBe(201);
      // Entries on the same day are told apart by when they were logged.
      clock.advance();
    }
    const all = (await send('GET', '/api/me/journal?limit=2', listener)).json<JournalPage>();
    expect(all).toMatchObject({ total: 5, totalPages: 3, page: 1 });
    // The same day: the one logged last comes first.
    expect(all.items.map((entry) => [entry.listenedOn, entry.album.id])).toEqual([
      ['2024-03-28', albumId],
      ['2024-03-28', otherAlbumId],
    ]);
    const third = (await send('GET', '/api/me/journal?limit=2&page=3', listener)).json<JournalPage>();
    expect(third.items.map((entry) => entry.listenedOn)).toEqual(['2023-12-31']);

    const march = (await send('GET', '/api/me/journal?month=2024-03', listener)).json<JournalPage>();
    expect(march.items.map((entry) => entry.listenedOn)).toEqual(['2024-03-28', '2024-03-28', '2024-03-02']);
    const ofAlbum = (await send('GET', `/api/me/journal?album=${otherAlbumId}`, listener)).json<JournalPage>();
    expect(ofAlbum.items.map((entry) => entry.listenedOn)).toEqual(['2024-03-28', '2023-12-31']);

    expect((await send('GET', '/api/me/journal/months', listener)).json()).toEqual({
      items: [
        { month: '2024-03', count: 3 },
        { month: '2024-01', count: 1 },
        { month: '2023-12', count: 1 },
      ],
    });
    for (const query of ['month=2024-13', 'month=March', 'page=0', 'limit=500']) {
      expect((await send('GET', `/api/me/journal?${query}`, listener)).statusCode, query).toBe(400);
    }
  });

  it('shows nobody else your journal', async () => {
    const stranger = await createUser(t);
    await log({ albumId, listenedOn: '2020-05-05', note: 'private' }, stranger);
    const mine = (await send('GET', '/api/me/journal?month=2020-05')).json<JournalPage>();
    expect(mine.total).toBe(0);
  });
});

describe('editing and deleting a listen', () => {
  it('changes the day, rating and note; null clears the rating and note', async () => {
    const entry = (await log({ albumId, listenedOn: '2022-06-01', rating: 6, note: 'First time' })).json<JournalEntry>();
    const changed = await send('PATCH', `/api/me/journal/${entry.id}`, person, { listenedOn: '2022-06-02', rating: 9.5 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ id: entry.id, listenedOn: '2022-06-02', rating: 9.5, note: 'First time' });
    const cleared = (await send('PATCH', `/api/me/journal/${entry.id}`, person, { rating: null, note: null })).json();
    expect(cleared).toMatchObject({ listenedOn: '2022-06-02', rating: null, note: null });
    const listed = (await send('GET', '/api/me/journal?month=2022-06')).json<JournalPage>();
    expect(listed.items.map((item) => [item.id, item.listenedOn])).toEqual([[entry.id, '2022-06-02']]);

    const future = await send('PATCH', `/api/me/journal/${entry.id}`, person, { listenedOn: day(5) });
    expect(future.statusCode).toBe(400);
    expect(future.json().error).toMatchObject({ code: 'listened_in_future', message: 'Listening date cannot be in the future.' });
    expect((await send('PATCH', `/api/me/journal/${entry.id}`, person, { rating: 10.5 })).statusCode).toBe(400);
  });

  it('deletes your own listen, once', async () => {
    const entry = (await log({ albumId, listenedOn: '2021-01-01' })).json<JournalEntry>();
    const deleted = await send('DELETE', `/api/me/journal/${entry.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await send('GET', '/api/me/journal?month=2021-01')).json().total).toBe(0);
    expect((await send('DELETE', `/api/me/journal/${entry.id}`)).statusCode).toBe(404);
  });

  it('answers 404 for someone else’s entry, and leaves it as it was', async () => {
    const owner = await createUser(t);
    const entry = (await log({ albumId, listenedOn: '2019-09-09', note: 'Mine' }, owner)).json<JournalEntry>();
    const edit = await send('PATCH', `/api/me/journal/${entry.id}`, person, { note: 'Not yours' });
    expect(edit.statusCode).toBe(404);
    expect(edit.json().error.code).toBe('journal_entry_not_found');
    expect((await send('DELETE', `/api/me/journal/${entry.id}`)).statusCode).toBe(404);
    const theirs = (await send('GET', '/api/me/journal?month=2019-09', owner)).json<JournalPage>();
    expect(theirs.items.map((item) => item.note)).toEqual(['Mine']);
  });

  it('goes with the person when the account is deleted', async () => {
    const leaving = await createUser(t);
    await log({ albumId, listenedOn: '2018-08-08' }, leaving);
    await t.db.deleteFrom('user').where('id', '=', leaving.user.id).execute();
    const left = await t.db.selectFrom('journal_entry').select('id').where('user_id', '=', leaving.user.id).execute();
    expect(left).toEqual([]);
  });
});
