import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderHookWithProviders } from '../test/render.tsx';
import { urlFilters, urlParam, useUrlFilters } from './use-url-filters.ts';

const Filters = urlFilters({
  genre: urlParam.text,
  decade: urlParam.wholeNumber({ multipleOf: 10 }),
  sort: urlParam.oneOf(['popularity', 'title'], 'popularity'),
  page: urlParam.page,
});

function renderFilters(url: string, options?: { replace?: boolean }) {
  return renderHookWithProviders(() => useUrlFilters(Filters, options), { url });
}

describe('useUrlFilters', () => {
  it('reads the filters from the address', () => {
    const { result } = renderFilters('/explore?genre=jazz&decade=1950&sort=title&page=3');
    expect(result.current.filters).toEqual({ genre: 'jazz', decade: 1950, sort: 'title', page: 3 });
  });

  it('falls back to the defaults for values that are missing, empty or not allowed', () => {
    const { result } = renderFilters('/explore?genre=&decade=1955&sort=loudest&page=-2&colour=red');
    expect(result.current.filters).toEqual({ genre: undefined, decade: undefined, sort: 'popularity', page: 1 });
  });

  it('writes a changed filter, keeps the others and starts again at the first page', () => {
    const { result, address } = renderFilters('/explore?genre=jazz&page=4');
    act(() => result.current.setFilters({ decade: '1970' }));
    expect(address()).toBe('/explore?genre=jazz&decade=1970');
    expect(result.current.filters).toMatchObject({ genre: 'jazz', decade: 1970, page: 1 });
  });

  it('writes the filters in the order the page names them, whatever order they were chosen in', () => {
    const { result, address } = renderFilters('/explore?utm=mail&sort=title&decade=1970');
    act(() => result.current.setFilters({ genre: 'jazz' }));
    expect(address()).toBe('/explore?genre=jazz&decade=1970&sort=title&utm=mail');
  });

  it('keeps a change made before the previous one has rendered', () => {
    const { result, address } = renderFilters('/explore?genre=jazz&decade=1950');
    act(() => {
      result.current.resetFilters();
      result.current.setFilters({ sort: 'title' });
    });
    expect(address()).toBe('/explore?sort=title');
    act(() => result.current.setFilters({ decade: 1970 }));
    expect(address()).toBe('/explore?decade=1970&sort=title');
  });

  it('keeps the other filters when only the page changes', () => {
    const { result, address } = renderFilters('/explore?genre=jazz');
    act(() => result.current.setFilters({ page: 2 }));
    expect(address()).toBe('/explore?genre=jazz&page=2');
  });

  it('leaves empty values and defaults out of the address', () => {
    const { result, address } = renderFilters('/explore?genre=jazz&sort=title&page=2');
    act(() => result.current.setFilters({ genre: '', sort: 'popularity' }));
    expect(address()).toBe('/explore');
    act(() => result.current.setFilters({ decade: 1990, page: 1 }));
    expect(address()).toBe('/explore?decade=1990');
  });

  it('starts over with only the given values', () => {
    const { result, address } = renderFilters('/explore?genre=jazz&decade=1950&utm=mail&page=2');
    act(() => result.current.resetFilters());
    expect(address()).toBe('/explore');
    act(() => result.current.resetFilters({ sort: 'title' }));
    expect(address()).toBe('/explore?sort=title');
  });

  it('adds a history entry unless told to replace the current one', () => {
    const pushing = renderFilters('/explore');
    act(() => pushing.result.current.setFilters({ genre: 'jazz' }));
    expect(pushing.router.state.historyAction).toBe('PUSH');
    act(() => pushing.result.current.setFilters({ genre: 'rock' }, { replace: true }));
    expect(pushing.router.state.historyAction).toBe('REPLACE');

    const replacing = renderFilters('/library', { replace: true });
    act(() => replacing.result.current.setFilters({ genre: 'jazz' }));
    expect(replacing.router.state.historyAction).toBe('REPLACE');
  });
});

describe('urlParam', () => {
  it('reads a page only from a whole number from 1', () => {
    expect(['3', '007', '0', '-2', '2.5', '1e3', ' 4', '', '99999999999999999999', undefined].map(urlParam.page)).toEqual([
      3, 7, 1, 1, 1, 1, 1, 1, 1, 1,
    ]);
  });

  it('reads whole numbers within their bounds', () => {
    const year = urlParam.wholeNumber({ min: 1900 });
    expect(['1899', '1900', '2024', 'soon', undefined].map(year)).toEqual([undefined, 1900, 2024, undefined, undefined]);
    const decade = urlParam.wholeNumber({ multipleOf: 10 });
    expect(['1950', '1955', '0'].map(decade)).toEqual([1950, undefined, undefined]);
  });

  it('reads a choice only from its values', () => {
    const minRating = urlParam.optionalOneOf([9, 8, 7] as const);
    expect(['8', '8.0', '10', 'x', undefined].map(minRating)).toEqual([8, undefined, undefined, undefined, undefined]);
    const period = urlParam.oneOf(['week', 'month'] as const, 'week');
    expect(['month', 'MONTH', 'toString', undefined].map(period)).toEqual(['month', 'week', 'week', 'week']);
  });

  it('keeps text as given, empty text as absent unless the parameter may be empty', () => {
    expect(['jazz', ' ', '', undefined].map(urlParam.text)).toEqual(['jazz', ' ', undefined, undefined]);
    expect(['rain dogs', '', undefined].map(urlParam.anyText)).toEqual(['rain dogs', '', '']);
  });
});
