import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ratingsEndpoints } from '../lib/endpoints.ts';
import { pendingStore, sendOrKeep, startOutbox } from './outbox.ts';
import { dropWrite, keptWrites, outboxMember, sendKeptWrites } from './outbox-store.ts';

const ALBUM = 'blue-train';
const rateOffline = (memberId: string, rating: number) =>
  sendOrKeep({
    memberId,
    kind: 'album-rating',
    albumRef: ALBUM,
    label: 'Blue Train — John Coltrane',
    endpoint: ratingsEndpoints.rate,
    input: { params: { albumId: ALBUM }, body: { rating } },
  });

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const rated = (rating: number) => ({ albumId: 'a1', rating, averageRating: rating, ratingCount: 1, ratingDistribution: [] });

/** What reached "the server": each request's method, URL, key and body. */
let received: { method: string; url: string; key: string | null; body: unknown }[] = [];
function serverAnswering(reply: (index: number) => Response | Error) {
  received = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const result = reply(received.length);
      received.push({
        method: init.method ?? 'GET',
        url,
        key: new Headers(init.headers).get('idempotency-key'),
        body: JSON.parse(String(init.body)),
      });
      if (result instanceof Error) throw result;
      return result;
    }),
  );
}
const offline = () => serverAnswering(() => new TypeError('Failed to fetch'));

beforeEach(async () => {
  for (const member of ['ada', 'bo']) for (const write of await keptWrites(member)) await dropWrite(write.key);
});
afterEach(() => vi.unstubAllGlobals());

describe('the outbox', () => {
  it('sends a write at once with an Idempotency-Key when the network is there, and keeps nothing', async () => {
    serverAnswering(() => answer(200, rated(8)));
    expect(await rateOffline('ada', 8)).toMatchObject({ rating: 8 });
    expect(received).toHaveLength(1);
    expect(received[0]!.key).toMatch(/^"[0-9a-f-]{36}"$/);
    expect(await keptWrites('ada')).toEqual([]);
  });

  it('keeps a write made offline, with its key and member, and shows it as waiting', async () => {
    offline();
    expect(await rateOffline('ada', 7)).toBeNull();
    const [kept] = await keptWrites('ada');
    expect(kept).toMatchObject({
      memberId: 'ada',
      kind: 'album-rating',
      method: 'PUT',
      url: `/api/albums/${ALBUM}/rating`,
      body: { rating: 7 },
    });
    // The same key as the attempt that failed: it may have reached the server with only its answer lost.
    expect(`"${kept!.key}"`).toBe(received[0]!.key);
    expect(pendingStore.snapshot().map((write) => write.key)).toEqual([kept!.key]);
  });

  it('offline before the contract’s code has come, says the connection is why and keeps nothing', async () => {
    offline();
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    const codeNeverCame: typeof ratingsEndpoints.rate = {
      name: 'ratings.rate',
      load: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    };
    await expect(
      sendOrKeep({
        memberId: 'ada',
        kind: 'album-rating',
        albumRef: ALBUM,
        label: 'Blue Train',
        endpoint: codeNeverCame,
        input: { params: { albumId: ALBUM }, body: { rating: 7 } },
      }),
    ).rejects.toMatchObject({ status: 0, code: 'network_error' });
    expect(received).toEqual([]);
    expect(await keptWrites('ada')).toEqual([]);
  });

  it('sends kept writes in order with their own keys, twice if need be, and drops each once it is answered', async () => {
    offline();
    await rateOffline('ada', 6);
    await rateOffline('ada', 9);
    const keys = (await keptWrites('ada')).map((write) => `"${write.key}"`);
    // The first send of the second write loses the network: it stays for the next time, with the same key.
    serverAnswering((index) => (index === 0 ? answer(200, rated(6)) : new TypeError('Failed to fetch')));
    const first = await sendKeptWrites('ada');
    expect(first).toMatchObject({ offline: true, refused: [] });
    expect(first.sent.map((write) => (write.body as { rating: number }).rating)).toEqual([6]);
    serverAnswering(() => answer(200, rated(9)));
    const second = await sendKeptWrites('ada');
    expect(second.sent.map((write) => (write.body as { rating: number }).rating)).toEqual([9]);
    expect(received.map((request) => request.key)).toEqual([keys[1]]);
    expect(await keptWrites('ada')).toEqual([]);
  });

  it('drops a write the server refuses, saying why, and keeps one it may take later (5xx, 429, 409 while it runs)', async () => {
    offline();
    await rateOffline('ada', 5);
    await rateOffline('ada', 4);
    serverAnswering((index) =>
      index === 0
        ? answer(404, { error: { code: 'album_not_found', message: 'There is no such album.', issues: [] } })
        : answer(503, { error: { code: 'unavailable', message: 'Later.', issues: [] } }),
    );
    const outcome = await sendKeptWrites('ada');
    expect(outcome.refused.map(({ write, code }) => [(write.body as { rating: number }).rating, code])).toEqual([[5, 'album_not_found']]);
    expect((await keptWrites('ada')).map((write) => (write.body as { rating: number }).rating)).toEqual([4]);
    for (const status of [429, 409]) {
      serverAnswering(() => answer(status, { error: { code: 'later', message: 'Later.', issues: [] } }));
      await sendKeptWrites('ada');
      expect(await keptWrites('ada'), String(status)).toHaveLength(1);
    }
  });

  it('never sends one member’s kept writes as another: they wait on the device for their member', async () => {
    offline();
    await rateOffline('ada', 3);
    serverAnswering(() => answer(200, rated(3)));
    expect(await sendKeptWrites('bo')).toEqual({ sent: [], refused: [], offline: false });
    expect(received).toEqual([]);
    expect(await keptWrites('ada')).toHaveLength(1);
  });

  it('sends the member’s kept writes as it starts and when the connection returns, and forgets the member on sign-out', async () => {
    offline();
    await rateOffline('ada', 8);
    const client = new QueryClient();
    const stop = startOutbox(client, 'ada');
    await vi.waitFor(async () => expect(await outboxMember()).toBe('ada'));
    // Still offline as it starts: the write stays.
    await vi.waitFor(() => expect(received.length).toBeGreaterThan(1));
    expect(await keptWrites('ada')).toHaveLength(1);
    serverAnswering(() => answer(200, rated(8)));
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(async () => expect(await keptWrites('ada')).toEqual([]));
    expect(received.map((request) => request.body)).toEqual([{ rating: 8 }]);
    expect(pendingStore.snapshot()).toEqual([]);
    stop();
    await vi.waitFor(async () => expect(await outboxMember()).toBeNull());
  });
});
