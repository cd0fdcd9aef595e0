import { endpointQuery } from '../../shared/lib/api-client.ts';
import { moderationEndpoints } from '../../shared/lib/endpoints.ts';

// Loaded with every page by the standing gate alone: the account menu has access-api.ts, the moderation page and the
// warnings, loaded later, moderation-api.ts. A module two of them imported would become a file of its own in every
// page's start (the entry budget).

/** A signed-in person's standing: a sanction, and warnings not acknowledged yet. */
export const standingQueryOptions = endpointQuery(moderationEndpoints.standing, {});
