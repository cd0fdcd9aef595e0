import { z } from 'zod';
import { AlbumCardSchema, AlbumRefParamsSchema } from './catalog.ts';
import { endpoint } from './endpoint.ts';
import { errorResponses } from './errors.ts';

/**
 * Genres and descriptors members vote on an album (decision 077): the taxonomy (MusicBrainz's genre names with their
 * parents), the vocabulary of descriptors, an album's voted genres and descriptors with their weights, and the genre and
 * descriptor pages.
 */

export const GENRE_VOTE_KINDS = ['primary', 'secondary'] as const;
export type GenreVoteKind = (typeof GENRE_VOTE_KINDS)[number];
export const DESCRIPTOR_CATEGORIES = ['mood', 'texture', 'theme'] as const;

/** +1 for, -1 against, 0 takes the vote back. */
const VoteValueSchema = z.union([z.literal(1), z.literal(-1), z.literal(0)], { error: 'vote_value_invalid' });

export const GenreRefSchema = z.object({ slug: z.string(), name: z.string() });
export type GenreRef = z.infer<typeof GenreRefSchema>;

export const DescriptorNamesSchema = z.object({ en: z.string(), de: z.string(), es: z.string(), fr: z.string(), ja: z.string() });
export const DescriptorRefSchema = z.object({ slug: z.string(), category: z.enum(DESCRIPTOR_CATEGORIES), names: DescriptorNamesSchema });
export type DescriptorRef = z.infer<typeof DescriptorRefSchema>;

export const TaxonomySchema = z.object({
  /** Every genre members may vote for (the MusicBrainz genres), by name. */
  genres: z.array(GenreRefSchema),
  descriptors: z.array(DescriptorRefSchema),
});
export type Taxonomy = z.infer<typeof TaxonomySchema>;

/** The rule an album's genres and descriptors pass (decision 077), shown beside them. */
export const VoteRuleSchema = z.object({
  minVoters: z.number().int(),
  minShare: z.number(),
  minWeight: z.number(),
});

export const AlbumGenreSchema = GenreRefSchema.extend({
  kind: z.enum(GENRE_VOTE_KINDS),
  /** The genre's share of the album's weighted voters (0 to 1); 0 for a genre only the catalog gives. */
  weight: z.number(),
  voted: z.boolean(),
});
export const AlbumDescriptorSchema = DescriptorRefSchema.extend({ weight: z.number() });

export const ViewerGenreVoteSchema = GenreRefSchema.extend({ kind: z.enum(GENRE_VOTE_KINDS), value: z.number().int() });
export const ViewerDescriptorVoteSchema = z.object({ slug: z.string(), value: z.number().int() });

export const AlbumVotesSchema = z.object({
  genres: z.array(AlbumGenreSchema),
  descriptors: z.array(AlbumDescriptorSchema),
  /** The signed-in member's own votes on this album; null for a visitor. */
  viewer: z
    .object({
      genres: z.array(ViewerGenreVoteSchema),
      descriptors: z.array(ViewerDescriptorVoteSchema),
      /** How much the member's votes count now (0.01 for a new account, 1 after 90 days). */
      weight: z.number(),
    })
    .nullable(),
  rule: VoteRuleSchema,
});
export type AlbumVotes = z.infer<typeof AlbumVotesSchema>;

export const GenreVoteBodySchema = z.object({
  genre: z.string().min(1).max(120),
  kind: z.enum(GENRE_VOTE_KINDS, { error: 'genre_vote_kind_invalid' }),
  value: VoteValueSchema,
});
export type GenreVoteBody = z.infer<typeof GenreVoteBodySchema>;

export const DescriptorVoteBodySchema = z.object({ descriptor: z.string().min(1).max(120), value: VoteValueSchema });
export type DescriptorVoteBody = z.infer<typeof DescriptorVoteBodySchema>;

/** Who voted what on an album, for moderators. */
export const AlbumVoteLogSchema = z.object({
  items: z.array(
    z.object({
      username: z.string(),
      subject: z.enum(['genre', 'descriptor']),
      slug: z.string(),
      kind: z.enum(GENRE_VOTE_KINDS).nullable(),
      value: z.number().int(),
      weight: z.number(),
      at: z.string(),
    }),
  ),
});

export const RankedAlbumSchema = z.object({
  rank: z.number().int(),
  album: AlbumCardSchema,
  weightedRating: z.number(),
  ratings: z.number().int(),
});

const TopAlbums = {
  albums: z.array(RankedAlbumSchema),
  /** m and C of the Bayesian average WR = v/(v+m)·R + m/(v+m)·C, as the charts use. */
  priorWeight: z.number(),
  meanRating: z.number(),
};

export const GenrePageSchema = z.object({
  genre: GenreRefSchema.extend({ mbid: z.string().nullable() }),
  parents: z.array(GenreRefSchema),
  children: z.array(GenreRefSchema),
  ...TopAlbums,
});
export type GenrePage = z.infer<typeof GenrePageSchema>;

export const DescriptorPageSchema = z.object({
  descriptor: DescriptorRefSchema,
  /** The other descriptors of its category. */
  related: z.array(DescriptorRefSchema),
  ...TopAlbums,
});
export type DescriptorPage = z.infer<typeof DescriptorPageSchema>;

export const GenreParamsSchema = z.object({ genre: z.string().min(1).max(120) });
export const DescriptorParamsSchema = z.object({ descriptor: z.string().min(1).max(120) });

const tags = ['genres'];

export const genresEndpoints = {
  taxonomy: endpoint({
    method: 'GET',
    path: '/api/taxonomy',
    tags,
    summary: 'Every genre members may vote for and every descriptor, with its names in the five languages',
    responses: { 200: TaxonomySchema },
  }),
  albumVotes: endpoint({
    method: 'GET',
    path: '/api/albums/:albumId/genres',
    tags,
    summary: 'An album’s voted genres and descriptors with their weights, and your own votes',
    params: AlbumRefParamsSchema,
    responses: { 200: AlbumVotesSchema, ...errorResponses(400, 404) },
  }),
  voteGenre: endpoint({
    method: 'PUT',
    path: '/api/albums/:albumId/genre-votes',
    access: 'members',
    tags,
    summary: 'Vote a genre of an album up (as primary or secondary) or down, or take the vote back (value 0)',
    params: AlbumRefParamsSchema,
    body: GenreVoteBodySchema,
    responses: { 200: AlbumVotesSchema, ...errorResponses(400, 401, 404, 429) },
  }),
  voteDescriptor: endpoint({
    method: 'PUT',
    path: '/api/albums/:albumId/descriptor-votes',
    access: 'members',
    tags,
    summary: 'Vote a descriptor of an album up or down, or take the vote back (value 0)',
    params: AlbumRefParamsSchema,
    body: DescriptorVoteBodySchema,
    responses: { 200: AlbumVotesSchema, ...errorResponses(400, 401, 404, 429) },
  }),
  voteLog: endpoint({
    method: 'GET',
    path: '/api/albums/:albumId/vote-log',
    access: 'members',
    tags,
    summary: 'Who voted which genre and descriptor on an album, newest first (moderators only)',
    params: AlbumRefParamsSchema,
    responses: { 200: AlbumVoteLogSchema, ...errorResponses(400, 401, 404) },
  }),
  genre: endpoint({
    method: 'GET',
    path: '/api/genres/:genre',
    tags,
    summary: 'A genre: its parents and children, and the top albums carrying it or a child (Bayesian average)',
    params: GenreParamsSchema,
    responses: { 200: GenrePageSchema, ...errorResponses(400, 404) },
  }),
  descriptor: endpoint({
    method: 'GET',
    path: '/api/descriptors/:descriptor',
    tags,
    summary: 'A descriptor: the top albums carrying it (Bayesian average)',
    params: DescriptorParamsSchema,
    responses: { 200: DescriptorPageSchema, ...errorResponses(400, 404) },
  }),
};
