import { endpointQuery } from '../../shared/lib/api-client.ts';
import { moderationEndpoints } from '../../shared/lib/endpoints.ts';

// The account menu's alone, for the entry budget (see api.ts).

/** Whether the member moderates (the account menu then links to the queue). */
export const moderationAccessQueryOptions = endpointQuery(moderationEndpoints.access, {});
