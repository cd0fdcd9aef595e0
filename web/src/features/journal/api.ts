import type { CreateJournalEntryBody, JournalQuery, UpdateJournalEntryBody } from '@hearsay/contracts/journal';
import { infiniteQueryOptions, keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpointKey, endpointQuery } from '../../shared/lib/api-client.ts';
import { journalEndpoints, listensEndpoints } from '../../shared/lib/endpoints.ts';
import { useSession } from '../../shared/auth/session.ts';
import { sendOrKeep, useOfflineReady } from '../../shared/offline/outbox.ts';

type JournalFilters = Partial<JournalQuery>;

export const journalQueryOptions = (filters: JournalFilters) =>
  queryOptions({ ...endpointQuery(journalEndpoints.list, { query: filters }), placeholderData: keepPreviousData });

export const journalMonthsQueryOptions = endpointQuery(journalEndpoints.months, {});

/** Every change to the journal can move entries between months and pages, so all journal queries refetch. */
function useInvalidateJournal() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: endpointKey(journalEndpoints.list) }),
      queryClient.invalidateQueries({ queryKey: endpointKey(journalEndpoints.months) }),
    ]);
}

/**
 * Logs a listen. Offline, it is kept on the device (decision 085) and answers null: the journal lists it as waiting
 * to send until it is. `label` names the album in the message if the server refuses it later.
 */
export function useLogListen() {
  const invalidate = useInvalidateJournal();
  const session = useSession();
  useOfflineReady(journalEndpoints.create);
  return useMutation({
    // Run offline too, rather than wait paused for the network: sendOrKeep keeps the write on the device then.
    networkMode: 'always',
    mutationFn: ({ body, label }: { body: CreateJournalEntryBody; label: string }) => {
      const input = { body };
      if (!session.user) return call(journalEndpoints.create, input);
      const write = { kind: 'journal-entry', albumRef: body.albumId, label, endpoint: journalEndpoints.create, input } as const;
      return sendOrKeep({ ...write, memberId: session.user.id });
    },
    onSuccess: (entry) => (entry ? invalidate() : undefined),
  });
}

export function useUpdateListen(entryId: string) {
  const invalidate = useInvalidateJournal();
  return useMutation({
    mutationFn: (body: UpdateJournalEntryBody) => call(journalEndpoints.update, { params: { entryId }, body }),
    onSuccess: invalidate,
  });
}

export function useDeleteListen() {
  const invalidate = useInvalidateJournal();
  return useMutation({
    mutationFn: (entryId: string) => call(journalEndpoints.remove, { params: { entryId } }),
    onSuccess: invalidate,
  });
}

/** Today in the listener's own time zone, as the server expects it (YYYY-MM-DD). */
export function localToday(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The tracks you played, newest first, a page at a time. */
export const playedTracksQueryOptions = infiniteQueryOptions({
  queryKey: endpointKey(listensEndpoints.list),
  queryFn: ({ pageParam, signal }) => call(listensEndpoints.list, { query: pageParam ? { cursor: pageParam } : {} }, signal),
  initialPageParam: null as string | null,
  getNextPageParam: (page) => page.nextCursor,
});

export function useDeletePlayedTrack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (listenId: string) => call(listensEndpoints.remove, { params: { listenId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointKey(listensEndpoints.list) }),
  });
}
