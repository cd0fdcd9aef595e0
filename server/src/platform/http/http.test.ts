import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, postRawJson, type TestApp } from '../../../test/app.ts';
import { OkSchema } from '@hearsay/contracts/accounts';
import { endpoint } from '@hearsay/contracts/endpoint';
import { AppError } from '../errors.ts';
import { route } from './endpoints.ts';

let t: TestApp;

/** Endpoints that exist only in this test, to reach the error handler's other branches. */
const testEndpoints = {
  boom: endpoint({ method: 'GET', path: '/api/test/boom', tags: ['test'], summary: 'Fails unexpectedly', responses: { 200: OkSchema } }),
  teapot: endpoint({ method: 'GET', path: '/api/test/teapot', tags: ['test'], summary: 'Fails on purpose', responses: { 200: OkSchema } }),
  echo: endpoint({
    method: 'POST',
    path: '/api/test/echo',
    tags: ['test'],
    summary: 'Answers its body',
    body: z.object({ name: z.string().min(1), age: z.number().int() }),
    responses: { 200: z.object({ name: z.string(), age: z.number() }) },
  }),
};

beforeAll(async () => {
  t = await createTestApp({
    env: { PUBLIC_URL: 'https://music.example.org' },
    routes: (app) => {
      route(app, testEndpoints.boom, async () => {
        throw new Error('database password is hunter2');
      });
      route(app, testEndpoints.teapot, async () => {
        throw new AppError(429, 'rate_limited', { params: { context: 'often', count: 1 }, headers: { 'retry-after': '5' } });
      });
      route(app, testEndpoints.echo, async (request) => request.body);
    },
  });
});
afterAll(() => t.close());

describe('endpoint declarations', () => {
  it('refuse to start a server with an API route that has no declaration in contracts', async () => {
    await expect(createTestApp({ routes: (app) => app.get('/api/undeclared', async () => ({ ok: true })) })).rejects.toThrow(
      'GET /api/undeclared has no declaration in contracts/',
    );
  });
});

describe('error bodies', () => {
  it('answers an unknown API path with a JSON 404', async () => {
    const response = await t.inject('/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: {
        code: 'route_not_found',
        params: { method: 'GET', path: '/api/nothing-here' },
        message: 'There is no GET /api/nothing-here endpoint.',
        issues: [],
        requestId: response.headers['x-request-id'],
      },
    });
  });

  it('names every invalid field', async () => {
    const response = await t.inject({ method: 'POST', url: '/api/test/echo', payload: { name: '', age: 'old' } });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error.code).toBe('invalid_request');
    expect(body.error).toMatchObject({ params: { context: 'body', field: 'name' }, message: 'Invalid field "name": must not be empty' });
    expect(body.error.issues).toEqual([
      { path: 'body.name', code: 'empty', params: { minimum: 1 }, message: 'must not be empty' },
      { path: 'body.age', code: 'not_a_number', params: { expected: 'number' }, message: 'must be a number' },
    ]);
  });

  it('answers malformed JSON, an empty body and a wrong content type with 4xx, never 500', async () => {
    const broken = await postRawJson(t, '/api/test/echo', '{"name": ');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.code).toBe('invalid_json');
    const empty = await postRawJson(t, '/api/test/echo', '');
    expect(empty.statusCode).toBe(400);
    const xml = await t.inject({ method: 'POST', url: '/api/test/echo', headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
    expect(xml.statusCode).toBe(415);
  });

  it('refuses a body over 1 MiB with 413', async () => {
    const response = await postRawJson(t, '/api/test/echo', JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10), age: 1 }));
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('payload_too_large');
  });

  it('masks unexpected errors', async () => {
    const response = await t.inject('/api/test/boom');
    expect(response.statusCode).toBe(500);
    expect(response.json().error.code).toBe('internal_error');
    expect(response.body).not.toContain('hunter2');
  });

  it('passes on the status, code and headers of our own errors', async () => {
    const response = await t.inject('/api/test/teapot');
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json().error).toEqual({
      code: 'rate_limited',
      params: { context: 'often', count: 1 },
      message: 'You are doing this too often. Please try again in 1 minute.',
      issues: [],
      requestId: expect.any(String),
    });
  });
});

describe('health', () => {
  it('reports the process alive and the database ready', async () => {
    expect((await t.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await t.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok' } });
  });
});

describe('security headers and CSRF', () => {
  it('sends a strict content security policy and HSTS on an https site', async () => {
    const response = await t.inject('/api/genres');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['strict-transport-security']).toContain('max-age=');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses writes from another site, by Origin or by Sec-Fetch-Site', async () => {
    const payload = { name: 'a', age: 1 };
    const foreign = await t.inject({ method: 'POST', url: '/api/test/echo', payload, headers: { origin: 'https://evil.example' } });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.code).toBe('csrf_rejected');
    const crossSite = await t.inject({ method: 'POST', url: '/api/test/echo', payload, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.statusCode).toBe(403);
    const own = await t.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload,
      headers: { origin: 'https://music.example.org', 'sec-fetch-site': 'same-origin' },
    });
    expect(own.statusCode).toBe(200);
    const tool = await t.inject({ method: 'POST', url: '/api/test/echo', payload });
    expect(tool.statusCode).toBe(200);
    const read = await t.inject({
      method: 'GET',
      url: '/api/genres',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(read.statusCode).toBe(200);
  });

  it('judges the path the router acts on, however the request spells it', async () => {
    const payload = { name: 'a', age: 1 };
    for (const url of ['/%61pi/test/echo', '/%61%70%69/test/echo', '/api/test/%65cho', '/API/test/echo', '/api/test/echo/']) {
      for (const headers of [
        { origin: 'https://evil.example' },
        { 'sec-fetch-site': 'cross-site' },
        { origin: 'https://sibling.music.example.org' },
      ]) {
        const answer = await t.inject({ method: 'POST', url, payload, headers });
        expect(answer.statusCode, `${url} ${JSON.stringify(headers)}`).not.toBe(200);
      }
    }
    const planted = await t.inject({ method: 'POST', url: '/%61pi/test/echo', payload, headers: { origin: 'https://evil.example' } });
    expect(planted.statusCode).toBe(403);
    expect(planted.json().error.code).toBe('csrf_rejected');
  });
});
