import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { manualClock } from '../../../test/clock.ts';
import { buildAlbum } from '../../../test/factories.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { requestFingerprint } from './idempotency.ts';

let t: TestApp;
let albumId: string;
let trackId: string;
let person: TestUser;
let other: TestUser;
const clock = manualClock();
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
  albumId = await buildAlbum(t.db, { title: 'Blue Train', artist: 'John Coltrane', tracks: [{ position: 1, title: 'Blue Train' }] });
  trackId = (await t.inject(`/api/albums/${albumId}`)).json<{ tracks: { id: string }[] }>().tracks[0]!.id;
  person = await createUser(t);
  other = await createUser(t);
});
afterAll(() => t.close());

let sequence = 0;
/** A fresh key, as the web app's outbox makes one per write (a UUID). */
const newKey = () => `offline-write-${String(++sequence).padStart(4, '0')}-${Math.random().toString(36).slice(2, 10)}`;

const send = (method: 'PUT' | 'POST', url: string, payload: object, key: string | undefined, user: TestUser = person) =>
  t.inject({ method, url, payload, headers: { cookie: user.cookie, ...(key === undefined ? {} : { 'idempotency-key': key }) } });
const rate = (rating: number, key?: string, user?: TestUser) => send('PUT', `/api/albums/${albumId}/rating`, { rating }, key, user);
const log = (payload: object, key?: string, user?: TestUser) => send('POST', '/api/me/journal', payload, key, user);

const ratingRows = (userId: string) =>
  t.db.selectFrom('rating').select('rating').where('user_id', '=', userId).where('album_id', '=', albumId).execute();
const journalCount = async (userId: string) =>
  Number(
    (
      await t.db
        .selectFrom('journal_entry')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('a write sent again with its Idempotency-Key', () => {
  it('logs a listen once and answers the repeat with the first answer, marked as replayed', async () => {
    const before = await journalCount(person.user.id);
    const key = newKey();
    const first = await log({ albumId, note: 'Side one, twice' }, key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await log({ albumId, note: 'Side one, twice' }, key);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await journalCount(person.user.id)).toBe(before + 1);
    // Without a key, or with a new one, each request is a new listen.
    expect((await log({ albumId, note: 'Side one, twice' }, newKey())).statusCode).toBe(201);
    expect((await log({ albumId, note: 'Side one, twice' })).statusCode).toBe(201);
    expect(await journalCount(person.user.id)).toBe(before + 3);
  });

  it('rates once: a repeat after the rating changed answers what the first request did, and changes nothing', async () => {
    const key = newKey();
    const first = await rate(7, key);
    expect(first.statusCode, first.body).toBe(200);
    expect((await rate(9, newKey())).json().rating).toBe(9);
    const again = await rate(7, key);
    expect(again.json()).toEqual(first.json());
    expect(await ratingRows(person.user.id)).toEqual([{ rating: 9 }]);
  });

  it('takes the key in the draft’s quoted form too, and on track ratings and review drafts', async () => {
    const key = newKey();
    const track = (rating: number) => send('PUT', `/api/albums/${albumId}/tracks/${trackId}/rating`, { rating }, `"${key}"`);
    expect((await track(6)).json().rating).toBe(6);
    expect((await track(6)).headers['idempotent-replayed']).toBe('true');

    const draftKey = newKey();
    const draft = () => send('PUT', `/api/albums/${albumId}/reviews/draft`, { title: 'Later', content: '<p>Half a thought</p>' }, draftKey);
    const saved = await draft();
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ title: 'Later', contentHtml: '<p>Half a thought</p>' });
    expect((await draft()).json()).toEqual(saved.json());
  });

  it('refuses the same key with a different request with 422, and runs nothing', async () => {
    const key = newKey();
    expect((await rate(5, key)).statusCode).toBe(200);
    const changed = await rate(6, key);
    expect(changed.statusCode).toBe(422);
    expect(changed.json().error).toMatchObject({
      code: 'idempotency_key_reused',
      message: 'This Idempotency-Key was already used for a different request.',
    });
    expect(await ratingRows(person.user.id)).toEqual([{ rating: 5 }]);
    // Another route with the key is another request too.
    expect((await log({ albumId }, key)).statusCode).toBe(422);
  });

  it('keeps each member’s keys apart: another member’s same key runs for them', async () => {
    const key = newKey();
    expect((await rate(8, key)).statusCode).toBe(200);
    const theirs = await rate(3, key, other);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().rating).toBe(3);
    expect(await ratingRows(other.user.id)).toEqual([{ rating: 3 }]);
    expect(await ratingRows(person.user.id)).toEqual([{ rating: 8 }]);
  });

  it('answers 409 while the first request with the key is still running, and runs a repeat once it was abandoned', async () => {
    const key = newKey();
    const now = clock.now().toISOString();
    // The first request, running in another server process, has taken the key and not answered yet.
    await t.db
      .insertInto('idempotency_key')
      .values({
        user_id: person.user.id,
        key,
        fingerprint: requestFingerprint('POST', '/api/me/journal', { albumId }),
        status: null,
        response: null,
        created_at: now,
        expires_at: new Date(clock.now().getTime() + 24 * HOUR).toISOString(),
      })
      .execute();
    const before = await journalCount(person.user.id);
    const meanwhile = await log({ albumId }, key);
    expect(meanwhile.statusCode).toBe(409);
    expect(meanwhile.json().error.code).toBe('idempotency_key_in_flight');
    expect(await journalCount(person.user.id)).toBe(before);
    // Its process stopped before answering: a repeat much later is not kept waiting for the rest of the day.
    clock.advance(HOUR);
    expect((await log({ albumId }, key)).statusCode).toBe(201);
    expect((await log({ albumId }, key)).headers['idempotent-replayed']).toBe('true');
    expect(await journalCount(person.user.id)).toBe(before + 1);
  });

  it('forgets a key after 24 hours: the key then runs a new request', async () => {
    const key = newKey();
    expect((await rate(4, key)).statusCode).toBe(200);
    clock.advance(23 * HOUR);
    expect((await rate(10, key)).statusCode).toBe(422);
    clock.advance(2 * HOUR);
    const later = await rate(10, key);
    expect(later.statusCode).toBe(200);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await ratingRows(person.user.id)).toEqual([{ rating: 10 }]);
    const kept = await t.db.selectFrom('idempotency_key').select('key').where('expires_at', '<=', clock.now().toISOString()).execute();
    expect(kept).toEqual([]);
  });

  it('keeps the answer of a refused request too: a repeat of a rating of no album is the same 404, not run again', async () => {
    const key = newKey();
    const missing = await send('PUT', '/api/albums/no-such-album/rating', { rating: 5 }, key);
    expect(missing.statusCode).toBe(404);
    expect((await send('PUT', '/api/albums/no-such-album/rating', { rating: 5 }, key)).headers['idempotent-replayed']).toBe('true');
  });

  it('refuses a malformed key with 400 and a clear code, and ignores the header where it is not taken', async () => {
    for (const bad of ['short', 'has spaces in it, sixteen+', 'x'.repeat(129), '"unterminated-key-0001', 'ключ-ключ-ключ-ключ']) {
      const response = await rate(5, bad);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().error.code, bad).toBe('idempotency_key_invalid');
    }
    const unrate = await t.inject({
      method: 'DELETE',
      url: `/api/albums/${albumId}/rating`,
      headers: { cookie: person.cookie, 'idempotency-key': 'short' },
    });
    expect(unrate.statusCode).toBe(200);
  });

  it('documents the header on the writes that take it', async () => {
    const document = (await t.inject('/api/docs/json')).json<{
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
    }>();
    const headerOf = (path: string, method: string) =>
      document.paths[path]?.[method]?.parameters?.some((parameter) => parameter.in === 'header' && parameter.name === 'Idempotency-Key');
    expect(headerOf('/api/albums/{albumId}/rating', 'put')).toBe(true);
    expect(headerOf('/api/albums/{albumId}/tracks/{trackId}/rating', 'put')).toBe(true);
    expect(headerOf('/api/me/journal', 'post')).toBe(true);
    expect(headerOf('/api/albums/{albumId}/reviews/draft', 'put')).toBe(true);
    expect(headerOf('/api/albums/{albumId}/rating', 'delete')).toBeFalsy();
  });
});
