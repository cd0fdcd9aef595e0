import type { ConnectForwardingBody, ForwardingStatus } from '@hearsay/contracts/listenbrainz-forwarding';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpointQuery } from '../../shared/lib/api-client.ts';
import { listenbrainzForwardingEndpoints } from '../../shared/lib/endpoints.ts';

export const forwardingQueryOptions = endpointQuery(listenbrainzForwardingEndpoints.status, {});

/** Both answer the connection as it stands: it replaces what the section shows. */
function useForwardingMutation<TInput>(mutationFn: (input: TInput) => Promise<ForwardingStatus>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (status) => queryClient.setQueryData(forwardingQueryOptions.queryKey, status),
  });
}

export const useConnectForwarding = () =>
  useForwardingMutation((body: ConnectForwardingBody) => call(listenbrainzForwardingEndpoints.connect, { body }));

export const useStopForwarding = () => useForwardingMutation((_: void) => call(listenbrainzForwardingEndpoints.disconnect, {}));
