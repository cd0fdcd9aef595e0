import { endpoint } from '@hearsay/contracts/endpoint';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { call, endpointKey, endpointQuery, lazyContract, sendApiCallsThrough } from './api-client.ts';

const AlbumSchema = z.object({ id: z.string(), title: z.string() });
const albums = {
  album: endpoint({
    method: 'GET',
    path: '/api/albums/:albumId',
    summary: 'One album',
    tags: ['catalog'],
    params: z.object({ albumId: z.string() }),
    responses: { 200: AlbumSchema },
  }),
  rate: endpoint({
    method: 'PUT',
    path: '/api/albums/:albumId/rating',
    summary: 'Rate an album',
    tags: ['ratings'],
    params: z.object({ albumId: z.string() }),
    body: z.object({ rating: z.number() }),
    responses: { 200: z.object({ rating: z.number() }) },
  }),
};

afterEach(() => sendApiCallsThrough((path, init) => fetch(path, init)));

function answering(body: unknown) {
  const sent: { path: string; method: string | undefined; body: unknown }[] = [];
  sendApiCallsThrough(async (path, init) => {
    sent.push({ path, method: init.method, body: init.body });
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return sent;
}

describe('lazyContract', () => {
  it('names its endpoints for cache keys without loading the contract', () => {
    const load = vi.fn(async () => ({ catalogEndpoints: albums }));
    const contract = lazyContract('catalog', load);
    expect(endpointKey(contract.album)).toEqual(['catalog.album']);
    expect(endpointQuery(contract.album, { params: { albumId: 'a1' } }).queryKey).toEqual(['catalog.album', { albumId: 'a1' }, {}]);
    // The same object each time, so that lists of endpoints can be compared and deduplicated.
    expect(contract.album).toBe(contract.album);
    expect(load).not.toHaveBeenCalled();
  });

  it('loads the contract once, on the first call, and sends what it declares', async () => {
    const load = vi.fn(async () => ({ catalogEndpoints: albums }));
    const contract = lazyContract('catalog', load);
    const sent = answering({ id: 'a1', title: 'Meddle', extra: 'left out by the schema' });
    await expect(call(contract.album, { params: { albumId: 'a 1' } })).resolves.toEqual({ id: 'a1', title: 'Meddle' });
    answering({ rating: 8 });
    await call(contract.rate, { params: { albumId: 'a1' }, body: { rating: 8 } });
    expect(load).toHaveBeenCalledTimes(1);
    expect(sent).toEqual([{ path: '/api/albums/a%201', method: 'GET', body: undefined }]);
  });

  it('tries a contract that failed to load again on the next call', async () => {
    const load = vi
      .fn<() => Promise<{ catalogEndpoints: typeof albums }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ catalogEndpoints: albums });
    const contract = lazyContract('catalog', load);
    answering({ id: 'a1', title: 'Meddle' });
    await expect(call(contract.album, { params: { albumId: 'a1' } })).rejects.toThrow('offline');
    await expect(call(contract.album, { params: { albumId: 'a1' } })).resolves.toEqual({ id: 'a1', title: 'Meddle' });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('says so when a name is not one of the contract’s endpoints', async () => {
    const contract = lazyContract('catalog', async () => ({ catalogEndpoints: albums })) as unknown as Record<
      string,
      Parameters<typeof call>[0]
    >;
    await expect(call(contract.albm!, {} as never)).rejects.toThrow('The catalog contract has no endpoint "albm".');
  });
});
