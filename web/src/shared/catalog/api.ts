import { endpointQuery } from '../lib/api-client.ts';
import { searchEndpoints } from '../lib/endpoints.ts';

/** Albums matching what is typed, for the album pickers (collections, the journal, onboarding). */
export const albumSearchQueryOptions = (q: string) => endpointQuery(searchEndpoints.search, { query: { type: 'albums', limit: 12, q } });
