import type { CurrentUser } from '@hearsay/contracts/accounts';
import { paths } from '@hearsay/contracts/paths';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError, call, endpointKey } from '../lib/api-client.ts';
import { accountsEndpoints } from '../lib/endpoints.ts';

const me = accountsEndpoints.me;
const signOutEndpoint = accountsEndpoints.signOut;

/** Set just before the full reload that follows deleting an account; the app layout says goodbye and clears it. */
export const ACCOUNT_DELETED_FLAG = 'account_deleted';

export const sessionQueryOptions = queryOptions({
  queryKey: endpointKey(me),
  queryFn: async ({ signal }) => {
    try {
      return await call(me, {}, signal);
    } catch (error) {
      // A visitor is not an error: no session simply means signed out.
      if (error instanceof ApiError && error.status === 401) return { user: null };
      throw error;
    }
  },
  staleTime: 60 * 1000,
});

/**
 * Ends the session on the server, then forgets everything cached for this person. The cookie is
 * http-only, so only the server can delete it; if the call fails we still show the visitor view
 * and the server-side session expires on its own.
 */
export async function signOut(queryClient: QueryClient): Promise<void> {
  try {
    await call(signOutEndpoint, { body: {} });
  } finally {
    // Keep the session query (its observers update to "signed out"); drop everything else cached for this person.
    queryClient.setQueryData(sessionQueryOptions.queryKey, { user: null });
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryOptions.queryKey[0] });
  }
}

type SessionState = { status: 'loading'; user: null } | { status: 'signed-in'; user: CurrentUser } | { status: 'signed-out'; user: null };

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

/** For what a visitor cannot do yet: sends them to sign in, and back to this page afterwards. */
export function useSendToSignIn(): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  return () => void navigate(paths.login(location.pathname));
}
