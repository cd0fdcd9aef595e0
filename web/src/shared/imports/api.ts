import type { QueryClient } from '@tanstack/react-query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpointKey, endpointQuery } from '../lib/api-client.ts';
import { accountsEndpoints, importsEndpoints } from '../lib/endpoints.ts';

export const importJobQueryOptions = (importId: string) => endpointQuery(importsEndpoints.job, { params: { importId } });

/** Uploads a RateYourMusic CSV (`rym`) or a Hearsay export (`hearsay`); the answer is the job, running. */
export function useStartImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, kind }: { file: File; kind: 'rym' | 'hearsay' }) => {
      const form = new FormData();
      form.append('file', file);
      return call(kind === 'hearsay' ? importsEndpoints.startHearsay : importsEndpoints.startRym, { body: form });
    },
    onSuccess: (job) => queryClient.setQueryData(importJobQueryOptions(job.id).queryKey, job),
  });
}

/** What listening histories this site imports (whether Last.fm is set up) and the upload limit. */
export const listenImportOptionsQuery = endpointQuery(importsEndpoints.listenOptions, {});

/** Uploads a listening history (one or several files); the answer is the job, running. */
export function useStartListenImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (files: File[]) => {
      const form = new FormData();
      for (const file of files) form.append('file', file);
      return call(importsEndpoints.startListens, { body: form });
    },
    onSuccess: (job) => queryClient.setQueryData(importJobQueryOptions(job.id).queryKey, job),
  });
}

/** Imports a Last.fm user's scrobbles through Last.fm's API; the answer is the job, running. */
export function useStartLastfmImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (username: string) => call(importsEndpoints.startLastfm, { body: { username } }),
    onSuccess: (job) => queryClient.setQueryData(importJobQueryOptions(job.id).queryKey, job),
  });
}

/** After an import: ratings, library and album pages cached before it are out of date (the session and the job are not). */
export function refreshAfterImport(queryClient: QueryClient) {
  const untouched = [endpointKey(accountsEndpoints.me)[0], endpointKey(importsEndpoints.job)[0]];
  return queryClient.invalidateQueries({ predicate: (query) => !untouched.includes(query.queryKey[0]) });
}
