import type { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionQueryOptions } from '../shared/auth/session.ts';
import { renderWithProviders } from '../shared/test/render.tsx';
import { currentUser } from '../shared/test/fixtures.ts';
import { HomeRoute } from './home-route.tsx';
// Fetched by the route (the landing page for visitors, the feed for members): here in memory already, so no test
// waits on their transform.
import '../features/feed/home-feed-page.tsx';
import '../features/landing/landing-page.tsx';

const ME = currentUser({ name: 'Ada Lovelace', username: 'ada', email: 'ada@example.com' });

beforeEach(() => {
  // The pages' own requests stay pending: what matters here is which page is chosen.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => {})),
  );
});
afterEach(() => vi.unstubAllGlobals());

const open = (user: typeof ME | null) =>
  renderWithProviders(<HomeRoute />, {
    cache: (queryClient: QueryClient) => queryClient.setQueryData(sessionQueryOptions.queryKey, { user }),
  });

describe('the home address', () => {
  it('shows visitors the landing page', async () => {
    open(null);
    expect(await screen.findByRole('heading', { level: 1, name: 'Discover music through people, not algorithms' })).toBeInTheDocument();
  });

  it('shows a signed-in person their feed, not the landing page', async () => {
    open(ME);
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Activity of the people you follow' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('heading', { name: 'Discover music through people, not algorithms' })).not.toBeInTheDocument();
  });
});
