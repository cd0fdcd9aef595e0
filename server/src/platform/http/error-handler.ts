import type { ErrorBody, ErrorIssue } from '@hearsay/contracts/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/index.ts';
import { AppError } from '../errors.ts';

const locationLabels: Record<string, string> = {
  body: 'field',
  querystring: 'query parameter',
  params: 'path parameter',
  headers: 'header',
};

const locationPrefixes: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'params',
  headers: 'headers',
};

/** Fastify's own client errors get stable codes and plain-language messages. */
const fastifyClientErrors: Record<string, { code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'invalid_json', message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'payload_too_large', message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'unsupported_media_type', message: 'This content type is not supported here.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'invalid_request', message: 'The Content-Length header does not match the body.' },
  FST_ERR_VALIDATION: { code: 'invalid_request', message: 'The request is not valid.' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { code: 'unsupported_media_type', message: 'Expected a multipart/form-data upload.' },
  FST_REQ_FILE_TOO_LARGE: { code: 'payload_too_large', message: 'The file is too large.' },
  FST_FILES_LIMIT: { code: 'payload_too_large', message: 'Too many files in one upload.' },
};

export function errorBody(code: string, message: string, issues: ErrorIssue[] = []): ErrorBody {
  return { error: { code, message, issues } };
}

/**
 * One error body everywhere: `{ error: { code, message, issues } }` (and `requestId`, see request-id.ts). Validation
 * failures list every issue and name the parameter; 5xx responses are masked and logged with the error's stack, 4xx
 * at info without one (the request's fault, not ours). Every log line carries the request id as `reqId`.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
      else request.log.info({ statusCode: error.statusCode, code: error.code }, error.message);
      return reply.status(error.statusCode).headers(error.headers).send(error.toBody());
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = (error as FastifyError).validationContext ?? 'body';
      const issues = error.validation.map((issue) => {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
        const path = [locationPrefixes[context] ?? context, field].filter(Boolean).join('.');
        return { path, message: issue.message ?? 'is not valid' };
      });
      const first = error.validation[0];
      const firstField = first?.instancePath.replace(/^\//, '').replace(/\//g, '.');
      const label = locationLabels[context] ?? context;
      const message = firstField
        ? `Invalid ${label} "${firstField}": ${first?.message ?? 'is not valid'}`
        : `Invalid request ${label === 'field' ? 'body' : label}: ${first?.message ?? 'is not valid'}`;
      request.log.info({ statusCode: 400, code: 'invalid_request' }, message);
      return reply.status(400).send(errorBody('invalid_request', message, issues));
    }

    const statusCode = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (statusCode >= 400 && statusCode < 500) {
      const known = error.code ? fastifyClientErrors[error.code] : undefined;
      const code = known?.code ?? (statusCode === 429 ? 'rate_limited' : snakeCase(error.code ?? 'bad_request'));
      request.log.info({ statusCode, code }, error.message);
      return reply.status(statusCode).send(errorBody(code, known?.message ?? error.message));
    }

    if (isDatabaseUnavailable(error)) {
      // Not a fault of this request: the database is away or overloaded. Say so at once, and when to try again.
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send(errorBody('database_unavailable', 'The site cannot reach its database right now. Please try again in a moment.'));
    }

    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody('internal_error', 'Something went wrong on our side. Please try again in a moment.'));
  });
}

function snakeCase(value: string): string {
  return value
    .replace(/^FST_(ERR_)?/, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
}
