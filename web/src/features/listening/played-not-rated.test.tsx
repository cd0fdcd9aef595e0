import type { AlbumCard } from '@hearsay/contracts/catalog';
import type { PlayedNotRated as PlayedNotRatedAnswer } from '@hearsay/contracts/listening';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../shared/test/render.tsx';
import { PlayedNotRated } from './played-not-rated.tsx';

const album = (id: string, title: string, artistCredit: string): AlbumCard => ({
  id,
  slug: id,
  title,
  artistCredit,
  artists: [],
  releaseDate: null,
  releaseYear: null,
  releaseType: 'album',
  coverUrl: `/covers/albums/${id}.webp`,
  genres: [],
  averageRating: null,
  ratingCount: 0,
  reviewCount: 0,
  viewerRating: null,
});

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

let answer: PlayedNotRatedAnswer;
let requests: { method: string; url: string; body: unknown }[];

beforeEach(() => {
  requests = [];
  answer = {
    days: 30,
    items: [
      { album: album('a-love-supreme', 'A Love Supreme', 'John Coltrane'), plays: 4, lastPlayedAt: minutesAgo(5) },
      { album: album('blue-train', 'Blue Train', 'John Coltrane'), plays: 1, lastPlayedAt: minutesAgo(180) },
    ],
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      requests.push({ method, url, body });
      const json = (value: unknown) => new Response(JSON.stringify(value), { headers: { 'content-type': 'application/json' } });
      if (method === 'GET' && url.startsWith('/api/me/played-not-rated')) return json(answer);
      if (method === 'PUT' && url.endsWith('/rating')) {
        const albumId = url.split('/')[3]!;
        // The server's list no longer holds what was just rated.
        answer = { ...answer, items: answer.items.filter((item) => item.album.id !== albumId) };
        return json({ albumId, rating: body.rating, averageRating: body.rating, ratingCount: 1, ratingDistribution: [] });
      }
      return new Promise<Response>(() => {});
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('Played, not rated yet', () => {
  it('lists the albums played and not rated, with how often and how lately', async () => {
    renderWithProviders(<PlayedNotRated />);
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('A Love Supreme'),
      expect.stringContaining('Blue Train'),
    ]);
    expect(items[0]).toHaveTextContent('4 plays · last 5 minutes ago');
    expect(items[1]).toHaveTextContent('1 play · last 3 hours ago');
    expect(within(items[0]!).getByRole('link')).toHaveAttribute('href', '/album/a-love-supreme');
  });

  it('rates an album with one tap of the stars, and the album leaves the list', async () => {
    const { user } = renderWithProviders(<PlayedNotRated />);
    const stars = await screen.findByRole('slider', { name: 'Rate A Love Supreme by John Coltrane' });
    vi.spyOn(stars, 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ x: 100, y: 0, width: 200, height: 40 }));
    // Four stars and a half of five: 9 out of 10.
    await user.pointer({ keys: '[MouseLeft]', target: stars, coords: { clientX: 280, clientY: 10 } });
    await vi.waitFor(() =>
      expect(requests).toContainEqual({ method: 'PUT', url: '/api/albums/a-love-supreme/rating', body: { rating: 9 } }),
    );
    await vi.waitFor(() => expect(screen.queryByText('A Love Supreme')).not.toBeInTheDocument());
    expect(screen.getByText('Blue Train')).toBeInTheDocument();
  });

  it('rates from the keyboard too', async () => {
    const { user } = renderWithProviders(<PlayedNotRated />);
    const stars = await screen.findByRole('slider', { name: 'Rate Blue Train by John Coltrane' });
    stars.focus();
    await user.keyboard('{End}{ArrowLeft}{ArrowLeft}{ArrowLeft}{Enter}');
    await vi.waitFor(() => expect(requests).toContainEqual({ method: 'PUT', url: '/api/albums/blue-train/rating', body: { rating: 8.5 } }));
    await vi.waitFor(() => expect(screen.queryByText('Blue Train')).not.toBeInTheDocument());
  });

  it('says how the list fills when it is empty, with a way to connect a player', async () => {
    answer = { days: 30, items: [] };
    renderWithProviders(<PlayedNotRated />);
    expect(await screen.findByText('Nothing waiting for a rating')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Connect a player' })).toHaveAttribute('href', '/settings?tab=listening');
  });

  it('on the home page, shows nothing at all while there is nothing to rate', async () => {
    answer = { days: 30, items: [] };
    const { container } = renderWithProviders(<PlayedNotRated compact />);
    await vi.waitFor(() => expect(requests.some((request) => request.url.startsWith('/api/me/played-not-rated'))).toBe(true));
    expect(container).toBeEmptyDOMElement();
  });

  it('on the home page, shows the albums under their heading when there are some', async () => {
    renderWithProviders(<PlayedNotRated compact />);
    const section = await screen.findByRole('region', { name: 'Played, not rated yet' });
    expect(within(section).getAllByRole('listitem')).toHaveLength(2);
    expect(requests[0]?.url).toBe('/api/me/played-not-rated?limit=3');
  });
});
