import type { ReportBody } from '@hearsay/contracts/moderation';
import { useMutation } from '@tanstack/react-query';
import { call } from '../lib/api-client.ts';
import { moderationEndpoints } from '../lib/endpoints.ts';

/** Reports a review, comment, person or collection to the moderators; the answer says whether it was already reported. */
export function useReport() {
  return useMutation({ mutationFn: (body: ReportBody) => call(moderationEndpoints.report, { body }) });
}
