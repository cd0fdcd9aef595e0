import type { Compatibility, Profile } from '@hearsay/contracts/profiles';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { albumCard } from '../../shared/test/fixtures.ts';
import { renderWithProviders } from '../../shared/test/render.tsx';
import { compatibilityQueryOptions } from './api.ts';
import { CompatibilityCard } from './compatibility-card.tsx';

const ana: Profile = {
  id: 'u2',
  username: 'ana',
  name: 'Ana',
  bio: '',
  avatarUrl: null,
  memberSince: '2026-01-01T00:00:00.000Z',
  stats: { ratings: 40, reviews: 0, lists: 0, followers: 0, following: 0 },
  isOwner: false,
  isFollowing: false,
  blocked: false,
  muted: false,
  visibility: 'public',
  requested: false,
  locked: false,
  sharesRatings: true,
};

function renderCard(compatibility: Compatibility) {
  return renderWithProviders(<CompatibilityCard profile={ana} />, {
    cache: (queryClient) => queryClient.setQueryData(compatibilityQueryOptions('ana').queryKey, compatibility),
  });
}

describe('CompatibilityCard', () => {
  it('shows the score, the albums in common and where you agree and disagree, with covers and both ratings', async () => {
    const { user } = renderCard({
      enough: true,
      inCommon: 12,
      score: 74,
      agree: [{ album: albumCard({ id: 'kind-of-blue', title: 'Kind of Blue' }), yourRating: 9.5, theirRating: 9.5 }],
      disagree: [
        { album: albumCard({ id: 'bitches-brew', title: 'Bitches Brew', artistCredit: 'Miles Davis' }), yourRating: 3, theirRating: 8.5 },
      ],
    });
    const card = screen.getByRole('region', { name: 'Taste compatibility' });
    expect(within(card).getByText('Taste compatibility with Ana: 74 out of 100')).toBeInTheDocument();
    expect(within(card).getByText('12 albums in common')).toBeInTheDocument();
    expect(within(card).getByText('Your tastes are close')).toBeInTheDocument();

    const agree = within(card).getByRole('region', { name: 'You agree on' });
    expect(within(agree).getByRole('link', { name: 'Kind of Blue' })).toHaveAttribute('href', '/album/kind-of-blue');
    expect(within(agree).getByRole('img', { name: 'Cover of Kind of Blue by Miles Davis' })).toHaveAttribute(
      'src',
      '/covers/kind-of-blue.jpg',
    );
    expect(within(agree).getByText('You rated it 9.5, Ana rated it 9.5')).toBeInTheDocument();
    const disagree = within(card).getByRole('region', { name: 'You disagree on' });
    expect(within(disagree).getByRole('link', { name: 'Bitches Brew' })).toBeInTheDocument();
    expect(within(disagree).getByText('You: 3 · Ana: 8.5')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'How the score is worked out' }));
    expect(await screen.findByText(/100 minus 20 points for each point of average difference/)).toBeInTheDocument();
  });

  it('says where a list is empty', () => {
    renderCard({ enough: true, inCommon: 5, score: 100, agree: [], disagree: [] });
    expect(screen.getByText('You could swap record collections')).toBeInTheDocument();
    expect(screen.getByText('No album you rated two or more points apart.')).toBeInTheDocument();
  });

  it('with fewer than five albums in common explains how to get a score', () => {
    renderCard({ enough: false, inCommon: 3 });
    expect(screen.getByText('3 albums in common')).toBeInTheDocument();
    expect(
      screen.getByText('Rate a few more albums you both know to see how your tastes compare: it takes 5 albums you have both rated.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/out of 100/)).toBeNull();
    expect(screen.queryByRole('region', { name: 'You agree on' })).toBeNull();
  });
});
