import type { Endpoint } from '@hearsay/contracts/endpoint';
import { AlbumCardSchema } from '@hearsay/contracts/catalog';
import { PersonCardSchema } from '@hearsay/contracts/profiles';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ALSO_CHANGED_BY,
  answersShowingModule,
  deriveAnswersShowing,
  FIELDS_NOT_SHOWING,
  FIELDS_SHOWING,
  NOT_SHOWING,
  successSchemaOf,
  type Contracts,
  type Shown,
} from './answers-showing.ts';
import { ANSWERS_SHOWING } from './answers-showing.generated.ts';
import * as sharedEndpoints from './endpoints.ts';
import * as genresEndpoints from './genres-endpoints.ts';

/** Every lazy contract: endpoints.ts, and the one its own part loads (genres-endpoints.ts). */
const lazyEndpoints = { ...sharedEndpoints, ...genresEndpoints };

const modules = import.meta.glob<Record<string, unknown>>(['../../../../contracts/src/*.ts', '!../../../../contracts/src/*.test.ts'], {
  eager: true,
});
const contracts: Contracts = {};
for (const module of Object.values(modules)) {
  for (const [name, value] of Object.entries(module)) {
    if (name.endsWith('Endpoints')) contracts[name.slice(0, -'Endpoints'.length)] = value as Contracts[string];
  }
}
const things = Object.keys(FIELDS_SHOWING) as Shown[];
const getEndpoints = Object.entries(contracts).flatMap(([contract, endpoints]) =>
  Object.entries(endpoints)
    .filter(([, declaration]) => declaration.method === 'GET')
    .map(([endpoint, declaration]) => ({ name: `${contract}.${endpoint}`, declaration })),
);

/** Every property name in a JSON Schema: a second reading of a contract, by zod's own converter, not by our walk. */
function jsonPropertyNames(schema: unknown, names = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) for (const item of schema) jsonPropertyNames(item, names);
  else if (schema && typeof schema === 'object') {
    for (const [key, value] of Object.entries(schema)) {
      if (key === 'properties' && value && typeof value === 'object') for (const name of Object.keys(value)) names.add(name);
      jsonPropertyNames(value, names);
    }
  }
  return names;
}
const scanned = (declaration: Endpoint) => {
  const schema = successSchemaOf(declaration);
  return schema ? jsonPropertyNames(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' })) : new Set<string>();
};

describe('the answers a rating, review, like or follow refreshes', () => {
  it('are the ones answers-showing.generated.ts lists (run `npm run answers:generate --workspace web` after changing a contract)', () => {
    expect(ANSWERS_SHOWING).toEqual(deriveAnswersShowing(contracts));
  });

  it('include every answer whose contract has such a field, as zod’s JSON Schema of it reads it', () => {
    expect(getEndpoints.length).toBeGreaterThan(50);
    for (const thing of things) {
      const fields: readonly string[] = FIELDS_SHOWING[thing];
      const expected = getEndpoints
        .filter(({ name, declaration }) => !(name in NOT_SHOWING) && [...scanned(declaration)].some((field) => fields.includes(field)))
        .map(({ name }) => name);
      expect([...ANSWERS_SHOWING[thing]].filter((name) => !ALSO_CHANGED_BY[thing].includes(name)).sort(), thing).toEqual(expected.sort());
    }
  });

  it('know every field named after ratings, reviews, likes or follows in any answer', () => {
    const known = new Set<string>([...Object.values(FIELDS_SHOWING).flat(), ...FIELDS_NOT_SHOWING]);
    const unknown = new Set<string>();
    for (const { declaration } of getEndpoints) {
      for (const field of scanned(declaration)) if (/rating|rated|review|like|follow/i.test(field) && !known.has(field)) unknown.add(field);
    }
    expect(
      [...unknown],
      'add each to FIELDS_SHOWING in answers-showing.ts, or to FIELDS_NOT_SHOWING if the viewer never sees it change',
    ).toEqual([]);
  });

  it('find a field however deep a new answer embeds it', () => {
    const hidden = z.object({
      sections: z.lazy(() => z.array(z.union([z.object({ kind: z.literal('albums'), albums: z.array(AlbumCardSchema) }), z.null()]))),
      people: z
        .object({ items: z.array(PersonCardSchema) })
        .optional()
        .transform((value) => value),
    });
    const answers = deriveAnswersShowing({
      fresh: {
        page: { method: 'GET', path: '/api/fresh', summary: 'A new page', tags: [], responses: { 200: hidden } },
        save: { method: 'POST', path: '/api/fresh', summary: 'A new form', tags: [], responses: { 201: hidden } },
      },
    });
    expect(answers.ratings).toContain('fresh.page');
    expect(answers.reviews).toContain('fresh.page');
    expect(answers.follows).toContain('fresh.page');
    // Only answers a page caches are refreshed.
    expect(answers.ratings).not.toContain('fresh.save');
  });

  it('still include every answer the hand-kept lists refreshed', () => {
    const ratings = [
      ...['catalog.album', 'catalog.albumList', 'catalog.artist', 'catalog.discover', 'catalog.chart', 'search.search', 'ratings.mine'],
      ...['library.albumState', 'library.favorites', 'library.listenLater', 'profiles.profile', 'profiles.ratings'],
      ...['profiles.ratingDistribution', 'collections.collection', 'journal.list', 'reviews.albumReviews', 'reviews.review'],
      ...['reviews.myReviews', 'reviews.likedReviews', 'site.landing', 'site.stats'],
    ];
    const reviews = [
      ...['reviews.albumReviews', 'reviews.mine', 'reviews.review', 'reviews.revisions', 'reviews.comments', 'reviews.myReviews'],
      ...['reviews.likedReviews', 'site.landing'],
    ];
    const follows = ['profiles.profile', 'profiles.followers', 'profiles.following', 'search.search', 'feed.page', 'feed.sidebar'];
    expect(ANSWERS_SHOWING.ratings).toEqual(expect.arrayContaining(ratings));
    expect(ANSWERS_SHOWING.reviews).toEqual(expect.arrayContaining(reviews));
    // A like was refreshed in the feed only from the feed, and on review pages only from them: now both, from either.
    expect(ANSWERS_SHOWING.likes).toEqual(expect.arrayContaining(['feed.page', 'feed.sidebar', 'reviews.review', 'reviews.albumReviews']));
    expect(ANSWERS_SHOWING.follows).toEqual(expect.arrayContaining(follows));
  });

  it('are named as the web app names its cache keys (`contract.endpoint`)', () => {
    const lazyNames = new Map(
      Object.entries(lazyEndpoints).map(([exported, contract]) => [
        exported.slice(0, -'Endpoints'.length),
        contract as Record<string, { name: string }>,
      ]),
    );
    for (const name of new Set(Object.values(ANSWERS_SHOWING).flat())) {
      const [contract = '', endpoint = ''] = name.split('.');
      expect(lazyNames.get(contract)?.[endpoint]?.name, name).toBe(name);
      expect(contracts[contract]?.[endpoint], name).toBeDefined();
    }
  });

  it('are written as a module the page can load without any schema', () => {
    const text = answersShowingModule(deriveAnswersShowing(contracts));
    expect(text).not.toMatch(/import /);
  });
});
