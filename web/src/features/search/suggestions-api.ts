import { endpointQuery } from '../../shared/lib/api-client.ts';
import { searchEndpoints } from '../../shared/lib/endpoints.ts';

// Apart from api.ts: the header asks for suggestions on every page, the search page loads later.

/** The header's suggestions for what is typed. */
export const searchSuggestionsQueryOptions = (words: string) => endpointQuery(searchEndpoints.suggestions, { query: { q: words } });
