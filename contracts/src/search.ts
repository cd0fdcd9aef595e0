import { z } from 'zod';
import { SEARCH_TYPES, SEARCH_SORTS, SEARCH_YEAR_PATTERN, SEARCH_MIN_RATINGS } from './constants.ts';
import { AlbumCardSchema, ArtistCardSchema } from './catalog.ts';
import { endpoint } from './endpoint.ts';
import { errorResponses } from './errors.ts';
import { PageQuerySchema } from './pagination.ts';
import { RemotePersonSchema } from './federation.ts';

export const SearchQuerySchema = PageQuerySchema.extend({
  q: z.string().max(200).default(''),
  type: z.enum(SEARCH_TYPES).default('albums'),
  sort: z.enum(SEARCH_SORTS).default('relevance'),
  year: z.string().regex(SEARCH_YEAR_PATTERN, { error: 'search_year' }).optional(),
  genre: z.string().min(1).max(80).optional(),
  minRating: z.coerce
    .number()
    .refine((value) => (SEARCH_MIN_RATINGS as readonly number[]).includes(value), { error: 'search_min_rating' })
    .optional(),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

/** A person in search results (spec §2 Search user card). */
export const UserCardSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  reviewCount: z.number().int(),
  collectionCount: z.number().int(),
  /** Whether the signed-in person follows them (false for a visitor). */
  isFollowing: z.boolean(),
  /** The signed-in person's own card (no Follow button). */
  isViewer: z.boolean(),
});
export type UserCard = z.infer<typeof UserCardSchema>;

/** A collection in search results: title, album count, creator, up to two covers. */
export const CollectionCardSchema = z.object({
  id: z.string(),
  title: z.string(),
  albumCount: z.number().int(),
  ownerUsername: z.string(),
  ownerName: z.string(),
  coverUrls: z.array(z.string()),
});
export type CollectionCard = z.infer<typeof CollectionCardSchema>;

export const SearchCountsSchema = z.object({
  albums: z.number().int(),
  artists: z.number().int(),
  users: z.number().int(),
  collections: z.number().int(),
});

/** Counts stop here: finding more than this many costs more than the count is worth ("1,000+"). */
export const SEARCH_COUNT_LIMIT = 1000;

/** Per tab, whether there are more than its count says (shown "1,000+"); results then page through the first ones. */
export const SearchMoreSchema = z.object({
  albums: z.boolean(),
  artists: z.boolean(),
  users: z.boolean(),
  collections: z.boolean(),
});

/** Results of the chosen type (the other lists are empty) and the count of every tab. */
export const SearchResultSchema = z.object({
  q: z.string(),
  type: z.enum(SEARCH_TYPES),
  /** At most SEARCH_COUNT_LIMIT each; `more` tells which have more. */
  counts: SearchCountsSchema,
  more: SearchMoreSchema,
  albums: z.array(AlbumCardSchema),
  artists: z.array(ArtistCardSchema),
  users: z.array(UserCardSchema),
  /** People of other sites this site knows whose name or handle matches (the people tab's first page). */
  remoteUsers: z.array(RemotePersonSchema),
  collections: z.array(CollectionCardSchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

export const SearchSuggestionsQuerySchema = z.object({ q: z.string().max(200).default('') });

/** How many of each kind the header's search suggests as someone types. */
export const SUGGESTED_ALBUMS = 4;
export const SUGGESTED_ARTISTS = 3;
export const SUGGESTED_PEOPLE = 3;

/** What the header's search suggests: the best few albums, artists and people for the words, as the search page ranks them. */
export const SearchSuggestionsSchema = z.object({
  q: z.string(),
  albums: z.array(AlbumCardSchema),
  artists: z.array(ArtistCardSchema),
  users: z.array(UserCardSchema),
});
export type SearchSuggestions = z.infer<typeof SearchSuggestionsSchema>;

/** The choices of the Release Year filter: the catalog's latest release years, and "Before" the last of them when older albums exist. */
export const SearchYearsSchema = z.object({
  years: z.array(z.number().int()),
  before: z.number().int().nullable(),
});
export type SearchYears = z.infer<typeof SearchYearsSchema>;

export const searchEndpoints = {
  search: endpoint({
    method: 'GET',
    path: '/api/search',
    tags: ['search'],
    summary: 'Search albums, artists, people and collections (typo-tolerant, accent-insensitive)',
    query: SearchQuerySchema,
    responses: { 200: SearchResultSchema, ...errorResponses(400, 404) },
  }),
  suggestions: endpoint({
    method: 'GET',
    path: '/api/search/suggestions',
    tags: ['search'],
    summary: 'Suggestions as you type: the best few albums, artists and people for the words',
    query: SearchSuggestionsQuerySchema,
    responses: { 200: SearchSuggestionsSchema, ...errorResponses(400) },
  }),
  years: endpoint({
    method: 'GET',
    path: '/api/search/years',
    tags: ['search'],
    summary: 'The release years the search filter offers, taken from the catalog',
    responses: { 200: SearchYearsSchema },
  }),
};
