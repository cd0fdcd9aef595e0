import { z } from 'zod';

/** The values an error's words are filled with (`{{name}}`), and `context`/`count` for i18next's variants and plurals. */
export const ErrorParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));
export type ErrorParams = z.infer<typeof ErrorParamsSchema>;

export const ErrorIssueSchema = z.object({
  /** Where the problem is: `body.email`, `query.page`, `params.albumId`. */
  path: z.string(),
  /** What is wrong, stable for programs: a key of `issues` in `contracts/locales/<language>/errors.json`. */
  code: z.string(),
  params: ErrorParamsSchema.optional(),
  /** The same in English words, for a person reading the answer. */
  message: z.string(),
});
export type ErrorIssue = z.infer<typeof ErrorIssueSchema>;

/**
 * The one error body every endpoint answers with. `code` (with `params`) is stable snake_case for programs and is
 * what the web app translates; `message` is the same in English words, for a person reading the answer.
 */
export const ErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    params: ErrorParamsSchema.optional(),
    message: z.string(),
    issues: z.array(ErrorIssueSchema),
    /** The request's id (also its X-Request-Id header and `reqId` in the server's logs), to quote when reporting a problem. */
    requestId: z.string().optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

type ErrorStatus = 301 | 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 502 | 503;

/** The error answers an endpoint declares, all with the one error body: `errorResponses(400, 401, 404)`. */
export function errorResponses<const S extends ErrorStatus[]>(...statuses: S): { [K in S[number]]: typeof ErrorBodySchema } {
  return Object.fromEntries(statuses.map((status) => [status, ErrorBodySchema])) as { [K in S[number]]: typeof ErrorBodySchema };
}
