import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SearchFilters, type SearchFilterValues } from './search-filters.tsx';

/** The page keeps the values; here a little state stands in for the address. */
function FiltersOnAPage({ initial, onChange }: { initial: SearchFilterValues; onChange: (next: SearchFilterValues) => void }) {
  const [values, setValues] = useState(initial);
  return (
    <SearchFilters
      values={values}
      onChange={(next) => {
        onChange(next);
        setValues(next);
      }}
      years={{ years: [2026, 2025, 2023, 2022, 2021], before: 2021 }}
      idPrefix="side"
    />
  );
}

function renderFilters(initial: SearchFilterValues = {}) {
  const onChange = vi.fn<(next: SearchFilterValues) => void>();
  const user = userEvent.setup();
  render(<FiltersOnAPage initial={initial} onChange={onChange} />);
  return {
    onChange,
    user,
    year: screen.getByRole('group', { name: 'Release Year' }),
    genre: screen.getByRole('group', { name: 'Genre' }),
    rating: screen.getByRole('group', { name: 'Rating' }),
  };
}

describe('SearchFilters', () => {
  it('offers the catalog’s release years, genres and ratings as groups of choices', () => {
    const { year, genre, rating } = renderFilters();
    expect(
      within(year)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['2026', '2025', '2023', '2022', '2021', 'Before 2021']);
    expect(within(genre).getByRole('radio', { name: 'R&B' })).not.toBeChecked();
    expect(
      within(rating)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['9+ Only', '8+ Only', '7+ Only', '6+ Only']);
  });

  it('shows the current choices as checked', () => {
    const { year, genre, rating } = renderFilters({ year: '2022', genre: 'hip-hop', minRating: 7 });
    expect(within(year).getByRole('radio', { name: '2022' })).toBeChecked();
    expect(within(genre).getByRole('radio', { name: 'Hip-Hop' })).toBeChecked();
    expect(within(rating).getByRole('radio', { name: '7+ Only' })).toBeChecked();
  });

  it('adds each choice to the others', async () => {
    const { onChange, user, year, genre, rating } = renderFilters();
    await user.click(within(year).getByRole('radio', { name: 'Before 2021' }));
    expect(onChange).toHaveBeenLastCalledWith({ year: 'before-2021' });
    await user.click(within(genre).getByRole('radio', { name: 'Jazz' }));
    expect(onChange).toHaveBeenLastCalledWith({ year: 'before-2021', genre: 'jazz' });
    await user.click(within(rating).getByRole('radio', { name: '8+ Only' }));
    expect(onChange).toHaveBeenLastCalledWith({ year: 'before-2021', genre: 'jazz', minRating: 8 });
    expect(within(genre).getByRole('radio', { name: 'Jazz' })).toBeChecked();
  });

  it('clears a choice that is chosen again', async () => {
    const { onChange, user, genre } = renderFilters({ genre: 'jazz', minRating: 9 });
    await user.click(within(genre).getByRole('radio', { name: 'Jazz' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ genre: undefined, minRating: 9 });
    expect(within(genre).getByRole('radio', { name: 'Jazz' })).not.toBeChecked();
  });

  it('moves the choice within a group with the arrow keys', async () => {
    const { onChange, user, genre } = renderFilters({ genre: 'jazz' });
    within(genre).getByRole('radio', { name: 'Jazz' }).focus();
    await user.keyboard('{ArrowDown}');
    expect(onChange).toHaveBeenLastCalledWith({ genre: 'electronic' });
    expect(within(genre).getByRole('radio', { name: 'Electronic' })).toBeChecked();
    expect(within(genre).getByRole('radio', { name: 'Electronic' })).toHaveFocus();
  });

  it('resets every filter at once', async () => {
    const { onChange, user } = renderFilters({ year: '2024', genre: 'rock', minRating: 6 });
    await user.click(screen.getByRole('button', { name: 'Reset Filters' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith({});
    expect(screen.queryByRole('radio', { checked: true })).not.toBeInTheDocument();
  });
});
