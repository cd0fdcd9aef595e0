import { z } from 'zod';

export const ErrorIssueSchema = z.object({
  /** Where the problem is: `body.email`, `query.page`, `params.albumId`. */
  path: z.string(),
  message: z.string(),
});
export type ErrorIssue = z.infer<typeof ErrorIssueSchema>;

/** The one error body every endpoint answers with. `code` is stable snake_case for programs; `message` is for people. */
export const ErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    issues: z.array(ErrorIssueSchema),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
