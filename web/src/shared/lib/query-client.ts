import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

/** Cached data stays fresh for 5 minutes, is refetched when the window regains focus, and a failed request is retried once (never a 4xx). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60 * 1000,
        refetchOnWindowFocus: true,
        retry: (failureCount, error) => failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
}
