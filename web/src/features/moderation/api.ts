import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpointQuery } from '../../shared/lib/api-client.ts';
import { moderationEndpoints } from '../../shared/lib/endpoints.ts';

/** Whether the member moderates (the account menu then links to the queue). */
export const moderationAccessQueryOptions = endpointQuery(moderationEndpoints.access, {});

/** A signed-in person's standing: a sanction, and warnings not acknowledged yet. */
export const standingQueryOptions = endpointQuery(moderationEndpoints.standing, {});

/** Acknowledging a warning answers the standing that remains. */
export function useAcknowledgeWarning() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (warningId: string) => call(moderationEndpoints.acknowledgeWarning, { params: { warningId } }),
    onSuccess: (standing) => queryClient.setQueryData(standingQueryOptions.queryKey, standing),
  });
}
