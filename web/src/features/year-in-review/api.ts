import { endpointQuery } from '../../shared/lib/api-client.ts';
import { yearInReviewEndpoints } from '../../shared/lib/endpoints.ts';

export const yearQueryOptions = (username: string, year: string) =>
  endpointQuery(yearInReviewEndpoints.year, { params: { username, year } });
