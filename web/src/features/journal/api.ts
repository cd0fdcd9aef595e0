import {
  JournalEntrySchema,
  JournalMonthsSchema,
  JournalPageSchema,
  type CreateJournalEntryBody,
  type UpdateJournalEntryBody,
} from '@hearsay/contracts/journal';
import { OkSchema } from '@hearsay/contracts/accounts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, queryString } from '../../shared/lib/api-client.ts';

export interface JournalFilters {
  page?: number;
  limit?: number;
  month?: string;
  album?: string;
}

export const journalQueryOptions = (filters: JournalFilters) =>
  queryOptions({
    queryKey: ['journal', 'entries', filters],
    queryFn: ({ signal }) => api(`/api/me/journal${queryString({ ...filters })}`, { schema: JournalPageSchema, signal }),
    placeholderData: keepPreviousData,
  });

export const journalMonthsQueryOptions = queryOptions({
  queryKey: ['journal', 'months'],
  queryFn: ({ signal }) => api('/api/me/journal/months', { schema: JournalMonthsSchema, signal }),
});

/** Every change to the journal can move entries between months and pages, so all journal queries refetch. */
function useInvalidateJournal() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['journal'] });
}

export function useLogListen() {
  const invalidate = useInvalidateJournal();
  return useMutation({
    mutationFn: (body: CreateJournalEntryBody) => api('/api/me/journal', { method: 'POST', body, schema: JournalEntrySchema }),
    onSuccess: invalidate,
  });
}

export function useUpdateListen(entryId: string) {
  const invalidate = useInvalidateJournal();
  return useMutation({
    mutationFn: (body: UpdateJournalEntryBody) =>
      api(`/api/me/journal/${encodeURIComponent(entryId)}`, { method: 'PATCH', body, schema: JournalEntrySchema }),
    onSuccess: invalidate,
  });
}

export function useDeleteListen() {
  const invalidate = useInvalidateJournal();
  return useMutation({
    mutationFn: (entryId: string) => api(`/api/me/journal/${encodeURIComponent(entryId)}`, { method: 'DELETE', schema: OkSchema }),
    onSuccess: invalidate,
  });
}

/** Today in the listener's own time zone, as the server expects it (YYYY-MM-DD). */
export function localToday(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
