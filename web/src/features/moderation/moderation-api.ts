import type { FederatedHost } from '@hearsay/contracts/federation';
import type { ModerationDecisionBody } from '@hearsay/contracts/moderation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpointKey, endpointQuery } from '../../shared/lib/api-client.ts';
import { federationEndpoints, moderationEndpoints } from '../../shared/lib/endpoints.ts';

// The moderation page's and the warnings' endpoints (api.ts has those every page loads).

/** Whether the member moderates: the page shows its queue only then. */
export const moderationAccessQueryOptions = endpointQuery(moderationEndpoints.access, {});

/** Acknowledging a warning answers the standing that remains. */
export function useAcknowledgeWarning() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (warningId: string) => call(moderationEndpoints.acknowledgeWarning, { params: { warningId } }),
    onSuccess: (standing) => queryClient.setQueryData(endpointQuery(moderationEndpoints.standing, {}).queryKey, standing),
  });
}

export const reportQueueQueryOptions = (page: number, limit: number) =>
  endpointQuery(moderationEndpoints.queue, { query: { page, limit } });
export const siteHealthQueryOptions = endpointQuery(moderationEndpoints.health, {});
export const pendingAlbumsQueryOptions = (page: number, limit: number) =>
  endpointQuery(moderationEndpoints.pendingAlbums, { query: { page, limit } });
export const moderatorsQueryOptions = endpointQuery(moderationEndpoints.moderators, {});
export const auditQueryOptions = (page: number, limit: number) => endpointQuery(moderationEndpoints.audit, { query: { page, limit } });

/** A decision changes the queue, the audit log, the site's health and the albums waiting. */
export function useDecide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ModerationDecisionBody) => call(moderationEndpoints.decide, { body }),
    onSuccess: () => {
      for (const declaration of [
        moderationEndpoints.queue,
        moderationEndpoints.audit,
        moderationEndpoints.health,
        moderationEndpoints.pendingAlbums,
      ]) {
        void queryClient.invalidateQueries({ queryKey: endpointKey(declaration) });
      }
    },
  });
}

/** Appoint or remove a moderator; the answer is the list of moderators, and the audit log records it. */
export function useChangeModerator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, appoint }: { name: string; appoint: boolean }) =>
      call(appoint ? moderationEndpoints.appoint : moderationEndpoints.removeModerator, { params: { username: name } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(moderatorsQueryOptions.queryKey, answer);
      void queryClient.invalidateQueries({ queryKey: endpointKey(moderationEndpoints.audit) });
    },
  });
}

export type HostPolicy = FederatedHost['policy'];

/** Admins: the servers this site blocks or silences (a 404 when it does not federate, or to anyone else). */
export const federatedHostsQueryOptions = endpointQuery(federationEndpoints.hosts, {});

/**
 * Block or silence a server (`policy`), or federate with it again (null); the answer is the list of servers, written
 * as the list's answer.
 */
export function useSetHostPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ host, policy }: { host: string; policy: HostPolicy | null }) =>
      policy
        ? call(federationEndpoints.setHost, { params: { host }, body: { policy } })
        : call(federationEndpoints.removeHost, { params: { host } }),
    onSuccess: (answer) => queryClient.setQueryData(federatedHostsQueryOptions.queryKey, answer),
  });
}

/** Admins: per server, the deliveries waiting, held back after its failures, and failed for good. */
export const federatedDeliveriesQueryOptions = endpointQuery(federationEndpoints.deliveries, {});

/** Tries a server's failed deliveries again; the answer is the deliveries' list. */
export function useRetryDeliveries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (host: string) => call(federationEndpoints.retryDeliveries, { params: { host } }),
    onSuccess: (answer) => queryClient.setQueryData(federatedDeliveriesQueryOptions.queryKey, answer),
  });
}
