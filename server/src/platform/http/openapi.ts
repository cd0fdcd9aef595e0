/**
 * The finishing touches of the OpenAPI document (/api/docs): how to authenticate (a session cookie or a personal
 * access token) and which operations need it, which token scope each operation needs, and an example for every request
 * body and response, generated from the operation's own schema so that it cannot drift from it.
 */

type Json = Record<string, unknown>;
type Schema = Json;

/** `read`, `write`, or `none` when no access token may reach the route. */
export type TokenScopeOf = (method: string, fastifyPath: string) => 'read' | 'write' | 'none';

export interface ApiDocumentOptions {
  scopeOf: TokenScopeOf;
  rateLimit: { requests: number; windowSeconds: number };
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete', 'head', 'options'];

export function securitySchemes(options: ApiDocumentOptions) {
  const minutes = Math.round(options.rateLimit.windowSeconds / 60);
  return {
    bearerAuth: {
      type: 'http' as const,
      scheme: 'bearer',
      bearerFormat: 'hsy_…',
      description: [
        'A personal access token, created in Settings → Security and sent as `Authorization: Bearer hsy_…`.',
        'Scopes: `read` allows GET and HEAD; `write` also allows POST, PUT, PATCH and DELETE. No token reaches the',
        "account's security (tokens, password, two-factor, sessions, sign-in, e-mail, username, deleting the account,",
        'downloading its data, the devices that get its pushes): those answer 403 `token_scope`. Each operation names the scope it needs (`x-token-scope`).',
        `Each token may make ${options.rateLimit.requests} requests per ${minutes} minutes; every answer carries`,
        '`RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` (seconds), and a 429 carries `Retry-After`.',
        'An unknown or revoked token answers 401 `token_invalid`, an expired one 401 `token_expired`.',
      ].join(' '),
    },
    listenBrainzToken: {
      type: 'apiKey' as const,
      in: 'header',
      name: 'Authorization',
      description:
        'The ListenBrainz-compatible API for music players (`/1/…`, decision 072) takes a personal access token as ' +
        'ListenBrainz takes its user tokens: `Authorization: Token hsy_…` (`Bearer` works too). Submitting needs the ' +
        '`listens:write` or the `write` scope; reading listens needs no token, or any token of the reader. Errors answer ' +
        '`{ "code", "error" }`, and the budget of the token is the one above, also sent as `X-RateLimit-*` headers.',
    },
    sessionCookie: {
      type: 'apiKey' as const,
      in: 'cookie',
      name: 'hearsay.session_token',
      description: 'The session of a person signed in on the website (`__Secure-hearsay.session_token` over https).',
    },
  };
}

/** Adds security, the scope needed and examples to every operation of the generated document. */
export function finishApiDocument<T extends object>(document: T, options: ApiDocumentOptions): T {
  const doc = document as unknown as { paths?: Record<string, Record<string, Json>>; components?: Json };
  const context = { components: (doc.components ?? {}) as Json };
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    const fastifyPath = path.replace(/\{(\w+)\}/g, ':$1');
    // The ListenBrainz-compatible API states its own security and answers in ListenBrainz's shapes.
    const ownAuthorization = path.startsWith('/1/');
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      if (ownAuthorization) {
        // A player's token submits; reading takes any token of the reader, or none.
        operation['x-token-scope'] = method === 'post' ? 'listens:write' : 'any';
        addExamples(operation, context);
        continue;
      }
      const scope = options.scopeOf(method.toUpperCase(), fastifyPath);
      operation['x-token-scope'] = scope;
      // A members-only operation (`x-access`, from its declaration) needs a session or a token; `{}` makes them optional.
      const membersOnly = operation['x-access'] === 'members';
      const credentials = scope === 'none' ? [{ sessionCookie: [] }] : [{ sessionCookie: [] }, { bearerAuth: [] }];
      operation.security = membersOnly ? credentials : [{}, ...credentials];
      const tokens =
        scope === 'none'
          ? 'Access tokens: not available (account security; sign in on the website).'
          : `Access tokens: needs the \`${scope}\` scope.`;
      const note = membersOnly ? `Signed-in people only: a visitor gets 401 \`unauthorized\`.\n\n${tokens}` : tokens;
      if (operation['x-idempotent'] === true) addIdempotencyKey(operation);
      operation.description = operation.description ? `${String(operation.description)}\n\n${note}` : note;
      addExamples(operation, context);
    }
  }
  return document;
}

const IDEMPOTENCY_NOTE = [
  'Accepts an `Idempotency-Key` header (IETF httpapi draft): 16 to 128 letters, digits, `-` or `_`, a UUID for instance,',
  'optionally in double quotes. The first request with a key runs and its answer is kept for 24 hours, per member and key;',
  'repeating the same request with the key answers that answer again (with `Idempotent-Replayed: true`) without doing it',
  'twice. The key with a different request answers 422 `idempotency_key_reused`; a repeat while the first is still',
  'running, 409 `idempotency_key_in_flight`; a malformed key, 400 `idempotency_key_invalid`. A 5xx or 429 keeps nothing.',
].join(' ');

/** The Idempotency-Key header of a write that takes one (decision 085), and what it does. */
function addIdempotencyKey(operation: Json): void {
  const parameters = (operation.parameters ?? []) as Json[];
  parameters.push({
    in: 'header',
    name: 'Idempotency-Key',
    required: false,
    description: 'A key of your choosing for this one write, so that sending it again cannot make it twice.',
    schema: { type: 'string', pattern: '^"?[A-Za-z0-9_-]{16,128}"?$' },
    example: '"8e03978e-40d5-43e8-bc93-6894a57f9324"',
  });
  operation.parameters = parameters;
  operation.description = `${String(operation.description ?? '')}\n\n${IDEMPOTENCY_NOTE}`.trim();
}

/** An example for the operation's request body and each of its answers, from their schemas. */
function addExamples(operation: Json, context: Context): void {
  const body = operation.requestBody as { content?: Record<string, { schema?: Schema; example?: unknown }> } | undefined;
  for (const media of Object.values(body?.content ?? {})) media.example ??= exampleOf(media.schema ?? {}, context);
  const responses = (operation.responses ?? {}) as Record<string, { content?: Record<string, { schema?: Schema; example?: unknown }> }>;
  for (const [status, response] of Object.entries(responses)) {
    for (const media of Object.values(response.content ?? {})) {
      media.example ??= errorExample(Number(status), media.schema) ?? exampleOf(media.schema ?? {}, context);
    }
  }
}

const ERROR_EXAMPLES: Record<number, [string, string]> = {
  400: ['invalid_request', 'Invalid field "rating": must be between 1 and 10'],
  401: ['unauthorized', 'Please sign in to continue.'],
  403: ['token_scope', 'POST needs a token with the write scope; this token has only read.'],
  404: ['not_found', 'There is no such thing here.'],
  409: ['conflict', 'This conflicts with what is already there.'],
  413: ['payload_too_large', 'The request body is too large.'],
  415: ['unsupported_media_type', 'This content type is not supported here.'],
  422: ['unprocessable', 'This request cannot be processed.'],
  429: ['rate_limited', 'Too many requests. Please try again in 60 seconds.'],
  502: ['upstream_failed', 'The other service could not be reached.'],
  503: ['unavailable', 'This is not available right now.'],
};

/** The error body with a code and message typical of its status. */
function errorExample(status: number, schema: Schema | undefined): unknown {
  const properties = schema?.properties as Record<string, Schema> | undefined;
  const inner = properties?.error?.properties as Record<string, unknown> | undefined;
  if (!inner || !('code' in inner) || !('issues' in inner)) return undefined;
  const [code, message] = ERROR_EXAMPLES[status] ?? ['error', 'Something went wrong.'];
  const issues = status === 400 ? [{ path: 'body.rating', code: 'rating_too_high', message: 'Rating must be at most 10' }] : [];
  return { error: { code, message, issues } };
}

interface Context {
  components: Json;
}

/** Readable values for common property names; used only when they satisfy the schema. */
const NAMED: Record<string, unknown> = {
  id: 'k3v9q2m8x7c4b1n6',
  email: 'lena@example.com',
  username: 'lena',
  name: 'Lena Park',
  title: 'Remain in Light',
  artist: 'Talking Heads',
  bio: 'Mostly post-punk, some jazz.',
  q: 'talking heads',
  url: 'https://hearsay.example/album/remain-in-light',
  password: 'Correct-Horse-Battery-9',
  content: 'The second side carries the first.',
  body: 'Agreed, side two.',
  year: 1980,
  rating: 8.5,
};

const FORMATS: Record<string, string> = {
  'date-time': '2026-01-15T18:30:00.000Z',
  date: '2026-01-15',
  email: 'lena@example.com',
  uri: 'https://hearsay.example/',
  url: 'https://hearsay.example/',
  uuid: '2c8e3e4e-0d4d-4d2e-9c3f-1b1e8e9a0f00',
  binary: '(binary)',
};

/** Strings tried, in order, against a pattern. */
const PATTERN_CANDIDATES = [
  '2026-01-15',
  '123456',
  '2c8e3e4e-0d4d-4d2e-9c3f-1b1e8e9a0f00',
  '/profile/lena',
  '/uploads/avatars/k3v9q2m8x7c4b1n6.webp',
  'lena',
  'example',
  'k3v9q2m8x7c4b1n6',
  '#3366ff',
  '1980',
  'a',
];

function resolve(schema: Schema, context: Context): Schema {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  const name = ref.replace(/^#\/components\/schemas\//, '');
  const schemas = (context.components.schemas ?? {}) as Record<string, Schema>;
  return schemas[name] ?? {};
}

function stringFits(value: string, schema: Schema): boolean {
  if (typeof schema.minLength === 'number' && value.length < schema.minLength) return false;
  if (typeof schema.maxLength === 'number' && value.length > schema.maxLength) return false;
  if (typeof schema.pattern === 'string') {
    try {
      if (!new RegExp(schema.pattern, 'u').test(value)) return false;
    } catch {
      return false;
    }
  }
  return true;
}

/** A readable value for a property named like `albumId`, `createdAt` or `coverUrl`. */
function namedValue(key: string | undefined): unknown {
  if (key === undefined) return undefined;
  if (key in NAMED) return NAMED[key];
  if (/Id$/.test(key)) return NAMED.id;
  if (/At$/.test(key)) return FORMATS['date-time'];
  if (/Url$/.test(key)) return NAMED.url;
  return undefined;
}

function exampleString(schema: Schema, key: string | undefined): string {
  const named = namedValue(key);
  const format = typeof schema.format === 'string' ? FORMATS[schema.format] : undefined;
  const candidates = [format, typeof named === 'string' ? named : undefined, ...(schema.pattern ? PATTERN_CANDIDATES : []), 'string'];
  for (const candidate of candidates) if (candidate !== undefined && stringFits(candidate, schema)) return candidate;
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  return 'x'.repeat(Math.max(min, 1)).slice(0, typeof schema.maxLength === 'number' ? schema.maxLength : undefined);
}

function exampleNumber(schema: Schema, key: string | undefined, integer: boolean): number {
  const low =
    typeof schema.minimum === 'number'
      ? schema.minimum
      : typeof schema.exclusiveMinimum === 'number'
        ? schema.exclusiveMinimum + 1
        : undefined;
  const high =
    typeof schema.maximum === 'number'
      ? schema.maximum
      : typeof schema.exclusiveMaximum === 'number'
        ? schema.exclusiveMaximum - 1
        : undefined;
  const step = typeof schema.multipleOf === 'number' ? schema.multipleOf : integer ? 1 : undefined;
  const named = namedValue(key);
  let value =
    typeof named === 'number'
      ? named
      : low !== undefined && high !== undefined
        ? (low + high) / 2
        : (low ?? (high !== undefined ? Math.min(high, 1) : 1));
  if (low !== undefined && value < low) value = low;
  if (high !== undefined && value > high) value = high;
  if (step !== undefined) {
    value = Math.round(value / step) * step;
    if (low !== undefined && value < low) value += step;
    if (high !== undefined && value > high) value -= step;
  }
  return integer ? Math.round(value) : value;
}

/** A value valid against the JSON schema: its own example or default when it has one, else one made up. */
function exampleOf(input: Schema, context: Context, key?: string, depth = 0): unknown {
  const schema = resolve(input, context);
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  // A null default beside an enum would not pass the enum: an example shows a value instead.
  if (schema.default !== undefined && schema.default !== null) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum.find((value) => value !== null) ?? schema.enum[0];
  const variants = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (Array.isArray(variants) && variants.length) {
    const isNull = (variant: Schema) => resolve(variant, context).type === 'null';
    // Deep in a recursive shape, stop at null where the schema allows it.
    const chosen = (depth > 6 ? variants.find(isNull) : undefined) ?? variants.find((variant) => !isNull(variant)) ?? variants[0]!;
    return exampleOf(chosen, context, key, depth + 1);
  }
  if (Array.isArray(schema.allOf)) {
    const parts = (schema.allOf as Schema[]).map((part) => exampleOf(part, context, key, depth + 1));
    return parts.every((part) => part && typeof part === 'object' && !Array.isArray(part)) ? Object.assign({}, ...parts) : parts[0];
  }
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string | undefined];
  const type = (depth > 6 && types.includes('null') ? 'null' : types.find((candidate) => candidate !== 'null')) ?? types[0];
  if (schema.nullable === true && depth > 6) return null;
  switch (type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      return Object.fromEntries(
        Object.entries(properties).map(([name, property]) => [name, exampleOf(property, context, name, depth + 1)]),
      );
    }
    case 'array': {
      const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
      const max = typeof schema.maxItems === 'number' ? schema.maxItems : Infinity;
      const count = Math.min(max, Math.max(min, depth > 6 ? 0 : 1));
      const items = (schema.items ?? {}) as Schema;
      return Array.from({ length: count }, () => exampleOf(items, context, key, depth + 1));
    }
    case 'string':
      return exampleString(schema, key);
    case 'integer':
      return exampleNumber(schema, key, true);
    case 'number':
      return exampleNumber(schema, key, false);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      if (schema.properties) return exampleOf({ ...schema, type: 'object' }, context, key, depth);
      return {};
  }
}
