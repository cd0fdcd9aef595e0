import type { PlayedTrack, PlayedTracksPage } from '@hearsay/contracts/listens';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { albumCard } from '../../shared/test/fixtures.ts';
import { renderWithProviders } from '../../shared/test/render.tsx';
import { JournalSection } from './journal-section.tsx';

const track = (fields: Partial<PlayedTrack> & Pick<PlayedTrack, 'id' | 'trackName'>): PlayedTrack => ({
  artistName: 'Pink Floyd',
  releaseName: 'Meddle',
  playedAt: '2026-11-24T10:00:00.000Z',
  durationMs: null,
  client: 'Navidrome 0.53',
  origin: 'api',
  state: 'matched',
  album: null,
  ...fields,
});

let requests: { method: string; url: string }[];
let pages: PlayedTracksPage[];

beforeEach(() => {
  requests = [];
  pages = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      requests.push({ method, url });
      const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      if (method === 'GET' && url.startsWith('/api/me/listens')) return json(pages.shift() ?? { items: [], nextCursor: null });
      if (method === 'DELETE' && url.startsWith('/api/me/listens/')) return json({ ok: true });
      return new Promise<Response>(() => {});
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('Tracks played', () => {
  it('lists played tracks with their albums, says which are not matched yet, and pages on', async () => {
    pages.push(
      {
        items: [
          track({ id: 'l1', trackName: 'Echoes', state: 'matched', album: albumCard({ id: 'a1', title: 'Meddle' }) }),
          track({ id: 'l2', trackName: 'A Single', releaseName: null, state: 'unmatched' }),
        ],
        nextCursor: '1764000000.l2',
      },
      { items: [track({ id: 'l3', trackName: 'Fearless', state: 'unmatched', releaseName: 'Some Bootleg' })], nextCursor: null },
    );
    const { user } = renderWithProviders(<JournalSection />, { url: '/library?tab=journal&view=tracks' });
    const echoes = (await screen.findByText('Echoes')).closest('li')!;
    expect(within(echoes).getByRole('link', { name: 'Meddle' })).toBeInTheDocument();
    expect(within(echoes).queryByText(/not matched to an album yet/)).toBeNull();
    const single = screen.getByText('A Single').closest('li')!;
    expect(within(single).getByText(/not matched to an album yet/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show more' }));
    const fearless = (await screen.findByText('Fearless')).closest('li')!;
    expect(within(fearless).getByText(/Some Bootleg/)).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'GET').map((request) => request.url)).toEqual([
      '/api/me/listens',
      '/api/me/listens?cursor=1764000000.l2',
    ]);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('deletes a played track after asking', async () => {
    pages.push({ items: [track({ id: 'l9', trackName: 'Wrong Scrobble', state: 'unmatched' })], nextCursor: null });
    const { user } = renderWithProviders(<JournalSection />, { url: '/library?view=tracks' });
    await user.click(await screen.findByRole('button', { name: 'Delete Wrong Scrobble from your played tracks' }));
    await user.click(await screen.findByRole('button', { name: 'Delete track' }));
    // Deleted, and the list asked for again without it.
    expect(await screen.findByText('No tracks played yet')).toBeInTheDocument();
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'GET /api/me/listens',
      'DELETE /api/me/listens/l9',
      'GET /api/me/listens',
    ]);
  });
});
