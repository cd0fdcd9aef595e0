import type { CurrentUser, Onboarding, OnboardingUpdate } from '@hearsay/contracts/accounts';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionQueryOptions } from '../../shared/auth/session.ts';
import { renderWithProviders } from '../../shared/test/render.tsx';
import { onboardingQueryOptions } from './api.ts';
import { OnboardingPage } from './onboarding-page.tsx';

type Handlers = { onSuccess: (saved: Onboarding) => void; onError: () => void };

// Saving is stood in for; the test plays the server's answer.
const save = vi.hoisted(() => ({ mutate: vi.fn<(body: OnboardingUpdate, handlers: Handlers) => void>(), isPending: false }));
vi.mock('./api.ts', async (importOriginal) => ({ ...(await importOriginal<object>()), useSaveOnboarding: () => save }));

const viewer: CurrentUser = {
  id: 'user-1',
  name: 'Ada',
  username: 'ada',
  email: 'ada@example.com',
  avatarUrl: null,
  bio: '',
  onboardingCompleted: false,
  createdAt: '2026-01-01T00:00:00Z',
};

const artist = (id: string, name: string) => ({ id, name, imageUrl: `/covers/artists/${id}`, albumCount: 2 });

const PROGRESS: Onboarding = {
  lastCompletedStep: 0,
  completed: false,
  preferredGenres: [],
  favoriteArtists: [],
  genreGroups: [
    {
      name: 'Rock',
      genres: [
        { slug: 'rock', name: 'Rock' },
        { slug: 'indie', name: 'Indie' },
      ],
    },
    { name: 'Jazz', genres: [{ slug: 'jazz', name: 'Jazz' }] },
  ],
  suggestedArtists: [artist('radiohead', 'Radiohead')],
};

function renderOnboarding(progress: Onboarding = PROGRESS) {
  return renderWithProviders(<OnboardingPage />, {
    url: '/onboarding',
    cache: (queryClient) => {
      queryClient.setQueryData(sessionQueryOptions.queryKey, { user: viewer });
      queryClient.setQueryData(onboardingQueryOptions.queryKey, progress);
    },
  });
}

const tickOf = (element: HTMLElement) => element.querySelector('svg.lucide-check');

beforeEach(() => {
  save.mutate.mockReset();
});

describe('OnboardingPage', () => {
  it('marks a chosen genre with a tick', async () => {
    const { user } = renderOnboarding();
    const rock = screen.getByRole('button', { name: 'Rock' });
    expect(rock).toHaveAttribute('aria-pressed', 'false');
    expect(tickOf(rock)).toBeNull();
    await user.click(rock);
    expect(rock).toHaveAttribute('aria-pressed', 'true');
    expect(tickOf(rock)).not.toBeNull();
  });

  it('suggests the artists of the genres just saved, and marks a chosen artist with a tick', async () => {
    const { user } = renderOnboarding();
    await user.click(screen.getByRole('button', { name: 'Jazz' }));
    save.mutate.mockImplementation((body, handlers) =>
      handlers.onSuccess({
        ...PROGRESS,
        lastCompletedStep: 1,
        preferredGenres: body.preferredGenres ?? [],
        suggestedArtists: [artist('miles-davis', 'Miles Davis'), artist('john-coltrane', 'John Coltrane')],
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(save.mutate.mock.lastCall![0]).toEqual({ step: 1, preferredGenres: ['jazz'] });
    expect(await screen.findByRole('heading', { name: 'Select some artists you enjoy' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Radiohead/ })).not.toBeInTheDocument();
    const miles = screen.getByRole('button', { name: /Miles Davis/ });
    expect(screen.getByRole('button', { name: /John Coltrane/ })).toBeInTheDocument();
    expect(tickOf(miles)).toBeNull();
    await user.click(miles);
    expect(miles).toHaveAttribute('aria-pressed', 'true');
    expect(tickOf(miles)).not.toBeNull();
  });

  it('shows the saved suggestions when resuming at the artist step', () => {
    renderOnboarding({ ...PROGRESS, lastCompletedStep: 1, preferredGenres: ['rock'] });
    expect(screen.getByRole('heading', { name: 'Select some artists you enjoy' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Radiohead/ })).toHaveAttribute('aria-pressed', 'false');
  });
});
