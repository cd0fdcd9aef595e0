import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from '@hearsay/contracts/endpoint';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { route } from './endpoints.ts';
import { responseSerializer } from './responses.ts';

const Card = z.object({
  id: z.string(),
  kind: z.enum(['album', 'artist']),
  rating: z.number().nullable(),
  note: z.string().optional(),
  tags: z.array(z.object({ slug: z.string(), count: z.number().int() })),
  counts: z.record(z.string(), z.number()),
  source: z.discriminatedUnion('type', [
    z.object({ type: z.literal('upload'), path: z.string() }),
    z.object({ type: z.literal('link'), url: z.string(), title: z.string().nullable() }),
  ]),
});
const Page = z.object({ items: z.array(Card), total: z.number().int(), q: z.string() });

const card = {
  id: 'a1',
  kind: 'album',
  rating: null,
  tags: [{ slug: 'jazz', count: 3, secret: 'x' }],
  counts: { week: 2, year: 40 },
  source: { type: 'link', url: 'https://example.org/"quoted"\n', title: null, token: 'hidden' },
  passwordHash: 'argon2id$...',
};

describe('answers written from their contract', () => {
  for (const checked of [true, false]) {
    it(`write only the declared fields, at every depth (${checked ? 'checked' : 'unchecked'})`, () => {
      const text = responseSerializer(Page, { checked })({
        items: [card, { ...card, id: 'a2', note: 'é 居場所 \u2028' }],
        total: 2,
        q: '<b>',
      });
      expect(text).not.toMatch(/passwordHash|secret|hidden|token/);
      expect(JSON.parse(text)).toEqual(z.encode(Page, JSON.parse(text)));
      expect(JSON.parse(text).items[1]).toEqual({
        id: 'a2',
        kind: 'album',
        rating: null,
        note: 'é 居場所 \u2028',
        tags: [{ slug: 'jazz', count: 3 }],
        counts: { week: 2, year: 40 },
        source: { type: 'link', url: 'https://example.org/"quoted"\n', title: null },
      });
    });
  }

  it('refuse, when checked, an answer its contract does not allow', () => {
    const write = responseSerializer(Page, { checked: true });
    expect(() => write({ items: [{ ...card, rating: '7.5' }], total: 1, q: '' })).toThrow(/does not meet its contract[\s\S]*rating/);
    expect(() => write({ items: [], q: '' })).toThrow(/does not meet its contract[\s\S]*total/);
  });

  it('refuse a schema that JSON Schema cannot express, before any answer is written', () => {
    expect(() => responseSerializer(z.object({ at: z.date() }), { checked: false })).toThrow();
  });
});

describe('a running server in production', () => {
  let t: TestApp;
  const leaky = endpoint({
    method: 'GET',
    path: '/api/test/leaky',
    tags: ['test'],
    summary: 'Answers more than its contract declares',
    responses: { 200: Page },
  });
  beforeAll(async () => {
    t = await createTestApp({
      env: { NODE_ENV: 'production' },
      routes: (app) => route(app, leaky, async () => ({ items: [card], total: 1, q: 'x' }) as never),
    });
  });
  afterAll(() => t.close());

  it('sends only what the contract declares', async () => {
    const response = await t.inject('/api/test/leaky');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.body).not.toMatch(/passwordHash|secret|hidden|token/);
    expect(response.json().items[0].source).toEqual({ type: 'link', url: 'https://example.org/"quoted"\n', title: null });
  });
});
