import type { Endpoint } from '@hearsay/contracts/endpoint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from './app.ts';
import { declaredEndpoints } from './declarations.ts';
import { createUser, type TestUser } from './users.ts';

/**
 * Whatever a client sends, the server answers without a 500: every API route the contracts declare, as a visitor and
 * as a member, with hostile values in its path, its query and its body. Each route's own tests say what it answers;
 * this sweep looks only for the answer nobody should get. Bodies are built from each route's own schema, so that a
 * hostile value in one field reaches the handler (and the database) instead of stopping at another field's check.
 */

/** Path segments no route expects: too long, a NUL, bad percent-encoding, dot segments, an emoji, SQL. */
const HOSTILE_SEGMENTS = [
  'x'.repeat(190),
  '%00',
  '%E0%A4%A',
  '..%2F..%2Fetc%2Fpasswd',
  '%F0%9F%8E%B5',
  '-1',
  '1e309',
  "'%20or%201%3D1--",
  '__proto__',
];

const HOSTILE_QUERIES = [
  '?page=-1&limit=abc&sort=%00',
  '?page=1e309&limit=0&cursor=%ZZ',
  '?page[]=1&limit[x]=2&q[]=a',
  `?q=${'x'.repeat(4000)}`,
  '?q=%00%E0%A4%A&type=__proto__&constructor=1',
];

/** Strings a form never sends: a NUL, a lone surrogate, control and direction characters, markup, a great length. */
const HOSTILE_STRINGS = ['\u0000', 'a\uD800b', '\u202Eevil\u0007', '<script>alert(1)</script>', ' ', 'é'.repeat(20_000)];
const HOSTILE_NUMBERS = [-1, 0, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2];

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minLength?: number;
  minimum?: number;
  format?: string;
};

/** The body's schema as JSON Schema, as a client reads it. */
function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** A plausible value for a schema: what each field would hold in a form someone filled in. */
function plausible(schema: JsonSchema, depth = 0): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const choice = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (choice) return plausible(choice, depth);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'email') return 'someone@example.com';
      if (schema.format === 'uri') return 'https://example.com/';
      return 'a'.repeat(Math.max(1, schema.minLength ?? 1));
    case 'number':
    case 'integer':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object': {
      if (depth > 4) return {};
      const body: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) body[key] = plausible(property, depth + 1);
      return body;
    }
    default:
      return null;
  }
}

/** Bodies for one route: wrong shapes, every field of the wrong type, then each field in turn hostile in a plausible body. */
function hostileBodies(declaration: Endpoint): unknown[] {
  const nested: Record<string, unknown> = {};
  let level = nested;
  for (let depth = 0; depth < 64; depth++) level = (level.a = {}) as Record<string, unknown>;
  const shapes: unknown[] = [[], 'text', 123, null, nested, { __proto__: { admin: true }, constructor: { prototype: 1 } }];
  if (!declaration.body) return shapes;
  const schema = jsonSchemaOf(declaration.body);
  const properties = Object.entries(schema.properties ?? {});
  const base = plausible(schema) as Record<string, unknown>;
  const wrongTypes = Object.fromEntries(properties.map(([key, property]) => [key, property.type === 'string' ? 12 : 'twelve']));
  const each = properties.flatMap(([key, property]) => {
    const type = Array.isArray(property.type) ? property.type[0] : property.type;
    const values =
      type === 'number' || type === 'integer' ? HOSTILE_NUMBERS : type === 'array' ? [HOSTILE_STRINGS, [null, {}]] : HOSTILE_STRINGS;
    return values.map((value) => ({ ...base, [key]: value }));
  });
  return [...shapes, wrongTypes, base, ...each];
}

/**
 * Queries for one route: each of its query fields in turn hostile (strings and numbers as text, as they travel), the
 * others plausible. Lone surrogates cannot be percent-encoded, so they are left to the bodies.
 */
function hostileQueries(declaration: Endpoint): string[] {
  if (!declaration.query) return [];
  const schema = jsonSchemaOf(declaration.query);
  const base = plausible(schema) as Record<string, unknown>;
  const encode = (query: Record<string, unknown>) => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== null && !Array.isArray(value)) search.set(key, String(value));
    return `?${search}`;
  };
  const values = [...HOSTILE_STRINGS.filter((value) => value.isWellFormed()), ...HOSTILE_NUMBERS.map(String)];
  return Object.keys(schema.properties ?? {}).flatMap((key) => values.map((value) => encode({ ...base, [key]: value })));
}

/** The route's path with every parameter set to `value` (already encoded as it goes on the wire). */
const pathWith = (declaration: Endpoint, value: string) => declaration.path.replace(/:([A-Za-z]+)/g, value);

const decodes = (text: string) => {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
};

/** The sweep's requests for one route: hostile path segments, hostile queries, and (unless a GET) hostile bodies. */
function hostileRequests(declaration: Endpoint): { url: string; payload?: unknown }[] {
  const requests: { url: string; payload?: unknown }[] = [];
  const plainPath = pathWith(declaration, 'nothing-here');
  for (const segment of declaration.path.includes(':') ? HOSTILE_SEGMENTS : []) requests.push({ url: pathWith(declaration, segment) });
  for (const query of [...HOSTILE_QUERIES, ...hostileQueries(declaration)]) requests.push({ url: plainPath + query });
  if (declaration.method !== 'GET') for (const payload of hostileBodies(declaration)) requests.push({ url: plainPath, payload });
  return requests;
}

let t: TestApp;
let member: TestUser;
let endpoints: Endpoint[];

beforeAll(async () => {
  // The sweep sends thousands of requests from one address: the limits are tested elsewhere, not here.
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '1000' } });
  member = await createUser(t);
  endpoints = [...(await declaredEndpoints()).values()];
});
afterAll(() => t?.close());

describe('malformed requests', () => {
  it('the sweep covers every API route the server registers', () => {
    const declared = new Set(endpoints.map((declaration) => `${declaration.method} ${declaration.path}`));
    expect([...new Set(t.app.apiRoutes)].filter((route) => !declared.has(route))).toEqual([]);
  });

  it('holding U+0000 are refused with a 400 that names the field (PostgreSQL cannot store it in text)', async () => {
    const inPath = await t.inject({ method: 'GET', url: '/api/reviews/%00', headers: { cookie: member.cookie } });
    expect(inPath.statusCode).toBe(400);
    expect(inPath.json().error.message).toBe('Invalid path parameter "reviewId": must not contain the character U+0000');
    const inBody = await t.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: { cookie: member.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'some\u0000one' }),
    });
    expect(inBody.statusCode).toBe(400);
    expect(inBody.json().error.message).toBe('Invalid field "username": must not contain the character U+0000');
  });

  it('never get a 500, whatever is in the path, the query or the body, signed in or not', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const declaration of endpoints) {
      // Signing out or deleting the account would end the member's session for the rest of the sweep.
      if (declaration.path === '/api/auth/sign-out' || (declaration.method === 'DELETE' && declaration.path === '/api/me')) continue;
      const requests = hostileRequests(declaration);
      for (const person of [null, member]) {
        for (const request of requests) {
          const response = await t.inject({
            method: declaration.method,
            url: request.url,
            headers: {
              ...(person ? { cookie: person.cookie } : {}),
              ...(request.payload !== undefined ? { 'content-type': 'application/json' } : {}),
            },
            ...(request.payload !== undefined ? { payload: JSON.stringify(request.payload) } : {}),
          });
          sent++;
          if (response.statusCode >= 500) {
            const body = JSON.stringify(request.payload)?.slice(0, 120) ?? '';
            failures.push(
              `${response.statusCode} ${declaration.method} ${request.url.slice(0, 120)} ${body} as ${person ? 'member' : 'visitor'}`,
            );
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(2000);
    expect(failures).toEqual([]);
    // Still signed in at the end: the member's half of the sweep was not answered as a visitor's.
    const me = await t.inject({ method: 'GET', url: '/api/me', headers: { cookie: member.cookie } });
    expect(me.json().user?.id).toBe(member.user.id);
  });

  it('to a members-only route are answered 401 for a visitor, never 400: nothing a visitor sends is read or validated', async () => {
    const registered = new Set(t.app.apiRoutes);
    const membersOnly = endpoints.filter((declaration) => declaration.access === 'members');
    expect(membersOnly.length).toBeGreaterThan(0);
    expect(membersOnly.filter((declaration) => !registered.has(`${declaration.method} ${declaration.path}`))).toEqual([]);
    const unreadable = [
      { contentType: 'application/json', payload: '{"not": json' },
      { contentType: 'text/plain', payload: 'plain words' },
      { contentType: 'application/x-www-form-urlencoded', payload: 'a=1&b=%ZZ' },
    ];
    const wrong: string[] = [];
    let sent = 0;
    for (const declaration of membersOnly) {
      // A path that does not percent-decode is refused by the router before any route is chosen, whatever the path.
      const requests = hostileRequests(declaration)
        .filter((request) => decodes(request.url.split('?')[0]!))
        .map((request) => ({
          url: request.url,
          contentType: request.payload !== undefined ? 'application/json' : undefined,
          payload: request.payload !== undefined ? JSON.stringify(request.payload) : undefined,
        }));
      if (declaration.method !== 'GET')
        for (const body of unreadable) requests.push({ url: pathWith(declaration, 'nothing-here'), ...body });
      for (const request of requests) {
        const response = await t.inject({
          method: declaration.method,
          url: request.url,
          headers: request.contentType ? { 'content-type': request.contentType } : {},
          ...(request.payload !== undefined ? { payload: request.payload } : {}),
        });
        sent++;
        const error = response.statusCode === 401 ? response.json().error : null;
        if (error?.code !== 'unauthorized' || error.message !== 'Please sign in to continue.') {
          wrong.push(`${response.statusCode} ${declaration.method} ${request.url.slice(0, 120)} ${request.payload?.slice(0, 60) ?? ''}`);
        }
      }
    }
    expect(sent).toBeGreaterThan(membersOnly.length * 5);
    expect(wrong).toEqual([]);
  });
});
