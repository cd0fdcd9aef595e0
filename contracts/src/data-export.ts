import { z } from 'zod';
import { MEDIA_TYPE_MAX, OWNERSHIP_STATUSES } from './library.ts';
import { RatingValueSchema } from './catalog.ts';
import { endpoint } from './endpoint.ts';
import { errorResponses } from './errors.ts';
import { MemberSettingsSchema } from './settings.ts';

/**
 * "Download my data" (Settings → Privacy): everything of a member's as one ZIP — `hearsay.json` in the format below
 * (its JSON Schema is `schema.json` beside it), a RateYourMusic-compatible CSV and Letterboxd-style CSVs. The JSON is
 * what Hearsay's import reads back: version 1 is kept readable by every later Hearsay.
 */
export const EXPORT_FORMAT = 'hearsay-export';
export const EXPORT_VERSION = 1;

const moment = z.string().describe('An ISO 8601 timestamp (UTC).');

/** An album as another site (or a fresh Hearsay) can find it again: by MusicBrainz id, else by artist, title and year. */
export const ExportAlbumSchema = z.object({
  id: z.string().describe("The album's id on the Hearsay site it was exported from."),
  url: z.string().describe("The album's page on that site."),
  title: z.string(),
  artist: z.string().describe('The artist credit as shown, e.g. "Lou Reed & John Cale".'),
  year: z.number().int().nullable(),
  mbid: z.string().nullable().describe('The MusicBrainz release-group id, when known.'),
  rymId: z
    .string()
    .nullable()
    .optional()
    .describe("The album's RateYourMusic id, when one of your RateYourMusic imports named it (absent in exports made before it was kept)."),
});
export type ExportAlbum = z.infer<typeof ExportAlbumSchema>;

const rating = RatingValueSchema.describe('1 to 10 in steps of 0.5; 10 is the best.');

export const HearsayExportSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(EXPORT_VERSION),
  exportedAt: moment,
  site: z.string().describe('The address of the site the data comes from.'),
  profile: z.object({
    username: z.string(),
    name: z.string(),
    bio: z.string(),
    email: z.string(),
    joinedAt: moment,
    visibility: z.enum(['public', 'followers', 'private']),
    preferredGenres: z.array(z.string()),
  }),
  settings: MemberSettingsSchema,
  ratings: z.array(z.object({ album: ExportAlbumSchema, rating, ratedAt: moment })),
  trackRatings: z
    .array(
      z.object({
        album: ExportAlbumSchema,
        track: z
          .object({ disc: z.number().int(), position: z.number().int(), title: z.string() })
          .describe('The track as its album lists it: found again by disc and position, else by title.'),
        rating,
        ratedAt: moment,
      }),
    )
    .optional()
    .describe('Your ratings of tracks, album by album (absent in exports made before tracks were rated).'),
  reviews: z.array(
    z.object({
      id: z.string(),
      url: z.string(),
      album: ExportAlbumSchema,
      rating,
      title: z.string(),
      html: z.string().describe('The review as written, sanitised HTML.'),
      text: z.string().describe('The same review as plain text.'),
      createdAt: moment,
      updatedAt: moment,
      likes: z.number().int().describe('How many people liked it when exported.'),
    }),
  ),
  reviewDrafts: z
    .array(
      z.object({
        album: ExportAlbumSchema,
        title: z.string(),
        html: z.string().describe('The draft as kept, sanitised HTML.'),
        text: z.string().describe('The same draft as plain text.'),
        updatedAt: moment,
      }),
    )
    .default([])
    .describe('Reviews not published: imported texts too short to publish or without a rating, kept as drafts (absent in older exports).'),
  comments: z.array(
    z.object({
      reviewUrl: z.string(),
      album: ExportAlbumSchema.nullable(),
      body: z.string(),
      createdAt: moment,
      inReplyTo: z
        .object({ username: z.string(), body: z.string() })
        .nullable()
        .optional()
        .describe('For a reply: the comment that began its thread (who wrote it, and what). Absent in exports made before replies.'),
    }),
  ),
  likes: z.object({
    reviews: z.array(z.object({ reviewUrl: z.string(), album: ExportAlbumSchema.nullable(), likedAt: moment })),
    collections: z.array(z.object({ collectionUrl: z.string(), name: z.string(), likedAt: moment })),
    albums: z.array(z.object({ album: ExportAlbumSchema, likedAt: moment })),
  }),
  listenLater: z.array(z.object({ album: ExportAlbumSchema, addedAt: moment })),
  ownership: z
    .array(
      z.object({
        album: ExportAlbumSchema,
        status: z.enum(OWNERSHIP_STATUSES),
        mediaType: z.string().max(MEDIA_TYPE_MAX).nullable(),
        releaseMbid: z.string().max(36).nullable().describe('The MusicBrainz release (edition) owned, when said.'),
        updatedAt: moment,
      }),
    )
    .default([])
    .describe('Albums owned, wanted (wishlist) or once owned, with the medium and edition (absent in older exports).'),
  favouriteAlbums: z
    .array(z.object({ album: ExportAlbumSchema, position: z.number().int().min(1).max(4), chosenAt: moment }))
    .max(4)
    .default([])
    .describe('The four favourite albums at the top of your profile, in their order (absent in older exports).'),
  collections: z.array(
    z.object({
      name: z.string(),
      description: z.string(),
      private: z.boolean(),
      ranked: z.boolean(),
      createdAt: moment,
      albums: z.array(z.object({ album: ExportAlbumSchema, position: z.number().int(), note: z.string(), addedAt: moment })),
    }),
  ),
  journal: z.array(
    z.object({
      album: ExportAlbumSchema,
      listenedOn: z.string().describe('The day of the listen, YYYY-MM-DD.'),
      rating: rating.nullable(),
      note: z.string().nullable(),
      createdAt: moment,
    }),
  ),
  follows: z.object({
    following: z.array(z.object({ username: z.string(), name: z.string(), since: moment })),
    followers: z.array(z.object({ username: z.string(), name: z.string(), since: moment })),
    /**
     * Follows with people of other sites (federation), either way: `handle` (name@host), `url` (their actor's address),
     * and for those you follow whether their site has accepted. Absent in exports made before it was kept.
     */
    otherSites: z
      .object({
        following: z.array(
          z.object({ handle: z.string().max(500), url: z.string().max(2048), name: z.string(), since: moment, accepted: z.boolean() }),
        ),
        followers: z.array(z.object({ handle: z.string().max(500), url: z.string().max(2048), name: z.string(), since: moment })),
      })
      .optional(),
  }),
  /**
   * Every track you played: how many, and where they are in the ZIP (one file a month, one listen a line, in
   * ListenBrainz's export layout). Absent in exports made before listens were exported.
   */
  listens: z
    .object({
      count: z.number().int().nonnegative(),
      files: z.string().max(100).describe('Where the listens are: `listens/<year>/<month>.jsonl`, the month unpadded.'),
    })
    .optional(),
});
export type HearsayExport = z.infer<typeof HearsayExportSchema>;

/** Where an export's listens are: one file per month of the listens' time (UTC), months unpadded. */
export const LISTEN_FILES = 'listens/<year>/<month>.jsonl';

/** The files in the ZIP. */
export const EXPORT_FILES = {
  json: 'hearsay.json',
  schema: 'schema.json',
  rym: 'rateyourmusic.csv',
  diary: 'letterboxd-diary.csv',
  ratings: 'letterboxd-ratings.csv',
  readme: 'README.txt',
};

export const DataExportSchema = z.object({
  id: z.string(),
  status: z.enum(['running', 'done', 'failed']),
  /** Rows gathered so far out of `total` (the progress bar). */
  processed: z.number().int(),
  total: z.number().int(),
  /** Bytes of the ZIP once done. */
  size: z.number().int().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Until when the ZIP can be downloaded. */
  expiresAt: z.string().nullable(),
  error: z.string().nullable(),
});
export type DataExport = z.infer<typeof DataExportSchema>;

export const DataExportParamsSchema = z.object({ exportId: z.string().min(1).max(100) });

const tags = ['data export'];

export const dataExportEndpoints = {
  start: endpoint({
    method: 'POST',
    path: '/api/me/exports',
    access: 'members',
    tags,
    summary: 'Start building a ZIP of all your data in the background (one at a time); poll it, or wait for the notification',
    responses: { 202: DataExportSchema, ...errorResponses(401, 409, 429) },
  }),
  latest: endpoint({
    method: 'GET',
    path: '/api/me/exports/latest',
    access: 'members',
    tags,
    summary: 'Your latest export, or null',
    responses: { 200: z.object({ export: DataExportSchema.nullable() }), ...errorResponses(401) },
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/me/exports/:exportId',
    access: 'members',
    tags,
    summary: 'One of your exports and its progress',
    params: DataExportParamsSchema,
    responses: { 200: DataExportSchema, ...errorResponses(400, 401, 404) },
  }),
  download: endpoint({
    method: 'GET',
    path: '/api/me/exports/:exportId/download',
    access: 'members',
    tags,
    summary: 'The ZIP of a finished export (application/zip)',
    params: DataExportParamsSchema,
    responses: { 200: z.unknown().describe('application/zip'), ...errorResponses(400, 401, 404, 409) },
  }),
};
