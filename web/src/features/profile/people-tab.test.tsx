import type { PersonCard, Profile } from '@hearsay/contracts/profiles';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../shared/test/render.tsx';
import { peopleQueryOptions } from './api.ts';
import { PeopleTab } from './people-tab.tsx';

const ana: Profile = {
  id: 'u2',
  username: 'ana',
  name: 'Ana',
  bio: '',
  avatarUrl: null,
  memberSince: '2026-01-01T00:00:00.000Z',
  stats: { ratings: 0, reviews: 0, lists: 0, followers: 2, following: 0 },
  isOwner: false,
  isFollowing: false,
  blocked: false,
  muted: false,
  visibility: 'public',
  requested: false,
  locked: false,
  sharesRatings: true,
};

const page = (items: PersonCard[]) => ({ items, page: 1, limit: 24, total: items.length, totalPages: 1 });

describe('PeopleTab', () => {
  it('lists a follower of another site by their handle and site, leading to their page here', () => {
    renderWithProviders(<PeopleTab profile={ana} />, {
      cache: (queryClient) => {
        queryClient.setQueryData(
          peopleQueryOptions('ana', 'followers', 1).queryKey,
          page([
            { id: 'u3', username: 'cleo', name: 'Cleo', avatarUrl: null, isFollowing: false, isViewer: false },
            {
              id: 'p-bob',
              username: 'bob@neodb.example',
              name: 'Bob Stone',
              avatarUrl: null,
              isFollowing: false,
              isViewer: false,
              remote: { host: 'neodb.example', follow: 'none' },
            },
          ]),
        );
        queryClient.setQueryData(peopleQueryOptions('ana', 'following', 1).queryKey, page([]));
      },
    });
    const followers = screen.getByRole('region', { name: 'Followers (2)' });
    const [cleo, bob] = within(followers).getAllByRole('listitem');
    expect(within(cleo!).getByRole('link')).toHaveAttribute('href', '/profile/cleo');
    const there = within(bob!).getByRole('link');
    expect(there).toHaveAttribute('href', '/people/remote/p-bob');
    expect(there).toHaveTextContent('@bob@neodb.example');
    expect(there).toHaveTextContent('On neodb.example');
    // Followed from their page here, not from a list of this site's members.
    expect(within(bob!).queryByRole('button')).not.toBeInTheDocument();
  });
});
