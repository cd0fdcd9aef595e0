import type { EnsureInfiniteQueryDataOptions, EnsureQueryDataOptions, InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import { createContext, RouterContextProvider, type LoaderFunction, type Params } from 'react-router';

/**
 * A route's data, declared by the route (decision 064): its loader fetches into the query cache what its page reads on
 * its first render, and the page reads it there with its queries as usual. Loaders return nothing of their own.
 */

/** What the router hands every loader: the page's query cache, who is asking, and whether to wait for the data. */
interface RouteData {
  client: QueryClient;
  signedIn: boolean;
  /**
   * On the server the page is rendered once, with its data, so its loaders are waited for. In the browser they only
   * start the fetches: a screen shows (its skeleton first) as soon as its code is there, as it always has.
   */
  waitForData: boolean;
}

/** Null when there is none (a test's router, or before the browser knows who is signed in): loaders then fetch nothing. */
const routeData = createContext<RouteData | null>(null);

/** The context a router passes its loaders (`getContext` in the browser, `requestContext` on the server). */
export function routeDataContext(data: RouteData | null): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(routeData, data);
  return context;
}

/** What a route's prefetch is given. */
export interface RouteDataArgs {
  client: QueryClient;
  params: Params;
  search: URLSearchParams;
  signedIn: boolean;
}

/**
 * A route's loader, from what it fetches. Never fails: a read that failed counts only if the page reads it, and the page
 * then shows (and retries) it as it would any failed read.
 */
export function queryLoader(prefetch: (args: RouteDataArgs) => Promise<unknown>): LoaderFunction {
  return ({ context, params, url }) => {
    const data = context.get(routeData);
    // Without it the page fetches what it reads as it renders, as any page does for what no loader fetched.
    if (!data) return null;
    const fetching = prefetch({ client: data.client, params, search: url.searchParams, signedIn: data.signedIn }).then(
      () => null,
      () => null,
    );
    return data.waitForData ? fetching : null;
  };
}

/**
 * A query the page reads on its first render: fetched unless the cache already holds its answer, which the page then
 * refreshes when stale as it always does, or its failure, which the page decides whether to ask again (a "not found"
 * the server sent is not). Its data, or undefined when it failed.
 */
export function ensure<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  client: QueryClient,
  options: EnsureQueryDataOptions<TQueryFnData, TError, TData, TQueryKey>,
): Promise<TData | undefined> {
  if (client.getQueryState(options.queryKey)?.status === 'error') return Promise.resolve(undefined);
  return client.ensureQueryData(options).catch(() => undefined);
}

/** The same, for a list read a page at a time: its first page. */
export function ensureInfinite<TQueryFnData, TError, TData, TQueryKey extends QueryKey, TPageParam>(
  client: QueryClient,
  options: EnsureInfiniteQueryDataOptions<TQueryFnData, TError, TData, TQueryKey, TPageParam>,
): Promise<InfiniteData<TData, TPageParam> | undefined> {
  if (client.getQueryState(options.queryKey)?.status === 'error') return Promise.resolve(undefined);
  return client.ensureInfiniteQueryData(options).catch(() => undefined);
}
