import type { SearchQuery } from '@hearsay/contracts/search';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../shared/test/render.tsx';
import { SearchPage } from './search-page.tsx';

// Searching is stood in for: the test looks at what the page asks for and how it keeps its address.
const search = vi.hoisted(() => vi.fn<(query: Partial<SearchQuery>) => unknown>());
vi.mock('./api.ts', () => ({ useSearch: search }));

const renderSearch = (url: string) => renderWithProviders(<SearchPage />, { url });
const lastQuery = () => search.mock.lastCall![0];
const searchBox = () => screen.getByRole('searchbox', { name: 'Search' });

beforeEach(() => {
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
