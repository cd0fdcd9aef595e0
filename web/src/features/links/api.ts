import type { LinkResolution, ResolveLinkQuery } from '@hearsay/contracts/links';
import { paths } from '@hearsay/contracts/paths';
import { call, endpointQuery } from '../../shared/lib/api-client.ts';
import { linksEndpoints } from '../../shared/lib/endpoints.ts';

/** The album of a shared or pasted music link (decision 086), asked once per link: the answer does not change while one looks. */
export const resolveLinkQueryOptions = (query: ResolveLinkQuery) => ({
  ...endpointQuery(linksEndpoints.resolve, { query }),
  staleTime: Infinity,
  retry: false,
});

export const resolveLink = (query: ResolveLinkQuery, signal?: AbortSignal) => call(linksEndpoints.resolve, { query }, signal);

/** The rating control of the album's page: where a shared album opens, ready to rate. */
export const RATE_ANCHOR = 'rate';

/** Where an answer leads: the album's page at its rating, or the search for what was shared. */
export function destinationOf(answer: LinkResolution): string | null {
  if (answer.album) return `${paths.album(answer.album.slug)}#${RATE_ANCHOR}`;
  if (answer.query) return paths.search(answer.query);
  return null;
}
