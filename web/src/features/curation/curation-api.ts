import type { CorrectionBody, CorrectionDecisionBody, MergeBody } from '@hearsay/contracts/curation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpointKey, endpointQuery } from '../../shared/lib/api-client.ts';
import { curationEndpoints, moderationEndpoints } from '../../shared/lib/endpoints.ts';

/** The curation page's endpoints (decision 080). */
export const curationAccessQueryOptions = endpointQuery(curationEndpoints.access, {});
export const duplicatesQueryOptions = (page: number, limit: number) =>
  endpointQuery(curationEndpoints.duplicates, { query: { page, limit } });
export const mergesQueryOptions = (page: number, limit: number) => endpointQuery(curationEndpoints.merges, { query: { page, limit } });
export const correctionsQueryOptions = (page: number, limit: number) =>
  endpointQuery(curationEndpoints.corrections, { query: { page, limit } });
export const editorsQueryOptions = endpointQuery(curationEndpoints.editors, {});

/** Whatever a curator does changes the queues, the merges and the audit log: all are read again. */
function useRefreshCuration() {
  const queryClient = useQueryClient();
  return () => {
    for (const declaration of [
      curationEndpoints.duplicates,
      curationEndpoints.merges,
      curationEndpoints.corrections,
      curationEndpoints.editors,
      moderationEndpoints.audit,
    ]) {
      void queryClient.invalidateQueries({ queryKey: endpointKey(declaration) });
    }
  };
}

export function useMerge() {
  const refresh = useRefreshCuration();
  return useMutation({ mutationFn: (body: MergeBody) => call(curationEndpoints.merge, { body }), onSuccess: refresh });
}

export function useUndoMerge() {
  const refresh = useRefreshCuration();
  return useMutation({ mutationFn: (mergeId: string) => call(curationEndpoints.undoMerge, { params: { mergeId } }), onSuccess: refresh });
}

export function useDismissDuplicate() {
  const refresh = useRefreshCuration();
  return useMutation({
    mutationFn: (albumIds: [string, string]) => call(curationEndpoints.dismissDuplicate, { body: { albumIds } }),
    onSuccess: refresh,
  });
}

export function useDecideCorrection() {
  const refresh = useRefreshCuration();
  return useMutation({
    mutationFn: ({ correctionId, ...body }: CorrectionDecisionBody & { correctionId: string }) =>
      call(curationEndpoints.decideCorrection, { params: { correctionId }, body }),
    onSuccess: refresh,
  });
}

export function useChangeEditor() {
  const refresh = useRefreshCuration();
  return useMutation({
    mutationFn: ({ username, appoint }: { username: string; appoint: boolean }) =>
      call(appoint ? curationEndpoints.appointEditor : curationEndpoints.removeEditor, { params: { username } }),
    onSuccess: refresh,
  });
}

/** A member's suggested correction of an album (the album page's dialog); a curator's queue shows it next. */
export function useSuggestCorrection(albumId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CorrectionBody) => call(curationEndpoints.suggestCorrection, { params: { albumId }, body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: endpointKey(curationEndpoints.corrections) }),
  });
}
