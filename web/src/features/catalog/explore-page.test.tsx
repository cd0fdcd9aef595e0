import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { albumCard } from '../../shared/test/fixtures.ts';
import { renderWithProviders } from '../../shared/test/render.tsx';
import type { AlbumFilters } from './api.ts';
import { ExplorePage } from './explore-page.tsx';

// The catalog is stood in for: the test looks at which albums the page asks for and how it keeps its address.
const catalog = vi.hoisted(() => ({
  albumList: vi.fn<(filters: AlbumFilters) => unknown>(),
}));
vi.mock('./api.ts', () => ({
  useAlbumList: catalog.albumList,
  useGenres: () => ({
    data: {
      items: [
        { slug: 'jazz', name: 'Jazz', albumCount: 120 },
        { slug: 'rock', name: 'Rock', albumCount: 300 },
      ],
    },
  }),
}));

function renderExplore(url: string) {
  return renderWithProviders(<ExplorePage />, { url });
}

const lastRequest = () => catalog.albumList.mock.lastCall![0];

describe('ExplorePage filters', () => {
  beforeEach(() => {
    catalog.albumList.mockReset();
    catalog.albumList.mockReturnValue({
      data: { items: [albumCard({ id: 'kind-of-blue', title: 'Kind of Blue' })], page: 1, limit: 24, total: 60, totalPages: 3 },
      isError: false,
      isPlaceholderData: false,
    });
  });

  it('shows the view its address describes', () => {
    renderExplore('/explore?genre=jazz&decade=1950&sort=title&page=2');
    expect(screen.getByRole('combobox', { name: 'Genre' })).toHaveDisplayValue('Jazz (120)');
    expect(screen.getByRole('combobox', { name: 'Decade' })).toHaveDisplayValue('1950s');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveDisplayValue('Title');
    expect(lastRequest()).toEqual({ genre: 'jazz', decade: 1950, sort: 'title', page: 2, limit: 24 });
  });

  it('ignores what the catalog cannot filter by', () => {
    renderExplore('/explore?decade=1955&type=mixtape&sort=recent&page=first');
    expect(lastRequest()).toEqual({ sort: 'popularity', page: 1, limit: 24 });
    expect(screen.getByRole('combobox', { name: 'Decade' })).toHaveDisplayValue('All decades');
  });

  it('keeps a new filter in the address and starts again at the first page', async () => {
    const { user, address } = renderExplore('/explore?genre=jazz&page=3');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Release type' }), 'Live album');
    expect(address()).toBe('/explore?genre=jazz&type=live');
    expect(lastRequest()).toEqual({ genre: 'jazz', type: 'live', sort: 'popularity', page: 1, limit: 24 });
  });

  it('forgets the year when another decade is chosen', async () => {
    const { user, address } = renderExplore('/explore?decade=1990&year=1997');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Decade' }), '1950s');
    expect(address()).toBe('/explore?decade=1950');
  });

  it('pages through the results without losing the filters', async () => {
    const { user, address } = renderExplore('/explore?genre=rock');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(address()).toBe('/explore?genre=rock&page=2');
  });

  it('clears every filter at once', async () => {
    const { user, address } = renderExplore('/explore?genre=rock&decade=1970&sort=rating');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(address()).toBe('/explore');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });
});
