import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One API endpoint, declared once: the server registers its route from this declaration and the web app calls it
 * through the same object, so method, path and every shape can only change in one place. `responses` lists every
 * status the endpoint answers with its body schema; the one 2xx entry is what a caller gets back.
 */
export interface Endpoint<
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Responses extends Record<number, z.ZodType> = Record<number, z.ZodType>,
> {
  method: HttpMethod;
  /** Fastify-style path, e.g. `/api/albums/:albumId/reviews`. */
  path: `/api/${string}`;
  /** `members`: signed-in people only, a visitor gets 401 before the request is read. Absent: anyone, the handler decides. */
  access?: 'members';
  summary: string;
  tags: readonly string[];
  params?: Params;
  query?: Query;
  body?: Body;
  /** Uploads are multipart: the body is read by the route, not by a schema. */
  multipart?: boolean;
  /**
   * Takes an `Idempotency-Key` header (the IETF httpapi draft): a repeat with the same key answers the first answer
   * without running again, so a write sent from a phone's outbox is made once however often it is retried (decision 085).
   */
  idempotent?: true;
  responses: Responses;
}

/** Declares an endpoint, keeping its exact types for both sides. */
export const endpoint = <const E extends Endpoint>(declaration: E): E => declaration;

type Defined<T> = Exclude<T, undefined>;
type SchemaInput<S> = S extends z.ZodType ? z.input<S> : undefined;
type SchemaOutput<S> = S extends z.ZodType ? z.output<S> : undefined;
type SuccessStatus = 200 | 201 | 202 | 204;

/** The schema of the endpoint's successful answer. */
export type SuccessSchema<E extends Endpoint> = E['responses'][Extract<keyof E['responses'], SuccessStatus>];

/** What a caller passes: the params, query and body the endpoint declares, and nothing it does not. */
export type EndpointInput<E extends Endpoint> = (Defined<E['params']> extends z.ZodType
  ? { params: SchemaInput<E['params']> }
  : { params?: never }) &
  (Defined<E['query']> extends z.ZodType ? { query?: SchemaInput<E['query']> } : { query?: never }) &
  (E['multipart'] extends true
    ? { body: FormData }
    : Defined<E['body']> extends z.ZodType
      ? { body: SchemaInput<E['body']> }
      : { body?: never });

/** What a caller gets back. */
export type EndpointResult<E extends Endpoint> = SchemaOutput<SuccessSchema<E>>;

/** The request values a route handler receives, already validated. */
export interface EndpointRequest<E extends Endpoint> {
  params: SchemaOutput<E['params']>;
  query: SchemaOutput<E['query']>;
  body: SchemaOutput<E['body']>;
}

/** The path with its `:params` filled in and encoded, plus the query string (empty values left out). */
export function endpointUrl(declaration: Endpoint, input: { params?: unknown; query?: unknown } = {}): string {
  const params = (input.params ?? {}) as Record<string, unknown>;
  const path = declaration.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') throw new Error(`${declaration.path} needs the parameter "${name}".`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((input.query ?? {}) as Record<string, unknown>)) {
    if (value === undefined || value === null || value === '') continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}
