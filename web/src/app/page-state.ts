import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import type { Language } from '@hearsay/contracts/settings';

/**
 * What a page rendered on the server hands to the browser, so the first render there is the same as the server's:
 * the language it was written in, the API answers it was rendered from and the deferred parts it showed. It travels as a JSON data block (never run
 * as a script, so the page's script-src policy stays 'self').
 */
export interface PageState {
  language: Language;
  /** Each answer with its query's key and when it was fetched. */
  queries: { key: QueryKey; data: unknown; at: number }[];
  /** Names of the deferred parts the page showed (`shared/lib/deferred.tsx`): their code is fetched before hydrating. */
  parts: string[];
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

/** Puts the answers a page was rendered from in the browser's query cache, as fresh as they were on the server. */
export function restoreAnswers(client: QueryClient, answers: PageState['queries']): void {
  for (const answer of answers) client.setQueryData(answer.key, answer.data, { updatedAt: answer.at });
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
