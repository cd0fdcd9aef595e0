import fastJsonStringify from 'fast-json-stringify';
import type { FastifyInstance } from 'fastify';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';

/** Writes an answer as JSON text, only the fields its contract declares. */
export type ResponseSerializer = (value: unknown) => string;

const compiled = new WeakMap<z.ZodType, ResponseSerializer>();

/**
 * An answer's JSON text, written by a serializer compiled once from its contract's schema (fast-json-stringify from
 * the schema's JSON Schema). Like encoding with Zod, it writes only the declared fields, so a field a service reads
 * but does not mean to share never leaves the server, at a fraction of the cost (decision 048). A schema JSON Schema cannot express fails as the route is registered.
 *
 * With `checked`, every answer is also encoded by Zod, which refuses a value its schema does not allow where the
 * compiled serializer would write it as best it can, and the two must agree: development and the tests run this way,
 * so a service that drifts from its contract fails there rather than being written loosely in production.
 */
export function responseSerializer(schema: z.ZodType, options: { checked: boolean }): ResponseSerializer {
  let serialize = compiled.get(schema);
  if (!serialize) {
    // The wire is the schema's input side: what the web app's parse of it takes.
    serialize = fastJsonStringify(z.toJSONSchema(schema, { io: 'input', target: 'draft-7', unrepresentable: 'throw' }) as never);
    compiled.set(schema, serialize);
  }
  if (!options.checked) return serialize;
  const written = serialize;
  return (value) => {
    const encoded = z.safeEncode(schema, value as never);
    if (!encoded.success) throw new Error(`The answer does not meet its contract: ${z.prettifyError(encoded.error)}`);
    const text = written(value);
    if (!isDeepStrictEqual(JSON.parse(text), JSON.parse(JSON.stringify(encoded.data))))
      throw new Error(`The compiled serializer wrote ${text} where the contract's encoding is ${JSON.stringify(encoded.data)}`);
    return text;
  };
}

/** Every route's answers are written by their contract's compiled serializer. */
export function registerResponseSerialization(app: FastifyInstance, options: { checked: boolean }): void {
  app.setSerializerCompiler(({ schema }) => responseSerializer(schema as z.ZodType, options));
}
