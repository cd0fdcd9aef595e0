import { endpointUrl, type Endpoint, type EndpointInput, type EndpointResult, type SuccessSchema } from '@hearsay/contracts/endpoint';
import type { ErrorIssue, ErrorParams } from '@hearsay/contracts/errors';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';

/**
 * An error answered by the Hearsay API (or a network failure, with status 0). Its `code` and `params` are what a
 * screen shows, in the reader's language (`useErrorText`); `message` is the server's English.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly params: ErrorParams | undefined;
  readonly issues: ErrorIssue[];

  constructor(
    status: number,
    code: string,
    message: string,
    { params, issues = [] }: { params?: ErrorParams; issues?: ErrorIssue[] } = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.params = params;
    this.issues = issues;
  }
}

/** The error of a request that never reached Hearsay (no connection): the screens say so, and the outbox keeps writes. */
export const unreachable = () => new ApiError(0, 'network_error', 'We could not reach Hearsay. Check your connection and try again.');

type Transport = (path: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (path, init) => fetch(path, init);

/** Where API calls go: the browser's fetch, or (rendering a page on the server) the server itself, as the viewer. */
export function sendApiCallsThrough(next: Transport): void {
  transport = next;
}

interface RequestOptions<T extends z.ZodType> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** The contract schema of a successful response: the response is parsed, never cast. */
  schema: T;
  signal?: AbortSignal;
}

/**
 * Calls the API with the session cookie and parses the answer with its contract schema. Errors
 * come back as ApiError with the server's code, params and English words, which screens word with `useErrorText`.
 */
async function api<T extends z.ZodType>(path: string, options: RequestOptions<T>): Promise<z.output<T>> {
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  let response: Response;
  try {
    response = await transport(path, {
      method: options.method ?? 'GET',
      credentials: 'same-origin',
      signal: options.signal,
      headers: {
        accept: 'application/json',
        ...(options.body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
      },
      body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw unreachable();
  }
  const text = await response.text();
  const json: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) {
    // The error schema (and zod) load with the first error, outside the entry bundle; if they cannot, the status says enough.
    const parsed = await import('@hearsay/contracts/errors').then(
      ({ ErrorBodySchema }) => ErrorBodySchema.safeParse(json),
      () => undefined,
    );
    if (parsed?.success) {
      const { code, message, params, issues } = parsed.data.error;
      throw new ApiError(response.status, code, message, { params, issues });
    }
    throw new ApiError(response.status, 'unexpected_response', `The server answered ${response.status}. Please try again.`, {
      params: { status: response.status },
    });
  }
  return options.schema.parse(json) as z.output<T>;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * An endpoint as the web app calls it: by name, its contract (and zod with it) fetched and evaluated by its first call.
 * A page's code then starts without building a single schema (they cost a phone more than the page's own code), and
 * a page the server rendered is taken over from its answers alone. The name, `contract.endpoint`, is the cache key.
 */
export interface LazyEndpoint<E extends Endpoint> {
  readonly name: string;
  readonly load: () => Promise<E>;
}

/** The endpoints of one contract, each a LazyEndpoint named after it (`lazyContract('catalog', …).album`). */
type LazyContract<Contract extends Record<string, Endpoint>> = {
  readonly [Name in keyof Contract & string]: LazyEndpoint<Contract[Name]>;
};

/**
 * A contract's endpoints (`<name>Endpoints` of the module `load` imports), loaded together by the first call to any of
 * them (a failed load is tried again by the next call). Its endpoints are named on demand, so this list never repeats
 * the contract's own.
 */
export function lazyContract<Name extends string, Module extends Record<`${Name}Endpoints`, Record<string, Endpoint>>>(
  name: Name,
  load: () => Promise<Module>,
): LazyContract<Module[`${Name}Endpoints`]> {
  type Contract = Module[`${Name}Endpoints`];
  let loading: Promise<Contract> | undefined;
  const loadContract = () =>
    (loading ??= load().then(
      (module) => module[`${name}Endpoints`],
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const named = new Map<string, LazyEndpoint<Endpoint>>();
  return new Proxy({} as LazyContract<Contract>, {
    get(_target, endpoint) {
      if (typeof endpoint !== 'string') return undefined;
      let lazy = named.get(endpoint);
      if (!lazy) {
        lazy = {
          name: `${name}.${endpoint}`,
          load: () =>
            loadContract().then((contract) => {
              const declaration = contract[endpoint];
              if (!declaration) throw new Error(`The ${name} contract has no endpoint "${endpoint}".`);
              return declaration;
            }),
        };
        named.set(endpoint, lazy);
      }
      return lazy;
    },
  });
}

/** The successful answer's schema: the declaration's one 2xx response. */
function successSchema<E extends Endpoint>(declaration: E): SuccessSchema<E> {
  const status = Object.keys(declaration.responses).find((code) => code.startsWith('2'));
  if (!status) throw new Error(`${declaration.method} ${declaration.path} declares no successful response.`);
  return declaration.responses[Number(status)] as SuccessSchema<E>;
}

/** The contract declaration of a LazyEndpoint (of either, for one of two). */
type Declared<L> = L extends LazyEndpoint<infer E> ? E : never;

/** Calls an endpoint: the URL is built from its contract declaration and the answer parsed with it. */
export async function call<L extends LazyEndpoint<Endpoint>>(
  endpoint: L,
  input: EndpointInput<Declared<L>>,
  signal?: AbortSignal,
): Promise<EndpointResult<Declared<L>>> {
  const declaration = await endpoint.load();
  const { body } = input as { body?: unknown };
  return api(endpointUrl(declaration, input), { method: declaration.method, body, schema: successSchema(declaration), signal }) as Promise<
    EndpointResult<Declared<L>>
  >;
}

/**
 * The cache key of an endpoint's answer: its name, then its params and query. Invalidating by a shorter key reaches
 * every cached answer of that endpoint (`endpointKey(x)`) or of one thing (`endpointKey(x, { params })`).
 */
export function endpointKey<L extends LazyEndpoint<Endpoint>>(
  endpoint: L,
  input?: Partial<Pick<EndpointInput<Declared<L>>, 'params' | 'query'>>,
) {
  const key: unknown[] = [endpoint.name];
  if (input?.params !== undefined || input?.query !== undefined) key.push(input.params ?? {});
  if (input?.query !== undefined) key.push(input.query);
  return key;
}

/** TanStack Query options for a GET endpoint. */
export function endpointQuery<L extends LazyEndpoint<Endpoint & { method: 'GET' }>>(endpoint: L, input: EndpointInput<Declared<L>>) {
  return queryOptions({
    queryKey: endpointKey(endpoint, { params: input.params, query: input.query ?? {} } as Partial<
      Pick<EndpointInput<Declared<L>>, 'params' | 'query'>
    >),
    queryFn: ({ signal }) => call(endpoint, input, signal),
  });
}
