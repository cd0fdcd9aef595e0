import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { ErrorIssueSchema, ErrorParamsSchema, errorResponses } from './errors.ts';

export const HEARSAY_JSON_MAX_BYTES = 50 * 1024 * 1024;

export const SkippedRowSchema = z.object({
  line: z.number().int(),
  artist: z.string(),
  title: z.string(),
  reason: z.string(),
  /** The file (and the file inside a ZIP) of a listening history the line is in. */
  file: z.string().optional(),
});

export const DraftAlbumSchema = z.object({ albumId: z.string(), artist: z.string(), title: z.string() });

/** What an import did, row by row, added up. */
export const ImportSummarySchema = z.object({
  ratingsImported: z.number().int(),
  /** Reviews published on Hearsay from the export (a rating and at least 50 characters of text). */
  reviewsImported: z.number().int(),
  /**
   * Review texts too short to publish, or without a rating (or for albums you had already reviewed here): each kept
   * as your draft review of its album, which the review form opens with.
   */
  reviewsKept: z.number().int(),
  /** The first 200 of those drafts' albums, to go to them from the summary. */
  drafts: z.array(DraftAlbumSchema).default([]),
  listenLater: z.number().int(),
  /** Rows matched to an album already in the catalog. */
  matched: z.number().int(),
  /**
   * Rows whose album was added to the catalog, marked as imported. Such an album is public once confirmed: another
   * member has it too, or an operator approves it.
   */
  created: z.number().int(),
  /** Rows already imported before, with nothing new. */
  unchanged: z.number().int(),
  skipped: z.number().int(),
  /** The first 200 skipped rows with the reason. */
  skippedRows: z.array(SkippedRowSchema),
  // What only a Hearsay export holds; summaries written before these existed read them as 0.
  /** Journal entries added (an entry already there, same album, day and note, is not added again). */
  journalImported: z.number().int().default(0),
  /** Ratings of tracks given or changed (decision 078); a track is found by disc and position, else by title. */
  trackRatingsImported: z.number().int().default(0),
  /** Collections created with their albums in order and their notes. */
  collectionsImported: z.number().int().default(0),
  albumLikes: z.number().int().default(0),
  /** Favourite albums taken from the export: only when you had chosen none here, and only albums the catalog lists. */
  favouriteAlbums: z.number().int().default(0),
  /** Follows (either way) left out: the people are on the other site. */
  followsSkipped: z.number().int().default(0),
  /** Follows of people of other sites (federation) asked again from this site, each by a background job. */
  remoteFollowsAsked: z.number().int().default(0),
  /** Follows of people of other sites left out because federation is off on this site. */
  remoteFollowsOff: z.number().int().default(0),
  /** Comments left out: the reviews they answer are on the other site. */
  commentsSkipped: z.number().int().default(0),
  /** Likes of other people's reviews and collections left out, for the same reason. */
  likesSkipped: z.number().int().default(0),
  // Listening histories (ListenBrainz, Last.fm).
  /** Listens stored. */
  listensImported: z.number().int().default(0),
  /** Listens you had already (the same moment and track): importing a history again adds nothing. */
  listensUnchanged: z.number().int().default(0),
  /** Recordings loved in a ListenBrainz export; their albums are liked (`albumLikes`) when the catalog has them. */
  lovedTracks: z.number().int().default(0),
  /** Loved recordings whose album was not found: not in the export's listens, or not in the catalog. */
  lovedNotFound: z.number().int().default(0),
});
export type ImportSummary = z.infer<typeof ImportSummarySchema>;

export const ImportJobSchema = z.object({
  id: z.string(),
  /** `listenbrainz`: an export or pages of its listens; `lastfm-csv`: a Last.fm CSV; `lastfm`: Last.fm's API. */
  source: z.enum(['rym', 'hearsay', 'listenbrainz', 'lastfm-csv', 'lastfm']),
  fileName: z.string(),
  status: z.enum(['running', 'done', 'failed']),
  /** A Hearsay export not yet read and checked (its job does that after the upload is answered). */
  checking: z.boolean().default(false),
  total: z.number().int(),
  processed: z.number().int(),
  summary: ImportSummarySchema,
  /** Why it failed, in English. */
  error: z.string().nullable(),
  /** Why it failed, as an error answer's code and params (null for imports that failed before codes were kept). */
  errorCode: z.string().nullable().default(null),
  errorParams: ErrorParamsSchema.nullable().default(null),
  /** What is wrong with a file found not to be a Hearsay export, field by field (the first 20). */
  issues: z.array(ErrorIssueSchema).default([]),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ImportJob = z.infer<typeof ImportJobSchema>;

/** A Last.fm username: 2 to 15 letters, digits, `-` or `_`, starting with a letter. */
export const LastfmImportBodySchema = z.object({
  username: z
    .string()
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9_-]{1,14}$/),
  /** Unix seconds: only scrobbles from then on (all when left out). */
  from: z.number().int().min(0).nullable().optional(),
  /** Unix seconds: only scrobbles until then (until now when left out). */
  to: z.number().int().min(0).nullable().optional(),
});
export type LastfmImportBody = z.infer<typeof LastfmImportBodySchema>;

/** What this site can import listening histories from. */
export const ListenImportOptionsSchema = z.object({
  /** Last.fm's API is set up here (an API key, outbound requests allowed). */
  lastfm: z.boolean(),
  /** The most one upload may hold, all its files together. */
  maxMegabytes: z.number().int(),
});
export type ListenImportOptions = z.infer<typeof ListenImportOptionsSchema>;

export const ImportJobParamsSchema = z.object({ importId: z.string().min(1).max(100) });

const tags = ['imports'];

export const importsEndpoints = {
  startRym: endpoint({
    method: 'POST',
    path: '/api/imports/rym',
    access: 'members',
    tags,
    summary: 'Import a RateYourMusic CSV export (multipart field "file", .csv up to 5 MB); answers at once, then poll the job',
    multipart: true,
    responses: { 202: ImportJobSchema, ...errorResponses(400, 401, 409, 413, 429) },
  }),
  startHearsay: endpoint({
    method: 'POST',
    path: '/api/imports/hearsay',
    access: 'members',
    tags,
    summary:
      'Import a Hearsay export ("Download my data"; multipart field "file": the .zip up to 20 MB, or its hearsay.json); answers at once, then poll the job, which reads and checks the file first',
    multipart: true,
    responses: { 202: ImportJobSchema, ...errorResponses(400, 401, 409, 413, 429) },
  }),
  startListens: endpoint({
    method: 'POST',
    path: '/api/imports/listens',
    access: 'members',
    tags,
    summary:
      'Import a listening history (multipart, one or several "file" parts: a ListenBrainz export .zip, its listens as .json/.jsonl, pages of its listens endpoint, or a Last.fm .csv); the kind is read from the content; answers at once, then poll the job',
    multipart: true,
    responses: { 202: ImportJobSchema, ...errorResponses(400, 401, 409, 413, 429) },
  }),
  startLastfm: endpoint({
    method: 'POST',
    path: '/api/imports/lastfm',
    access: 'members',
    tags,
    summary: "Import a Last.fm user's scrobbles through Last.fm's API, a page at a time; answers at once, then poll the job",
    body: LastfmImportBodySchema,
    responses: { 202: ImportJobSchema, ...errorResponses(400, 401, 404, 409, 429) },
  }),
  listenOptions: endpoint({
    method: 'GET',
    path: '/api/imports/listens/options',
    access: 'members',
    tags,
    summary: 'What listening histories this site can import (whether Last.fm is set up) and the upload limit',
    responses: { 200: ListenImportOptionsSchema, ...errorResponses(401) },
  }),
  latest: endpoint({
    method: 'GET',
    path: '/api/imports/latest',
    access: 'members',
    tags,
    summary: 'Your most recent import, if any',
    responses: { 200: z.object({ job: ImportJobSchema.nullable() }), ...errorResponses(401) },
  }),
  job: endpoint({
    method: 'GET',
    path: '/api/imports/:importId',
    access: 'members',
    tags,
    summary: 'Progress and summary of one of your imports',
    params: ImportJobParamsSchema,
    responses: { 200: ImportJobSchema, ...errorResponses(400, 401, 404) },
  }),
};
