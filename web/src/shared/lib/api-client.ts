import { endpointUrl, type Endpoint, type EndpointInput, type EndpointResult, type SuccessSchema } from '@hearsay/contracts/endpoint';
import type { ErrorIssue } from '@hearsay/contracts/errors';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import i18n from '../i18n/index.ts';

/** An error answered by the Hearsay API (or a network failure, with status 0). */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly issues: ErrorIssue[];

  constructor(status: number, code: string, message: string, issues: ErrorIssue[] = []) {
    super(message);
    this.status = status;
    this.code = code;
    this.issues = issues;
  }
}

type Transport = (path: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (path, init) => fetch(path, init);

/** Where API calls go: the browser's fetch, or (rendering a page on the server) the server itself, as the viewer. */
export function sendApiCallsThrough(next: Transport): void {
  transport = next;
}

export interface RequestOptions<T extends z.ZodType> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** The contract schema of a successful response (or its arrival); the response is parsed, never cast. */
  schema: T | Promise<T>;
  signal?: AbortSignal;
}

/**
 * Calls the API with the session cookie and parses the answer with its contract schema. Errors
 * come back as ApiError with the server's code and message, so screens can show them as they are.
 */
export async function api<T extends z.ZodType>(path: string, options: RequestOptions<T>): Promise<z.output<T>> {
  // A schema still loading fails the call where it is awaited, not as an unhandled rejection.
  if (options.schema instanceof Promise) options.schema.catch(() => undefined);
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  let response: Response;
  try {
    response = await transport(path, {
      method: options.method ?? 'GET',
      credentials: 'same-origin',
      signal: options.signal,
      headers: {
        accept: 'application/json',
        // The server writes its error messages in the language the page shows.
        'accept-language': i18n.language || 'en',
        ...(options.body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
      },
      body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network_error', 'We could not reach Hearsay. Check your connection and try again.');
  }
  const text = await response.text();
  const json: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) {
    // The error schema (and zod) load with the first error, outside the entry bundle; if they cannot, the status says enough.
    const parsed = await import('@hearsay/contracts/errors').then(
      ({ ErrorBodySchema }) => ErrorBodySchema.safeParse(json),
      () => undefined,
    );
    if (parsed?.success) throw new ApiError(response.status, parsed.data.error.code, parsed.data.error.message, parsed.data.error.issues);
    throw new ApiError(response.status, 'unexpected_response', `The server answered ${response.status}. Please try again.`);
  }
  return (await options.schema).parse(json) as z.output<T>;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Query-string from an object, skipping empty values. */
export function queryString(params: Record<string, string | number | boolean | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * An endpoint whose contract module (and zod with it) is fetched by its first call, for what the app shell asks before
 * any screen's code is there. Method and path are known at once (the URL and cache key), from the zod-free
 * `shellRoutes` the contract itself is declared with; the request goes out while the contract loads.
 */
export interface LazyEndpoint<E extends Endpoint> {
  method: E['method'];
  path: E['path'];
  load: () => Promise<E>;
}

export function lazyEndpoint<E extends Endpoint>(route: { method: E['method']; path: E['path'] }, load: () => Promise<E>): LazyEndpoint<E> {
  return { method: route.method, path: route.path, load };
}

type Declaration<E extends Endpoint> = E | LazyEndpoint<E>;

/** The successful answer's schema: the declaration's one 2xx response. */
function successSchema<E extends Endpoint>(declaration: E): SuccessSchema<E> {
  const status = Object.keys(declaration.responses).find((code) => code.startsWith('2'));
  if (!status) throw new Error(`${declaration.method} ${declaration.path} declares no successful response.`);
  return declaration.responses[Number(status)] as SuccessSchema<E>;
}

/** Calls an endpoint from its contract declaration: the URL is built from it and the answer parsed with it. */
export function call<E extends Endpoint>(
  declaration: Declaration<E>,
  input: EndpointInput<E>,
  signal?: AbortSignal,
): Promise<EndpointResult<E>> {
  const { body } = input as { body?: unknown };
  return api(endpointUrl(declaration as Endpoint, input), {
    method: declaration.method,
    body,
    schema: 'load' in declaration ? declaration.load().then(successSchema) : successSchema(declaration),
    signal,
  }) as Promise<EndpointResult<E>>;
}

/**
 * The cache key of an endpoint's answer: its path, then its params and query. Invalidating by a shorter key reaches
 * every cached answer of that endpoint (`endpointKey(x)`) or of one thing (`endpointKey(x, { params })`).
 */
export function endpointKey<E extends Endpoint>(declaration: Declaration<E>, input?: Partial<Pick<EndpointInput<E>, 'params' | 'query'>>) {
  const key: unknown[] = [declaration.path];
  if (input?.params !== undefined || input?.query !== undefined) key.push(input.params ?? {});
  if (input?.query !== undefined) key.push(input.query);
  return key;
}

/** TanStack Query options for a GET endpoint. */
export function endpointQuery<E extends Endpoint & { method: 'GET' }>(declaration: Declaration<E>, input: EndpointInput<E>) {
  return queryOptions({
    queryKey: endpointKey(declaration, { params: input.params, query: input.query ?? {} } as Partial<
      Pick<EndpointInput<E>, 'params' | 'query'>
    >),
    queryFn: ({ signal }) => call(declaration, input, signal),
  });
}
