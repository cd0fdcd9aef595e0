import type { AlbumCard } from '@hearsay/contracts/catalog';
import type { ListeningStats } from '@hearsay/contracts/listening-stats';
import type { Profile } from '@hearsay/contracts/profiles';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../shared/test/render.tsx';
import { ListeningTab } from './listening-tab.tsx';

const profile = (username: string): Profile => ({
  id: `id-${username}`,
  username,
  name: username === 'sam' ? 'Sam' : 'Ana',
  bio: '',
  avatarUrl: null,
  memberSince: '2026-01-01T00:00:00.000Z',
  stats: { ratings: 0, reviews: 0, lists: 0, followers: 0, following: 0 },
  isOwner: false,
  isFollowing: false,
  blocked: false,
  muted: false,
  visibility: 'public',
  requested: false,
  locked: false,
  sharesRatings: true,
});

const album: AlbumCard = {
  id: 'a1',
  slug: 'endlessness',
  title: 'Endlessness',
  artistCredit: 'Nala Sinephro',
  artists: [],
  releaseDate: '2024',
  releaseYear: 2024,
  releaseType: 'album',
  coverUrl: '/covers/a1.webp',
  genres: [],
  averageRating: null,
  ratingCount: 0,
  reviewCount: 0,
  viewerRating: null,
};

const stats = (period: ListeningStats['period'], listens: number, listeningMs: number): ListeningStats => ({
  period,
  from: '2026-11-29T12:00:00.000Z',
  to: '2026-12-06T12:00:00.000Z',
  listens,
  listeningMs,
  guessedListens: 1,
  topAlbums: [{ album, listens: 4 }],
  topArtists: [
    { name: 'Nala Sinephro', listens: 5 },
    { name: 'Floating Points', listens: 1 },
  ],
});

let asked: string[];
beforeEach(() => {
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (url.startsWith('/api/users/sam/')) {
        const message = 'Sam keeps their listening to themselves.';
        return json({ error: { code: 'listening_not_shared', message, params: { name: 'Sam' }, issues: [] } }, 403);
      }
      if (url.endsWith('period=week')) return json(stats('week', 5, 1_660_000));
      if (url.endsWith('period=year')) return json(stats('year', 11, 45 * 3_600_000));
      return new Promise<Response>(() => {});
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the profile’s Listening tab', () => {
  it('shows the week’s listening time, tracks, top albums and artists, and another period on request', async () => {
    const { user } = renderWithProviders(<ListeningTab profile={profile('ana')} />);
    const week = await screen.findByTestId('profile-listening');
    expect(within(week).getByTestId('listening-time')).toHaveTextContent('28 minutes');
    expect(within(week).getByTestId('listening-listens')).toHaveTextContent('5');
    expect(within(week).getByRole('link', { name: /Endlessness/ })).toHaveAttribute('href', '/album/endlessness');
    expect(within(week).getByText('Floating Points')).toBeInTheDocument();
    expect(within(week).getByText(/three and a half minutes/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Last 12 months' }));
    expect(await screen.findByText('45 hours')).toBeInTheDocument();
    expect(asked).toEqual(['/api/users/ana/listening-stats?period=week', '/api/users/ana/listening-stats?period=year']);
  });

  it('says when the member keeps their listening to themselves', async () => {
    renderWithProviders(<ListeningTab profile={profile('sam')} />);
    expect(await screen.findByText('Listening not shared')).toBeInTheDocument();
    expect(screen.getByText('Sam keeps their listening to themselves.')).toBeInTheDocument();
  });
});
