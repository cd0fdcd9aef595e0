import type { Endpoint } from '@hearsay/contracts/endpoint';
import type { z } from 'zod';

/**
 * Which cached answers a rating, a review (or its likes and comments) or a follow changes, derived from the contracts:
 * an answer shows a thing when its successful response schema, anywhere inside, has a field that carries it. A new
 * endpoint whose answer embeds an album card, a review or a person card is refreshed without anyone listing it.
 *
 * This module walks zod schemas, so the page never loads it: `scripts/answers-showing.ts` writes its result to
 * `answers-showing.generated.ts` (names only), and `answers-showing.test.ts` fails when that file is out of date, when
 * a contract has a field this walk cannot reach, or when a field named like one of these things is in no list below.
 */
export const FIELDS_SHOWING = {
  /** An album's average, count and distribution, the viewer's own rating, a person's ratings and counts. */
  ratings: [
    'averageRating',
    'ratingCount',
    'ratingDistribution',
    'viewerRating',
    'rating',
    'ratings',
    'rated',
    'ratedAt',
    'topRated',
    'yourRating',
    'theirRating',
    'weightedRating',
    'meanRating',
    'followedRatings',
  ],
  /** Reviews with their like and comment counts, review counts, and comments on reviews. */
  reviews: ['review', 'reviews', 'reviewId', 'reviewCount', 'reviewsWritten', 'topReview', 'revisions', 'comments', 'commentCount'],
  /** Whether the viewer liked a review (or a collection). */
  likes: ['likedByViewer'],
  /** Whether the viewer follows someone, and follower or following counts. */
  follows: ['isFollowing', 'followers', 'following', 'newFollowers', 'newFollowing'],
} as const satisfies Record<string, readonly string[]>;

export type Shown = keyof typeof FIELDS_SHOWING;

/**
 * Answers whose contents, not just a field, depend on the thing: the home feed and the people suggested beside it
 * are what the people you follow did.
 */
export const ALSO_CHANGED_BY: Record<Shown, readonly string[]> = {
  ratings: [],
  reviews: [],
  // The landing page quotes well-liked reviews.
  likes: ['site.landing'],
  // An album page names the people you follow who rated it.
  follows: ['feed.page', 'feed.sidebar', 'favourites.albumCircle'],
};

/** Answers that have such a field by name only: a member's notification choices are named after ratings and follows. */
export const NOT_SHOWING: Record<string, string> = {
  'memberSettings.settings': 'notification choices, named after what they are about',
};

/**
 * Field names that look like one of these things but are none of them: an import's counts, a chart's threshold, who
 * else rated or reviewed, privacy and notification choices; and an album's own likes (`liked`, `likeCount`), which
 * its Like button writes from its answer (useAlbumMark); and the viewer's follow of a person of another site
 * (`follow`), which only its own Follow button changes, writing the answer it gets (useRemoteFollow).
 */
export const FIELDS_NOT_SHOWING = [
  'albumLikes',
  'follow',
  'followsSkipped',
  'liked',
  'likeCount',
  'likesSkipped',
  'minRatings',
  'ratedOfChoices',
  'ratingsImported',
  'remoteFollowsAsked',
  'remoteFollowsOff',
  'reviewComments',
  'reviewers',
  'reviewsImported',
  'reviewsKept',
  'sharesRatings',
  'trackRatingsImported',
];

/** A contract module's endpoints, by the name the web app gives the contract (`catalog`, `memberSettings`, …). */
export type Contracts = Record<string, Record<string, Endpoint>>;

/** The successful answer's schema: the declaration's one 2xx response. */
export function successSchemaOf(declaration: Endpoint): z.ZodType | undefined {
  const status = Object.keys(declaration.responses).find((code) => code.startsWith('2'));
  return status === undefined ? undefined : declaration.responses[Number(status)];
}

/** Every field name anywhere inside a zod 4 schema. */
function fieldNames(schema: z.ZodType, names = new Set<string>(), seen = new Set<unknown>()): Set<string> {
  if (seen.has(schema)) return names;
  seen.add(schema);
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  const inner = (value: unknown) => fieldNames(value as z.ZodType, names, seen);
  switch (def.type) {
    case 'object':
      for (const [name, field] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        names.add(name);
        inner(field);
      }
      if (def.catchall) inner(def.catchall);
      break;
    case 'array':
      inner(def.element);
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      inner(def.innerType);
      break;
    case 'union':
      for (const option of def.options as z.ZodType[]) inner(option);
      break;
    case 'intersection':
      inner(def.left);
      inner(def.right);
      break;
    case 'pipe':
      inner(def.in);
      inner(def.out);
      break;
    case 'lazy':
      inner((def.getter as () => z.ZodType)());
      break;
    case 'record':
    case 'map':
      inner(def.valueType);
      break;
    case 'set':
      inner(def.valueType);
      break;
    case 'tuple':
      for (const item of def.items as z.ZodType[]) inner(item);
      if (def.rest) inner(def.rest);
      break;
    case 'promise':
      inner(def.innerType);
      break;
  }
  return names;
}

/** For each thing, the names (`contract.endpoint`, the cache key) of the GET answers that show it, sorted. */
export function deriveAnswersShowing(contracts: Contracts): Record<Shown, string[]> {
  const shown = Object.fromEntries(Object.keys(FIELDS_SHOWING).map((thing) => [thing, new Set<string>()])) as Record<Shown, Set<string>>;
  for (const [contract, endpoints] of Object.entries(contracts)) {
    for (const [endpoint, declaration] of Object.entries(endpoints)) {
      const name = `${contract}.${endpoint}`;
      const schema = successSchemaOf(declaration);
      if (declaration.method !== 'GET' || !schema || name in NOT_SHOWING) continue;
      const names = fieldNames(schema);
      for (const [thing, fields] of Object.entries(FIELDS_SHOWING) as [Shown, readonly string[]][]) {
        if (fields.some((field) => names.has(field))) shown[thing].add(name);
      }
    }
  }
  for (const [thing, names] of Object.entries(ALSO_CHANGED_BY) as [Shown, readonly string[]][]) {
    for (const name of names) shown[thing].add(name);
  }
  return Object.fromEntries(Object.entries(shown).map(([thing, names]) => [thing, [...names].sort()])) as Record<Shown, string[]>;
}

/** The generated module's text: a plain list of names, so the page carries no schema to know what to refresh. */
export function answersShowingModule(answers: Record<Shown, string[]>): string {
  const lists = Object.entries(answers)
    .map(([thing, names]) => `  ${thing}: [\n${names.map((name) => `    '${name}',\n`).join('')}  ],\n`)
    .join('');
  return (
    `// Generated by \`npm run answers:generate --workspace web\` from the contracts (see answers-showing.ts); do not edit.\n` +
    `// answers-showing.test.ts fails when it is out of date.\n\n` +
    `/** For each thing, the cache keys (\`contract.endpoint\`) of the answers that show it. */\n` +
    `export const ANSWERS_SHOWING = {\n${lists}} as const;\n`
  );
}
