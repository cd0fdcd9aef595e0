import { hashKey, hydrate, type Query, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { ErrorParams } from '@hearsay/contracts/errors';
import type { Language } from '@hearsay/contracts/settings';
import { ApiError } from '../shared/lib/api-client.ts';

/**
 * What a page rendered on the server hands to the browser, so the first render there is the same as the server's:
 * the language and time zone it was written in, the API answers it was rendered from and the deferred parts it showed. It travels as a JSON data block (never run
 * as a script, so the page's script-src policy stays 'self').
 */
export interface PageState {
  language: Language;
  /** The time zone its moments were written in (the reader's, when the server knew it): the browser writes them so too. */
  timeZone: string;
  /** When it was rendered (ms since the epoch): "… ago" counts from it while the browser takes the page over. */
  renderedAt: number;
  /** Each answer with its query's key and when it was fetched. */
  queries: { key: QueryKey; data: unknown; at: number }[];
  /** The answers the page showed as "not found" (a 404 from the API, with its code and message); absent when none. */
  missing?: { key: QueryKey; code: string; params?: ErrorParams; message: string; at: number }[];
  /** Names of the deferred parts the page showed (`shared/lib/deferred.tsx`): their code is fetched before hydrating. */
  parts: string[];
  /**
   * The routes whose loaders ran for the page, with what they returned (nothing: their data is in `queries`): the
   * browser's router starts from them as loaded, and runs no loader to take the page over.
   */
  loaderData: Record<string, unknown>;
}

const PAGE_STATE_ID = 'hearsay-page-state';

/** The data block, written so nothing in the data can end the element or open a comment. */
export function pageStateElement(state: PageState): string {
  const json = JSON.stringify(state)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${PAGE_STATE_ID}">${json}</script>`;
}

/** The answers a page was rendered from (those `shown` keeps), for the page's state. */
export function answersIn(client: QueryClient, shown: (query: Query) => boolean = () => true): PageState['queries'] {
  return client
    .getQueryCache()
    .findAll({ predicate: (query) => query.state.status === 'success' && shown(query) })
    .map((query) => ({ key: query.queryKey, data: query.state.data, at: query.state.dataUpdatedAt }));
}

/** The answers a page showed as "not found" (those `shown` keeps), for the page's state. */
export function missingIn(client: QueryClient, shown: (query: Query) => boolean): NonNullable<PageState['missing']> {
  return client
    .getQueryCache()
    .findAll({ predicate: (query) => query.state.error instanceof ApiError && query.state.error.status === 404 && shown(query) })
    .map((query) => {
      const error = query.state.error as ApiError;
      return { key: query.queryKey, code: error.code, params: error.params, message: error.message, at: query.state.errorUpdatedAt };
    });
}

/**
 * Puts the answers a page was rendered from in the browser's query cache, as fresh as they were on the server, and
 * its "not found" answers as the same failures, not asked again as the page is taken over (the first render would
 * otherwise show the page loading instead of what the server sent).
 */
export function restoreAnswers(client: QueryClient, state: Pick<PageState, 'queries' | 'missing'>): void {
  for (const answer of state.queries) client.setQueryData(answer.key, answer.data, { updatedAt: answer.at });
  const missing = state.missing ?? [];
  for (const answer of missing) client.setQueryDefaults(answer.key, { retryOnMount: false });
  hydrate(client, {
    mutations: [],
    queries: missing.map((answer) => {
      const error = new ApiError(404, answer.code, answer.message, { params: answer.params });
      return {
        queryKey: answer.key,
        queryHash: hashKey(answer.key),
        dehydratedAt: answer.at,
        state: {
          data: undefined,
          dataUpdateCount: 0,
          dataUpdatedAt: 0,
          error,
          errorUpdateCount: 1,
          errorUpdatedAt: answer.at,
          fetchFailureCount: 1,
          fetchFailureReason: error,
          fetchMeta: null,
          isInvalidated: false,
          status: 'error' as const,
          fetchStatus: 'idle' as const,
        },
      };
    }),
  });
}

/** The state of a page the server rendered, or null for the app shell (or a block that cannot be read). */
export function readPageState(): PageState | null {
  const text = document.getElementById(PAGE_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as PageState;
  } catch {
    return null;
  }
}
