import { MeSchema, type CurrentUser } from '@hearsay/contracts/accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../lib/api-client.ts';

export const sessionQueryOptions = queryOptions({
  queryKey: ['session'],
  queryFn: ({ signal }) => api('/api/me', { schema: MeSchema, signal }),
  staleTime: 60 * 1000,
});

export type SessionState =
  | { status: 'loading'; user: null }
  | { status: 'signed-in'; user: CurrentUser }
  | { status: 'signed-out'; user: null };

/**
 * Who is signed in. The session cookie is http-only, so the app asks the server; it asks again
 * when the tab becomes visible and when the window regains focus.
 */
export function useSession(): SessionState & { refresh: () => Promise<unknown> } {
  const query = useQuery(sessionQueryOptions);
  const { refetch } = query;

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refetch();
    };
    const onFocus = () => void refetch();
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', onFocus);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', onFocus);
    };
  }, [refetch]);

  const refresh = () => refetch();
  if (query.isPending) return { status: 'loading', user: null, refresh };
  const user = query.data?.user ?? null;
  return user ? { status: 'signed-in', user, refresh } : { status: 'signed-out', user: null, refresh };
}
