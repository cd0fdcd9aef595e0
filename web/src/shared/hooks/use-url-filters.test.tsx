import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { renderHookWithProviders } from '../test/render.tsx';
import { urlParam, useUrlFilters } from './use-url-filters.ts';

const FiltersSchema = z.object({
  genre: urlParam.text,
  decade: z.coerce.number().int().positive().multipleOf(10).optional().catch(undefined),
  sort: z.enum(['popularity', 'title']).catch('popularity'),
  page: urlParam.page,
});

function renderFilters(url: string, options?: { replace?: boolean }) {
  return renderHookWithProviders(() => useUrlFilters(FiltersSchema, options), { url });
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
