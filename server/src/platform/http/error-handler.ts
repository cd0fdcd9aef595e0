import type { ErrorBody, ErrorIssue, ErrorParams } from '@hearsay/contracts/errors';
import { issueParams, type IssueDetails } from '@hearsay/contracts/issue-codes';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/index.ts';
import { AppError, fieldIssue } from '../errors.ts';

/** Where a refused value was, as the `params.context` of `invalid_request` and the start of each issue's path. */
const locations: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'params',
  headers: 'headers',
};

/** Fastify's own client errors get stable codes and their words (a context of the code where one code has several). */
const fastifyClientErrors: Record<string, { code: string; context?: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'invalid_json' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'payload_too_large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'unsupported_media_type' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'invalid_request', context: 'content_length' },
  FST_ERR_VALIDATION: { code: 'invalid_request' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { code: 'unsupported_media_type', context: 'multipart' },
  FST_REQ_FILE_TOO_LARGE: { code: 'payload_too_large', context: 'file' },
  FST_FILES_LIMIT: { code: 'payload_too_large', context: 'files' },
};

/** An error answer's body, its English words written from its code (see AppError). */
export function errorBody(code: string, params?: ErrorParams, issues: ErrorIssue[] = []): ErrorBody {
  return new AppError(0, code, { params, issues }).toBody();
}

/**
 * One error body everywhere: `{ error: { code, params, message, issues } }` (and `requestId`, see request-id.ts).
 * Validation failures list every issue, each with its code and path; 5xx responses are masked and logged with the
 * error's stack, 4xx at info without one (the request's fault, not ours). Every log line carries the request id as `reqId`.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
      else request.log.info({ statusCode: error.statusCode, code: error.code }, error.message);
      return reply.status(error.statusCode).headers(error.headers).send(error.toBody());
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const location = locations[(error as FastifyError).validationContext ?? 'body'] ?? 'body';
      const issues = error.validation.map((issue) => {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
        // The schemas' messages are issue codes (@hearsay/contracts/issue-codes).
        return fieldIssue(
          [location, field].filter(Boolean).join('.'),
          issue.message ?? 'not_valid',
          issueParams(issue.params as IssueDetails),
        );
      });
      const field = error.validation[0]?.instancePath.replace(/^\//, '').replace(/\//g, '.');
      const body = errorBody('invalid_request', field ? { context: location, field } : { context: `whole_${location}` }, issues);
      request.log.info({ statusCode: 400, code: 'invalid_request' }, body.error.message);
      return reply.status(400).send(body);
    }

    const statusCode = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (statusCode >= 400 && statusCode < 500) {
      const known = error.code ? fastifyClientErrors[error.code] : undefined;
      request.log.info({ statusCode, code: known?.code ?? error.code }, error.message);
      if (known) return reply.status(statusCode).send(errorBody(known.code, known.context ? { context: known.context } : undefined));
      if (statusCode === 429) return reply.status(statusCode).send(errorBody('rate_limited', { context: 'requests' }));
      // A client error no code here names: its own code and words, which the web app shows as they are.
      return reply.status(statusCode).send({ error: { code: snakeCase(error.code ?? 'bad_request'), message: error.message, issues: [] } });
    }

    if (isDatabaseUnavailable(error)) {
      // Not a fault of this request: the database is away or overloaded. Say so at once, and when to try again.
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send(errorBody('database_unavailable'));
    }

    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody('internal_error'));
  });
}

function snakeCase(value: string): string {
  return value
    .replace(/^FST_(ERR_)?/, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
}
