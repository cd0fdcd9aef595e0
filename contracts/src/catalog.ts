import { z } from 'zod';
import { RELEASE_TYPES, ALBUM_SORTS, CHART_PERIODS, DISCOVER_TABS } from './constants.ts';
import { endpoint } from './endpoint.ts';
import { errorResponses } from './errors.ts';
import { pageOf, PageQuerySchema } from './pagination.ts';

export const ReleaseTypeSchema = z.enum(RELEASE_TYPES);
export type ReleaseType = z.infer<typeof ReleaseTypeSchema>;

/** A rating is 1 to 10 in half steps. */
export const RatingValueSchema = z
  .number({ error: 'rating_not_a_number' })
  .min(1, { error: 'rating_too_low' })
  .max(10, { error: 'rating_too_high' })
  .refine((value) => Number.isInteger(value * 2), { error: 'rating_steps' });

/** Every rating a person can give: 1 to 10 in half steps. */
export const RATING_STEPS: readonly number[] = Array.from({ length: 19 }, (_, index) => 1 + index / 2);

/** Counts per rating as every half step in order, with the steps nobody chose at 0 (distribution charts). */
export const halfStepDistribution = (counts: ReadonlyMap<number, number>) =>
  RATING_STEPS.map((rating) => ({ rating, count: counts.get(rating) ?? 0 }));

/** Averages are shown to one decimal. */
export const roundRating = (value: number | null | undefined): number | null =>
  value === null || value === undefined ? null : Math.round(value * 10) / 10;

/**
 * The longest text the catalog stores. No real release comes near them (the longest album title on record,
 * Chumbawamba's, has 865 characters), and they keep album pages, generated covers and lists small whatever an
 * import file holds. The database enforces the same bounds.
 */
export const ALBUM_TITLE_MAX = 1000;
export const ARTIST_NAME_MAX = 300;
/** Every credited artist with the words joining them ("A, B & C"). */
export const ARTIST_CREDIT_MAX = 1000;
export const JOIN_PHRASE_MAX = 50;
export const LABEL_MAX = 200;
export const ALBUM_DESCRIPTION_MAX = 5000;
export const TRACK_TITLE_MAX = 1000;
export const GENRE_NAME_MAX = 100;

export const GenreRefSchema = z.object({ slug: z.string(), name: z.string().max(GENRE_NAME_MAX) });
export type GenreRef = z.infer<typeof GenreRefSchema>;

export const ArtistRefSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string().max(ARTIST_NAME_MAX),
  /** The text that joins this credit to the next one (", ", " & ", " feat. "). */
  joinPhrase: z.string().max(JOIN_PHRASE_MAX),
});
export type ArtistRef = z.infer<typeof ArtistRefSchema>;

export const AlbumCardSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string().max(ALBUM_TITLE_MAX),
  artistCredit: z.string().max(ARTIST_CREDIT_MAX),
  artists: z.array(ArtistRefSchema),
  releaseDate: z.string().nullable(),
  releaseYear: z.number().int().nullable(),
  releaseType: ReleaseTypeSchema,
  coverUrl: z.string(),
  genres: z.array(GenreRefSchema),
  /** Average of all ratings, one decimal; null until someone rates it. */
  averageRating: z.number().nullable(),
  ratingCount: z.number().int(),
  reviewCount: z.number().int(),
  /** The signed-in person's own rating, when there is one. */
  viewerRating: z.number().nullable(),
});
export type AlbumCard = z.infer<typeof AlbumCardSchema>;

export const TrackSchema = z.object({
  id: z.string(),
  disc: z.number().int(),
  position: z.number().int(),
  title: z.string().max(TRACK_TITLE_MAX),
  durationMs: z.number().int().nullable(),
  /** Average of members' ratings of the track, one decimal; null until someone rates it (decision 078). */
  averageRating: z.number().nullable(),
  ratingCount: z.number().int(),
  /** The signed-in person's own rating of the track, when there is one. */
  viewerRating: z.number().nullable(),
});
export type Track = z.infer<typeof TrackSchema>;

/**
 * Services a "Listen on" link can lead to, in the order shown to someone with no preference (alphabetical, so no
 * service is favoured). A member who linked their Spotify account sees Spotify's link first.
 */
export const LINK_SERVICES = ['apple-music', 'bandcamp', 'deezer', 'soundcloud', 'spotify', 'tidal', 'youtube', 'official-site'] as const;
export type LinkService = (typeof LINK_SERVICES)[number];
export const ExternalLinkSchema = z.object({ service: z.enum(LINK_SERVICES), url: z.url() });
export type ExternalLink = z.infer<typeof ExternalLinkSchema>;

export const RatingBucketSchema = z.object({ rating: z.number(), count: z.number().int() });
export type RatingBucket = z.infer<typeof RatingBucketSchema>;

export const AlbumDetailSchema = AlbumCardSchema.extend({
  label: z.string().max(LABEL_MAX).nullable(),
  catalogueNumber: z.string().nullable(),
  /** MusicBrainz secondary types: "Live", "Compilation", "Soundtrack", "Remix", … */
  secondaryTypes: z.array(z.string()),
  description: z.string().max(ALBUM_DESCRIPTION_MAX).nullable(),
  mbid: z.string().nullable(),
  likeCount: z.number().int(),
  tracks: z.array(TrackSchema),
  /** Sum of the tracks' durations, null unless every track has one. */
  totalDurationMs: z.number().int().nullable(),
  /** "Listen on" links (streaming services), the viewer's preferred service first. */
  links: z.array(ExternalLinkSchema),
  /** Count of ratings at each half step from 1 to 10 (19 buckets, zeros included). */
  ratingDistribution: z.array(RatingBucketSchema),
});
export type AlbumDetail = z.infer<typeof AlbumDetailSchema>;

export const ArtistCardSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string().max(ARTIST_NAME_MAX),
  imageUrl: z.string(),
  genres: z.array(GenreRefSchema),
  averageRating: z.number().nullable(),
  albumCount: z.number().int(),
});
export type ArtistCard = z.infer<typeof ArtistCardSchema>;

/**
 * One release group of an artist's discography: an album of the catalog, or one MusicBrainz lists that the catalog
 * does not have yet (`album` null; anyone signed in can add it by its `mbid`).
 */
export const DiscographyRowSchema = z.object({
  mbid: z.string().nullable(),
  title: z.string(),
  year: z.number().int().nullable(),
  /** Kept in the catalog's release types; MusicBrainz's secondary types beside it. */
  releaseType: ReleaseTypeSchema,
  secondaryTypes: z.array(z.string()),
  album: AlbumCardSchema.nullable(),
});
export type DiscographyRow = z.infer<typeof DiscographyRowSchema>;

export const DiscographyGroupSchema = z.object({
  releaseType: ReleaseTypeSchema,
  /** Oldest first, by year then title. */
  rows: z.array(DiscographyRowSchema),
});

export const ArtistMemberSchema = z.object({
  name: z.string(),
  mbid: z.string().nullable(),
  /** The member's page when the catalog has them as an artist. */
  artistSlug: z.string().nullable(),
  beginYear: z.number().int().nullable(),
  endYear: z.number().int().nullable(),
});
export type ArtistMember = z.infer<typeof ArtistMemberSchema>;

export const ArtistDetailSchema = ArtistCardSchema.extend({
  ratingCount: z.number().int(),
  mbid: z.string().nullable(),
  /** MusicBrainz's type: Person, Group, Orchestra, Choir, Character, Other. */
  type: z.string().nullable(),
  area: z.string().nullable(),
  disambiguation: z.string().nullable(),
  beginYear: z.number().int().nullable(),
  endYear: z.number().int().nullable(),
  members: z.array(ArtistMemberSchema),
  links: z.array(ExternalLinkSchema),
  /** Grouped by release type in the order album, ep, single, live, compilation, soundtrack, remix, other. */
  discography: z.array(DiscographyGroupSchema),
});
export type ArtistDetail = z.infer<typeof ArtistDetailSchema>;

export const GenreSchema = z.object({
  slug: z.string(),
  name: z.string().max(GENRE_NAME_MAX),
  kind: z.enum(['genre', 'style']),
  albumCount: z.number().int(),
});
export type Genre = z.infer<typeof GenreSchema>;

export const GenreListSchema = z.object({ items: z.array(GenreSchema) });

export const GenreListQuerySchema = z.object({ kind: GenreSchema.shape.kind.optional() });
export type GenreListQuery = z.infer<typeof GenreListQuerySchema>;

export const AlbumListQuerySchema = PageQuerySchema.extend({
  genre: z.string().min(1).max(80).optional(),
  decade: z.coerce.number().int().min(1900).max(2100).multipleOf(10, { error: 'decade_not_a_decade' }).optional(),
  year: z.coerce.number().int().min(1900).max(2100).optional(),
  type: ReleaseTypeSchema.optional(),
  sort: z.enum(ALBUM_SORTS).default('popularity'),
  order: z.enum(['asc', 'desc']).optional(),
});
export type AlbumListQuery = z.infer<typeof AlbumListQuerySchema>;

export const AlbumPageSchema = pageOf(AlbumCardSchema);
export const ArtistPageSchema = pageOf(ArtistCardSchema);

export const AlbumRefParamsSchema = z.object({ albumId: z.string().min(1).max(120) });
export const ArtistRefParamsSchema = z.object({ artistId: z.string().min(1).max(120) });

export type ChartPeriod = (typeof CHART_PERIODS)[number];

/** Whose ratings a chart counts: everyone's (trust-weighted, precomputed), or those of the people the viewer follows. */
export const CHART_SCOPES = ['everyone', 'following'] as const;
export type ChartScope = (typeof CHART_SCOPES)[number];

/** A slug as genres and descriptors have them. */
const sliceSlug = z
  .string()
  .min(1)
  .max(80)
  .regex(/^[a-z0-9][a-z0-9-]*$/);

/**
 * A slice of the charts (decision 081): when the ratings were made (`period`), which albums (release `year` or
 * `decade`, `genre` with its children, `descriptor`, the artist's `country` as ISO 3166-1 alpha-2, release `type`)
 * and whose ratings count (`scope`). `chartPermalink` writes the one address of each slice.
 */
export const ChartQuerySchema = PageQuerySchema.extend({
  period: z.enum(CHART_PERIODS).default('week'),
  genre: sliceSlug.optional(),
  descriptor: sliceSlug.optional(),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .transform((code) => code.toUpperCase())
    .optional(),
  type: z.enum(RELEASE_TYPES).optional(),
  year: z.coerce.number().int().min(1900).max(2100).optional(),
  decade: z.coerce
    .number()
    .int()
    .min(1900)
    .max(2090)
    .refine((value) => value % 10 === 0, { message: 'a decade is written by its first year (1990)' })
    .optional(),
  scope: z.enum(CHART_SCOPES).default('everyone'),
}).refine((query) => query.year === undefined || query.decade === undefined, {
  message: 'a chart is of one release year or one decade, not both',
  path: ['decade'],
});
export type ChartQuery = z.infer<typeof ChartQuerySchema>;

/** The parts of a slice its address names, in the order the address writes them. */
export type ChartSliceParams = Partial<
  Pick<ChartQuery, 'period' | 'scope' | 'year' | 'decade' | 'genre' | 'descriptor' | 'country' | 'type' | 'page'>
>;

// Its address is written without zod (paths.ts), so a page can link to a slice without building any schema.
export { chartPermalink } from './paths.ts';

export const ChartEntrySchema = z.object({
  rank: z.number().int(),
  album: AlbumCardSchema,
  /** Bayesian weighted rating WR = v/(v+m)·R + m/(v+m)·C, one decimal. */
  weightedRating: z.number(),
  /** R and v: the average and number of ratings made in the period. */
  average: z.number(),
  ratings: z.number().int(),
});
export type ChartEntry = z.infer<typeof ChartEntrySchema>;

export const ChartSchema = pageOf(ChartEntrySchema).extend({
  period: z.enum(CHART_PERIODS),
  /** Start of the period (ISO date-time), null for all time. */
  since: z.string().nullable(),
  /**
   * m: how many "average" ratings every album starts with; C: the mean rating over the period (trust-weighted for
   * everyone's ratings).
   */
  priorWeight: z.number(),
  meanRating: z.number(),
  minRatings: z.number().int(),
  /**
   * True when no album had `minRatings` ratings in the period, so the chart lists every album rated in it instead
   * (each with its count): a young site shows what its members rated rather than nothing.
   */
  provisional: z.boolean(),
  /** The slice shown, as asked: its address is `chartPermalink` of it. */
  slice: z.object({
    genre: z.object({ slug: z.string(), name: z.string() }).nullable(),
    descriptor: z
      .object({ slug: z.string(), name: z.string(), names: z.record(z.string(), z.string()).describe('The name in each language.') })
      .nullable(),
    country: z.string().nullable(),
    type: z.enum(RELEASE_TYPES).nullable(),
    year: z.number().int().nullable(),
    decade: z.number().int().nullable(),
    scope: z.enum(CHART_SCOPES),
  }),
  /** The canonical address of this slice (path and query), for sharing. */
  permalink: z.string(),
  /** Whether each rating counted by its rater's standing (new accounts count less, decision 081). */
  trustWeighted: z.boolean(),
  /** When the job last counted everyone's ratings (ISO); null when counted for this answer. */
  computedAt: z.string().nullable(),
});
export type Chart = z.infer<typeof ChartSchema>;

export const DiscoverQuerySchema = PageQuerySchema.extend({
  tab: z.enum(DISCOVER_TABS).default('trending'),
  genre: z.string().min(1).max(80).optional(),
});
export type DiscoverQuery = z.infer<typeof DiscoverQuerySchema>;

export const DiscoverPageSchema = pageOf(AlbumCardSchema).extend({
  tab: z.enum(DISCOVER_TABS),
  /** True when the last week was too quiet and all-time popularity filled the list. */
  fallback: z.boolean(),
});
export type DiscoverPage = z.infer<typeof DiscoverPageSchema>;

/** The earliest release year an album added by hand may have (the server refuses one past next year). */
export const ALBUM_BY_HAND_EARLIEST_YEAR = 1900;

/** An album added by hand when MusicBrainz cannot be asked: it waits for confirmation like an imported one. */
export const AlbumByHandBodySchema = z.object({
  title: z.string().trim().min(1, { error: 'album_title_required' }).max(ALBUM_TITLE_MAX),
  artist: z.string().trim().min(1, { error: 'album_artist_required' }).max(ARTIST_CREDIT_MAX),
  year: z.number().int().min(ALBUM_BY_HAND_EARLIEST_YEAR).max(2100).nullable().optional(),
  releaseType: ReleaseTypeSchema.default('album'),
});
export type AlbumByHandBody = z.infer<typeof AlbumByHandBodySchema>;

export const AlbumByHandSchema = z.object({
  album: AlbumCardSchema,
  /** False when the catalog already had this album (same artist, title and year): that one is answered instead. */
  added: z.boolean(),
});
export type AlbumByHand = z.infer<typeof AlbumByHandSchema>;

const tags = ['catalog'];

export const catalogEndpoints = {
  albumList: endpoint({
    method: 'GET',
    path: '/api/albums',
    tags,
    summary: 'Browse albums by genre, decade, year and release type',
    query: AlbumListQuerySchema,
    responses: { 200: AlbumPageSchema, ...errorResponses(400, 404) },
  }),
  album: endpoint({
    method: 'GET',
    path: '/api/albums/:albumId',
    tags,
    summary: 'One album by id or slug, with tracks and rating distribution',
    params: AlbumRefParamsSchema,
    // 301: an album merged into another (decision 080); Location names the survivor.
    responses: { 200: AlbumDetailSchema, ...errorResponses(301, 400, 404) },
  }),
  addByHand: endpoint({
    method: 'POST',
    path: '/api/albums',
    access: 'members',
    tags,
    summary:
      'Add an album by hand (title, artist, year, type) when MusicBrainz cannot be asked; it waits for confirmation like an imported one',
    body: AlbumByHandBodySchema,
    responses: { 200: AlbumByHandSchema, ...errorResponses(400, 401, 429) },
  }),
  artistList: endpoint({
    method: 'GET',
    path: '/api/artists',
    tags,
    summary: 'Artists, those with the most albums first',
    query: PageQuerySchema,
    responses: { 200: ArtistPageSchema, ...errorResponses(400) },
  }),
  artist: endpoint({
    method: 'GET',
    path: '/api/artists/:artistId',
    tags,
    summary: 'One artist by id or slug, with the discography grouped by release type',
    params: ArtistRefParamsSchema,
    responses: { 200: ArtistDetailSchema, ...errorResponses(400, 404) },
  }),
  genres: endpoint({
    method: 'GET',
    path: '/api/genres',
    tags,
    summary: 'Genres (and finer styles) with their album counts',
    query: GenreListQuerySchema,
    responses: { 200: GenreListSchema, ...errorResponses(400) },
  }),
  discover: endpoint({
    method: 'GET',
    path: '/api/discover',
    tags,
    summary:
      'Discover: trending this week (falls back to all-time popularity) or what people rated and reviewed lately; a member is not shown the albums they rated',
    query: DiscoverQuerySchema,
    responses: { 200: DiscoverPageSchema, ...errorResponses(400, 404) },
  }),
  chart: endpoint({
    method: 'GET',
    path: '/api/charts',
    tags,
    summary:
      'Charts of the week, month, year, decade or all time by trust-weighted Bayesian rating, sliced by release year or decade, genre (with its children), descriptor, country of the artist, release type, or among the people the viewer follows',
    query: ChartQuerySchema,
    responses: { 200: ChartSchema, ...errorResponses(400, 401, 404) },
  }),
};
