import type { MarkReadBody } from '@hearsay/contracts/notifications';
import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpointKey, endpointQuery } from '../../shared/lib/api-client.ts';
import { notificationsEndpoints } from '../../shared/lib/endpoints.ts';

export const unreadCountQueryOptions = endpointQuery(notificationsEndpoints.unreadCount, {});

export const notificationsQueryOptions = infiniteQueryOptions({
  queryKey: endpointKey(notificationsEndpoints.list),
  queryFn: ({ pageParam, signal }) => call(notificationsEndpoints.list, { query: pageParam ? { cursor: pageParam } : {} }, signal),
  initialPageParam: null as string | null,
  getNextPageParam: (page) => page.nextCursor,
});

/**
 * Marks notifications read; the bell takes the new count at once. With `refreshList` the list refetches too; without,
 * the page keeps showing what was new when it opened (seen now, and read from now on).
 */
export function useMarkRead({ refreshList }: { refreshList: boolean }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MarkReadBody) => call(notificationsEndpoints.markRead, { body }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(unreadCountQueryOptions.queryKey, answer);
      if (refreshList) await queryClient.invalidateQueries({ queryKey: notificationsQueryOptions.queryKey });
    },
  });
}
