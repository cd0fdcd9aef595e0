import { useSearchParams } from 'react-router';
import { z } from 'zod';

/** The address parameter of the page number, which every other change resets. */
const PAGE = 'page';

/** Readers for the parameters most filtered lists share. */
export const urlParam = {
  /** The page of a paged list: a whole number from 1, else the first page. */
  page: z.coerce.number().int().positive().catch(1),
  /** Free text such as a genre slug or a month; absent when empty. */
  text: z.string().min(1).optional().catch(undefined),
};

type UrlFilterChanges<Schema extends z.ZodObject> = Partial<Record<keyof z.output<Schema>, string | number | undefined>>;

interface WriteOptions {
  /** Replace the current history entry instead of adding one (Back then skips this change). */
  replace?: boolean;
}

/**
 * Filters kept in the address, so that a filtered view can be reloaded, shared and reached again with Back.
 *
 * `schema` reads them: give every field a fallback (`.catch`) so that a hand-edited or outdated address still shows a
 * page rather than an error. Writes leave out empty values and each field's fallback, so one view has one address,
 * and a change to anything but the page starts again at the first page.
 */
export function useUrlFilters<Schema extends z.ZodObject>(schema: Schema, { replace = false }: WriteOptions = {}) {
  const [params, setParams] = useSearchParams();
  const filters: z.output<Schema> = schema.parse(Object.fromEntries(params));
  const fallbacks: Record<string, unknown> = schema.parse({});

  const write = (start: (current: URLSearchParams) => URLSearchParams, changes: UrlFilterChanges<Schema>, options: WriteOptions) =>
    setParams(
      (current) => {
        const next = start(current);
        for (const [key, value] of Object.entries(changes)) {
          const fallback = fallbacks[key];
          if (value === undefined || value === '' || (fallback !== undefined && String(value) === String(fallback))) next.delete(key);
          else next.set(key, String(value));
        }
        if (!(PAGE in changes)) next.delete(PAGE);
        return next;
      },
      { replace: options.replace ?? replace },
    );

  return {
    filters,
    /** Changes the given filters and keeps the others. */
    setFilters: (changes: UrlFilterChanges<Schema>, options: WriteOptions = {}) =>
      write((current) => new URLSearchParams(current), changes, options),
    /** Starts over: the address keeps only `values`. */
    resetFilters: (values: UrlFilterChanges<Schema> = {}, options: WriteOptions = {}) =>
      write(() => new URLSearchParams(), values, options),
  };
}
