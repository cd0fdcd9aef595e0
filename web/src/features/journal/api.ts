import type { CreateJournalEntryBody, JournalQuery, UpdateJournalEntryBody } from '@hearsay/contracts/journal';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpointKey, endpointQuery } from '../../shared/lib/api-client.ts';
import { journalEndpoints } from '../../shared/lib/endpoints.ts';

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

export function useLogListen() {
  const invalidate = useInvalidateJournal();
  return useMutation({
    mutationFn: (body: CreateJournalEntryBody) => call(journalEndpoints.create, { body }),
    onSuccess: invalidate,
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
