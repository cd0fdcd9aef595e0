import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { ErrorIssueSchema, ErrorParamsSchema, errorResponses } from './errors.ts';

export const HEARSAY_JSON_MAX_BYTES = 50 * 1024 * 1024;

export const SkippedRowSchema = z.object({
  line: z.number().int(),
  artist: z.string(),
  title: z.string(),
  reason: z.string(),
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
  /** Collections created with their albums in order and their notes. */
  collectionsImported: z.number().int().default(0),
  albumLikes: z.number().int().default(0),
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
});
export type ImportSummary = z.infer<typeof ImportSummarySchema>;

export const ImportJobSchema = z.object({
  id: z.string(),
  source: z.enum(['rym', 'hearsay']),
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
