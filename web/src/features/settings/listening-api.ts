import { queryOptions } from '@tanstack/react-query';
import { endpointQuery } from '../../shared/lib/api-client.ts';
import { listeningEndpoints } from '../../shared/lib/endpoints.ts';

/** How often the open Listening tab asks whether a listen came: soon enough that a member trying a player sees it. */
export const LISTENING_POLL_MS = 15_000;

/** The addresses to paste, the last listen received and what is playing, asked again while the tab is open. */
export const listeningStatusQueryOptions = queryOptions({
  ...endpointQuery(listeningEndpoints.status, {}),
  refetchInterval: LISTENING_POLL_MS,
  refetchIntervalInBackground: false,
});
