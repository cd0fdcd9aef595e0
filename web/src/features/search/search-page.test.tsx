import type { CurrentUser } from '@hearsay/contracts/accounts';
import type { SearchQuery, UserCard } from '@hearsay/contracts/search';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionQueryOptions } from '../../shared/auth/session.ts';
import { searchResult } from '../../shared/test/fixtures.ts';
import { renderWithProviders } from '../../shared/test/render.tsx';
import { SearchPage } from './search-page.tsx';

// Searching is stood in for: the test looks at what the page asks for and how it keeps its address.
const search = vi.hoisted(() => vi.fn<(query: Partial<SearchQuery>) => unknown>());
const follow = vi.hoisted(() => ({ mutate: vi.fn<(variables: { username: string; follow: boolean }) => void>(), isPending: false }));
vi.mock('./api.ts', () => ({
  useSearch: search,
  useSearchYears: () => ({ data: { years: [2024, 2023, 2022, 2021, 2020], before: 2020 } }),
}));
vi.mock('../../shared/hooks/use-follow.ts', () => ({ useFollow: () => follow }));

const renderSearch = (url: string) => renderWithProviders(<SearchPage />, { url });
const lastQuery = () => search.mock.lastCall![0];
const searchBox = () => screen.getByRole('searchbox', { name: 'Search' });

beforeEach(() => {
  follow.mutate.mockReset();
  search.mockReset();
  search.mockReturnValue({ data: undefined, isError: false, isFetching: false, isPlaceholderData: false });
});

describe('SearchPage address', () => {
  it('searches for what its address asks', () => {
    renderSearch('/search?q=bjork&type=artists&sort=recent&genre=electronic&minRating=8&page=2');
    expect(searchBox()).toHaveValue('bjork');
    expect(screen.getByRole('tab', { name: /Artists/ })).toHaveAttribute('aria-selected', 'true');
    expect(lastQuery()).toEqual({ q: 'bjork', type: 'artists', sort: 'recent', genre: 'electronic', minRating: 8, page: 2, limit: 24 });
  });

  it('keeps the search when the tab, sort or a filter changes, and leaves defaults out', async () => {
    const { user, address } = renderSearch('/search?q=bjork&page=3');
    await user.click(screen.getByRole('tab', { name: /Artists/ }));
    expect(address()).toBe('/search?q=bjork&type=artists');
    await user.click(screen.getByRole('tab', { name: /Albums/ }));
    expect(address()).toBe('/search?q=bjork');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Most Recent');
    expect(address()).toBe('/search?q=bjork&sort=recent');
    await user.click(within(screen.getByRole('complementary', { name: 'Filters' })).getByRole('radio', { name: 'Before 2020' }));
    expect(address()).toBe('/search?q=bjork&sort=recent&year=before-2020');
  });

  it('follows the address when it changes under it, as with Back', async () => {
    const { router } = renderSearch('/search?q=bjork');
    await act(() => router.navigate('/search?q=miles'));
    expect(searchBox()).toHaveValue('miles');
  });

  it('empties the box and the address with Clear search', async () => {
    const { user, address } = renderSearch('/search?q=bjork&type=users');
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(searchBox()).toHaveValue('');
    expect(address()).toBe('/search?type=users');
    expect(screen.getByText('Start typing to search...')).toBeInTheDocument();
  });
});

// The box waits for a pause in typing. The clock is the test's, and keys are entered as change events, because
// user-event waits on real timers between keys.
describe('SearchPage while typing', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());

  it('puts what is typed into the address once typing pauses, without a history entry per key', () => {
    const { address, router } = renderSearch('/search');
    fireEvent.change(searchBox(), { target: { value: 'r' } });
    act(() => vi.advanceTimersByTime(200));
    fireEvent.change(searchBox(), { target: { value: 'ra' } });
    act(() => vi.advanceTimersByTime(200));
    expect(address()).toBe('/search');
    act(() => vi.advanceTimersByTime(50));
    expect(address()).toBe('/search?q=ra');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(lastQuery()).toMatchObject({ q: 'ra', page: 1 });
  });

  it('searches at once on Enter, as a new history entry', () => {
    const { address, router } = renderSearch('/search');
    fireEvent.change(searchBox(), { target: { value: 'mingus' } });
    fireEvent.submit(screen.getByRole('search'));
    expect(address()).toBe('/search?q=mingus');
    expect(router.state.historyAction).toBe('PUSH');
  });
});

const EMPTY_RESULT = searchResult({ q: 'ada', type: 'users' });

describe('SearchPage filters', () => {
  it('shows the year, genre and rating filters on the Albums tab only', async () => {
    const { user } = renderSearch('/search?q=ada');
    expect(screen.getByRole('complementary', { name: 'Filters' })).toBeInTheDocument();
    expect(screen.getAllByRole('radio', { name: 'Before 2020' }).length).toBeGreaterThan(0);
    for (const tab of ['Users', 'Collections', 'Artists']) {
      await user.click(screen.getByRole('tab', { name: new RegExp(tab) }));
      expect(screen.queryByRole('complementary', { name: 'Filters' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Filters' })).not.toBeInTheDocument();
      expect(screen.queryByRole('radio', { name: 'Before 2020' })).not.toBeInTheDocument();
      expect(screen.queryByRole('group', { name: 'Genre' })).not.toBeInTheDocument();
    }
    await user.click(screen.getByRole('tab', { name: /Albums/ }));
    expect(screen.getByRole('complementary', { name: 'Filters' })).toBeInTheDocument();
  });
});

describe('SearchPage user cards', () => {
  const ada: UserCard = {
    id: 'user-ada',
    username: 'ada',
    name: 'Ada Lovelace',
    avatarUrl: null,
    reviewCount: 3,
    collectionCount: 1,
    isFollowing: false,
    isViewer: false,
  };
  const me: UserCard = { ...ada, id: 'user-me', username: 'me_myself', name: 'Ada Myself', isViewer: true };
  const viewer: CurrentUser = {
    id: 'user-me',
    name: 'Ada Myself',
    username: 'me_myself',
    email: 'me@example.com',
    avatarUrl: null,
    bio: '',
    onboardingCompleted: true,
    createdAt: '2026-01-01T00:00:00Z',
  };
  const showUsers = (users: UserCard[], signedIn: boolean) => {
    search.mockReturnValue({
      data: { ...EMPTY_RESULT, users, total: users.length, counts: { ...EMPTY_RESULT.counts, users: users.length } },
      isError: false,
      isFetching: false,
      isPlaceholderData: false,
    });
    return renderWithProviders(<SearchPage />, {
      url: '/search?q=ada&type=users',
      cache: (queryClient) => queryClient.setQueryData(sessionQueryOptions.queryKey, { user: signedIn ? viewer : null }),
    });
  };

  it('link to the profile and offer Follow, but not on the viewer’s own card', async () => {
    const { user } = showUsers([ada, me], true);
    expect(screen.getByRole('link', { name: /Ada Lovelace/ })).toHaveAttribute('href', '/profile/ada');
    await user.click(screen.getByRole('button', { name: 'Follow Ada Lovelace' }));
    expect(follow.mutate).toHaveBeenCalledWith({ username: 'ada', follow: true }, expect.anything());
    expect(screen.queryByRole('button', { name: 'Follow Ada Myself' })).not.toBeInTheDocument();
  });

  it('offer Unfollow for someone already followed', async () => {
    const { user } = showUsers([{ ...ada, isFollowing: true }], true);
    await user.click(screen.getByRole('button', { name: 'Unfollow Ada Lovelace' }));
    expect(follow.mutate).toHaveBeenCalledWith({ username: 'ada', follow: false }, expect.anything());
  });

  it('send a visitor to sign in instead of following', async () => {
    const { user, address } = showUsers([ada], false);
    await user.click(screen.getByRole('button', { name: 'Follow Ada Lovelace' }));
    expect(follow.mutate).not.toHaveBeenCalled();
    expect(address()).toMatch(/^\/login\?redirect=%2Fsearch/);
  });
});

describe('SearchPage counts', () => {
  it('shows a count that stopped at its limit as “1,000+”', () => {
    const users = [
      { id: 'u', username: 'ada', name: 'Ada', avatarUrl: null, reviewCount: 0, collectionCount: 0, isFollowing: false, isViewer: false },
    ];
    search.mockReturnValue({
      data: {
        ...EMPTY_RESULT,
        users,
        total: 1000,
        totalPages: 42,
        counts: { albums: 1000, artists: 3, users: 1000, collections: 0 },
        more: { albums: true, artists: false, users: true, collections: false },
      },
      isError: false,
      isFetching: false,
      isPlaceholderData: false,
    });
    renderSearch('/search?q=ada&type=users');
    expect(screen.getByRole('tab', { name: /Albums/ })).toHaveTextContent('1,000+');
    expect(screen.getByRole('tab', { name: /Artists/ })).toHaveTextContent(/3$/);
    expect(screen.getByText('1,000+ results for “ada”')).toBeInTheDocument();
  });
});
