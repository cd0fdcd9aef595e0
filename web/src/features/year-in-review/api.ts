import { yearInReviewEndpoints } from '@hearsay/contracts/year-in-review';
import { endpointQuery } from '../../shared/lib/api-client.ts';

export const yearQueryOptions = (username: string, year: string) =>
  endpointQuery(yearInReviewEndpoints.year, { params: { username, year } });
