import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

/**
 * Request bodies are validated by each route's Zod schema, and a request without a body reaches that schema as
 * `undefined`, so a route whose body is optional takes both ways clients send nothing: a JSON content type with an
 * empty body (fetch with only the header set), and neither content type nor body (curl -X POST). A route whose body
 * is required still answers 400, naming the body.
 */
export function registerRequestValidation(app: FastifyInstance): void {
  // Fastify hands a missing body to the validator as null, which an optional Zod schema refuses.
  const validatorCompiler: FastifySchemaCompiler<ZodType> = (route) => {
    const validate = zodValidatorCompiler({ ...route, schema: refusingNul(route.schema) });
    return route.httpPart === 'body' ? (data) => validate(data ?? undefined) : validate;
  };
  app.setValidatorCompiler(validatorCompiler);

  // Fastify's own JSON parser (with its prototype-poisoning checks) for every body but the empty one.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser<string>('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') done(null, undefined);
    else parseJson(request, body, done);
  });
}

/**
 * No text Hearsay keeps or looks up may hold U+0000: PostgreSQL refuses it in any text value (the query fails, which
 * was a 500), and no name, note or search has a use for it. Every path parameter, query value and body string is
 * checked once its schema has accepted it, and the answer names the field.
 */
function refusingNul(schema: ZodType): ZodType {
  return schema.superRefine((value, context) => {
    const at = nulCharacterAt(value);
    if (at) context.addIssue({ code: 'custom', path: at, message: 'must not contain the character U+0000' });
  });
}

/** The path to the first string in `value` holding U+0000, or null. */
function nulCharacterAt(value: unknown): PropertyKey[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? [] : null;
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, item] of Array.isArray(value) ? value.entries() : Object.entries(value)) {
    const inner = nulCharacterAt(item);
    if (inner) return [key, ...inner];
  }
  return null;
}
