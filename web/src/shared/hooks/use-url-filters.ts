import { useLocation, useSearchParams, type Location } from 'react-router';

/** The address parameter of the page number, which every other change resets. */
const PAGE = 'page';

/**
 * Reads one address parameter. It never throws: whatever a hand-edited or outdated address holds, the reader answers
 * its fallback, so the page still shows rather than an error. Plain functions rather than zod schemas, because every
 * filtered page reads its address while it starts and zod would have to load first (decision 035).
 */
export type UrlParamReader<T> = (raw: string | undefined) => T;

const WHOLE_NUMBER = /^\d+$/;

/** Readers for the parameters filtered lists use. */
export const urlParam = {
  /** The page of a paged list: a whole number from 1, else the first page. */
  page: ((raw) => wholeNumber(raw) ?? 1) satisfies UrlParamReader<number>,
  /** Free text such as a genre slug or a month; absent when empty. */
  text: ((raw) => (raw ? raw : undefined)) satisfies UrlParamReader<string | undefined>,
  /** Free text that may be empty, such as a search box. */
  anyText: ((raw) => raw ?? '') satisfies UrlParamReader<string>,
  /** One of `values`, else `fallback`. */
  oneOf:
    <const Value extends string>(values: readonly Value[], fallback: Value): UrlParamReader<Value> =>
    (raw) =>
      values.includes(raw as Value) ? (raw as Value) : fallback,
  /** One of `values`, else absent. */
  optionalOneOf:
    <const Value extends string | number>(values: readonly Value[]): UrlParamReader<Value | undefined> =>
    (raw) =>
      values.find((value) => String(value) === raw),
  /** A whole number from `min` (1 unless given), a multiple of `multipleOf` when given, else absent. */
  wholeNumber:
    ({ min = 1, multipleOf = 1 }: { min?: number; multipleOf?: number } = {}): UrlParamReader<number | undefined> =>
    (raw) => {
      const value = wholeNumber(raw);
      return value !== undefined && value >= min && value % multipleOf === 0 ? value : undefined;
    },
};

function wholeNumber(raw: string | undefined): number | undefined {
  if (raw === undefined || !WHOLE_NUMBER.test(raw)) return undefined;
  const value = Number(raw);
  return Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

type UrlFilterShape = Record<string, UrlParamReader<unknown>>;
type UrlFiltersOf<Shape extends UrlFilterShape> = { [Key in keyof Shape]: ReturnType<Shape[Key]> };

/** Reads the filters of a page from its address: every parameter in `shape` and nothing else. */
interface UrlFilters<Shape extends UrlFilterShape> {
  read(params: URLSearchParams): UrlFiltersOf<Shape>;
}

/** The values a page's `urlFilters` read. */
export type UrlFilterValues<Filters extends UrlFilters<UrlFilterShape>> = ReturnType<Filters['read']>;

export function urlFilters<const Shape extends UrlFilterShape>(shape: Shape): UrlFilters<Shape> {
  return {
    read: (params) =>
      Object.fromEntries(Object.entries(shape).map(([key, reader]) => [key, reader(params.get(key) ?? undefined)])) as UrlFiltersOf<Shape>,
  };
}

type UrlFilterChanges<Shape extends UrlFilterShape> = Partial<Record<keyof Shape, string | number | undefined>>;

interface WriteOptions {
  /** Replace the current history entry instead of adding one (Back then skips this change). */
  replace?: boolean;
}

/**
 * The last address filters were written to, and the location (the router's object, new at every navigation, Back
 * included) it was written from: React Router reads the address on render, so until the write has rendered, the hook
 * still reads the address before it.
 */
let lastWrite: { from: Location; to: string } | undefined;

/**
 * Filters kept in the address, so that a filtered view can be reloaded, shared and reached again with Back.
 *
 * `filters` reads them (see `urlFilters`). Writes leave out empty values and each parameter's fallback and put the
 * parameters in the order the shape names them, so one view has one address whatever order it was chosen in; a change
 * to anything but the page starts again at the first page.
 */
export function useUrlFilters<Shape extends UrlFilterShape>(filters: UrlFilters<Shape>, { replace = false }: WriteOptions = {}) {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const fallbacks: Record<string, unknown> = filters.read(new URLSearchParams());

  const write = (start: (current: URLSearchParams) => URLSearchParams, changes: UrlFilterChanges<Shape>, options: WriteOptions) => {
    // A choice made before the previous one reached the address starts from that one, not from what this render read:
    // otherwise "Reset" then a quick choice on a busy phone would bring the reset filters back.
    const current = lastWrite?.from === location ? new URLSearchParams(lastWrite.to) : params;
    const next = start(new URLSearchParams(current));
    for (const [key, value] of Object.entries(changes)) {
      const fallback = fallbacks[key];
      if (value === undefined || value === '' || (fallback !== undefined && String(value) === String(fallback))) next.delete(key);
      else next.set(key, String(value));
    }
    if (!(PAGE in changes)) next.delete(PAGE);
    const ordered = inShapeOrder(next, Object.keys(fallbacks));
    lastWrite = { from: location, to: ordered.toString() };
    setParams(ordered, { replace: options.replace ?? replace });
  };

  return {
    filters: filters.read(params),
    /** Changes the given filters and keeps the others. */
    setFilters: (changes: UrlFilterChanges<Shape>, options: WriteOptions = {}) =>
      write((current) => new URLSearchParams(current), changes, options),
    /** Starts over: the address keeps only `values`. */
    resetFilters: (values: UrlFilterChanges<Shape> = {}, options: WriteOptions = {}) => write(() => new URLSearchParams(), values, options),
  };
}

/**
 * `params` with the shape's parameters first, in the shape's order, and any others after. A page whose shape follows
 * its permalink's order (the charts) then never has to correct the address after a change: a correction made from an
 * older render could undo a choice made meanwhile.
 */
function inShapeOrder(params: URLSearchParams, keys: string[]): URLSearchParams {
  const ordered = new URLSearchParams();
  for (const key of keys) for (const value of params.getAll(key)) ordered.append(key, value);
  for (const [key, value] of params) if (!keys.includes(key)) ordered.append(key, value);
  return ordered;
}
