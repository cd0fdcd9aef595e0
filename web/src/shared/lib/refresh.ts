import type { Query, QueryClient } from '@tanstack/react-query';
import { ANSWERS_SHOWING } from './answers-showing.generated.ts';

/** What a mutation changed: ratings, reviews (with their likes and comments) or follows. */
export type Shown = keyof typeof ANSWERS_SHOWING;

const namesShowing = (things: readonly Shown[]) => new Set<unknown>(things.flatMap((thing) => ANSWERS_SHOWING[thing]));

/**
 * After a mutation: every cached answer showing what it changed is marked stale. Those its answer already updated
 * (`updated`, query hashes) are not fetched again now, only when next shown; the others on screen refetch at once.
 */
export function refreshAnswersShowing(queryClient: QueryClient, things: readonly Shown[], updated: ReadonlySet<string> = new Set()) {
  const names = namesShowing(things);
  const shows = (query: Query) => names.has(query.queryKey[0]);
  return Promise.all([
    queryClient.invalidateQueries({ predicate: (query) => shows(query) && !updated.has(query.queryHash) }),
    queryClient.invalidateQueries({ predicate: (query) => shows(query) && updated.has(query.queryHash), refetchType: 'none' }),
  ]).then(() => undefined);
}

/** Plain objects and arrays, rebuilt only where `rewrite` changed something below them. */
function rewriteTree(value: unknown, rewrite: (node: Record<string, unknown>) => Record<string, unknown> | undefined): unknown {
  if (Array.isArray(value)) {
    let changed = false;
    const next = value.map((item) => {
      const rewritten = rewriteTree(item, rewrite);
      if (rewritten !== item) changed = true;
      return rewritten;
    });
    return changed ? next : value;
  }
  if (value === null || typeof value !== 'object') return value;
  const node = value as Record<string, unknown>;
  const own = rewrite(node) ?? node;
  let changed = own !== node;
  const next: Record<string, unknown> = { ...own };
  for (const [key, child] of Object.entries(own)) {
    const rewritten = rewriteTree(child, rewrite);
    if (rewritten !== child) {
      next[key] = rewritten;
      changed = true;
    }
  }
  return changed ? next : value;
}

/**
 * Writes a mutation's answer into every cached answer showing the thing it changed, wherever the changed object
 * appears in it (a review in the feed, on its page, in a list). `rewrite` returns the new object, or undefined to keep
 * it. Returns the hashes of the answers it changed, for refreshAnswersShowing.
 */
export function writeIntoAnswersShowing(
  queryClient: QueryClient,
  things: readonly Shown[],
  rewrite: (node: Record<string, unknown>) => Record<string, unknown> | undefined,
): Set<string> {
  const names = namesShowing(things);
  const updated = new Set<string>();
  for (const query of queryClient.getQueryCache().findAll({ predicate: (candidate) => names.has(candidate.queryKey[0]) })) {
    const data = query.state.data;
    if (data === undefined) continue;
    const next = rewriteTree(data, rewrite);
    if (next === data) continue;
    queryClient.setQueryData(query.queryKey, next);
    updated.add(query.queryHash);
  }
  return updated;
}
