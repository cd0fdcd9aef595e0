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
    const validate = zodValidatorCompiler(route);
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
