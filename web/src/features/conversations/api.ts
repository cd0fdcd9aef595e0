import type { DirectMessage, MessageHistory } from '@hearsay/contracts/conversations';
import { infiniteQueryOptions, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { call, endpointKey, endpointQuery } from '../../shared/lib/api-client.ts';
import { useRealtimeEvent, useRealtimeReconnect } from '../../shared/realtime/realtime.tsx';
import { conversationsEndpoints } from '../../shared/lib/endpoints.ts';
import { MESSAGE_PAGE_DEFAULT } from '@hearsay/contracts/constants';

/** How many conversations have unread messages (the header's badge). */
export const unreadConversationsQueryOptions = endpointQuery(conversationsEndpoints.unread, {});

export const conversationsQueryOptions = endpointQuery(conversationsEndpoints.list, { query: { page: 1, limit: 50 } });

export const conversationQueryOptions = (conversationId: string) =>
  endpointQuery(conversationsEndpoints.get, { params: { conversationId } });

/** History, a page at a time going back: each page holds the messages before the oldest one already shown. */
export const historyQueryOptions = (conversationId: string) =>
  infiniteQueryOptions({
    queryKey: [...endpointKey(conversationsEndpoints.history, { params: { conversationId } }), 'pages'],
    queryFn: ({ pageParam, signal }) =>
      call(
        conversationsEndpoints.history,
        { params: { conversationId }, query: { limit: MESSAGE_PAGE_DEFAULT, ...(pageParam ? { before: pageParam } : {}) } },
        signal,
      ),
    initialPageParam: '',
    getNextPageParam: (page: MessageHistory) => (page.hasMore ? page.items.at(-1)?.id : undefined),
  });

/** The messages of the pages loaded, oldest first (as a thread reads), each once. */
export function threadMessages(data: InfiniteData<MessageHistory> | undefined): DirectMessage[] {
  const seen = new Set<string>();
  const messages: DirectMessage[] = [];
  for (const page of data?.pages ?? []) {
    for (const message of page.items) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      messages.push(message);
    }
  }
  return messages.reverse();
}

/** Everything a new message or a read changes: the list, the unread count, the conversation and its history. */
export function useRefreshConversations() {
  const queryClient = useQueryClient();
  return (conversationId?: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: endpointKey(conversationsEndpoints.list) }),
      queryClient.invalidateQueries({ queryKey: endpointKey(conversationsEndpoints.unread) }),
      ...(conversationId
        ? [
            queryClient.invalidateQueries({ queryKey: endpointKey(conversationsEndpoints.get, { params: { conversationId } }) }),
            queryClient.invalidateQueries({ queryKey: endpointKey(conversationsEndpoints.history, { params: { conversationId } }) }),
          ]
        : []),
    ]);
}

export function useSendMessage(conversationId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshConversations();
  return useMutation({
    mutationFn: (body: string) => call(conversationsEndpoints.send, { params: { conversationId }, body: { body } }),
    onSuccess: (message) => {
      // Shown at once at the bottom of the thread; the refetch then confirms it.
      queryClient.setQueryData<InfiniteData<MessageHistory>>(historyQueryOptions(conversationId).queryKey, (data) =>
        data?.pages[0]
          ? { ...data, pages: [{ ...data.pages[0], items: [message, ...data.pages[0].items] }, ...data.pages.slice(1)] }
          : data,
      );
      // Not awaited: the composer empties as soon as the message is stored, not after every refetch.
      void refresh(conversationId);
    },
  });
}

export function useMarkRead(conversationId: string) {
  const refresh = useRefreshConversations();
  return useMutation({
    mutationFn: () => call(conversationsEndpoints.read, { params: { conversationId } }),
    // The list's unread count and the header's badge change; the thread itself does not.
    onSuccess: () => refresh(),
  });
}

/**
 * Live updates, the page's only live input: a new message refreshes its conversation, the list and the unread count;
 * the other person's read receipt refreshes the conversation ("Seen"); after the socket drops, everything is asked again.
 */
export function useLiveConversations() {
  const queryClient = useQueryClient();
  const refresh = useRefreshConversations();
  useRealtimeEvent('message.created', (event) => void refresh(event.conversationId));
  useRealtimeEvent('conversation.read', (event) => void refresh(event.conversationId));
  useRealtimeReconnect(
    () =>
      void Promise.all(
        [conversationsEndpoints.list, conversationsEndpoints.unread, conversationsEndpoints.get, conversationsEndpoints.history].map(
          (endpoint) => queryClient.invalidateQueries({ queryKey: endpointKey(endpoint) }),
        ),
      ),
  );
}
