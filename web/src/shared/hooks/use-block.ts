import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../lib/api-client.ts';
import { profilesEndpoints } from '../lib/endpoints.ts';

/**
 * Block or unblock someone. A block changes nearly every answer (reviews, comments, feeds, search, messages,
 * notifications), so everything shown is fetched again. The refetch is not awaited: the caller's own callbacks
 * (a toast, closing a dialog) run first, while the review or profile that offered the action is still on screen.
 */
export function useSetBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ username, block }: { username: string; block: boolean }) =>
      call(block ? profilesEndpoints.block : profilesEndpoints.unblock, { params: { username } }),
    onSuccess: () => void queryClient.invalidateQueries(),
  });
}

/** Mute or unmute someone: their activity leaves or rejoins your feed. */
export function useSetMute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ username, mute }: { username: string; mute: boolean }) =>
      call(mute ? profilesEndpoints.mute : profilesEndpoints.unmute, { params: { username } }),
    onSuccess: () => void queryClient.invalidateQueries(),
  });
}
