import { z } from 'zod';
import { CORRECTION_NOTE_MAX, RELEASE_TYPES } from './constants.ts';
import { endpoint } from './endpoint.ts';
import { errorResponses } from './errors.ts';
import { pageOf, PageQuerySchema } from './pagination.ts';

/**
 * Keeping the catalog clean (decision 080): merging duplicate albums (undone within 30 days), the possible-duplicates
 * queue a job fills, and members' corrections that moderators accept or reject. Moderators, admins and the catalog
 * editors moderators appoint do the curating; every member may suggest a correction.
 */

export const MERGE_UNDO_DAYS = 30;
export { CORRECTION_NOTE_MAX };
export const CURATION_REASON_MAX = 500;

export const CuratorRoleSchema = z.enum(['admin', 'moderator', 'editor']);
export type CuratorRole = z.infer<typeof CuratorRoleSchema>;

export const CurationAccessSchema = z.object({
  /** Your role in keeping the catalog (null: an ordinary member, who may suggest corrections). */
  role: CuratorRoleSchema.nullable(),
  /** Whether you may appoint and remove catalog editors (moderators and admins). */
  canAppointEditors: z.boolean(),
});
export type CurationAccess = z.infer<typeof CurationAccessSchema>;

/** An album as the curators' screens show it: not a card, the facts that tell two alike albums apart. */
export const CuratedAlbumSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  artistCredit: z.string(),
  year: z.number().int().nullable(),
  releaseType: z.string(),
  mbid: z.string().nullable(),
  ratingCount: z.number().int(),
  pending: z.boolean(),
});
export type CuratedAlbum = z.infer<typeof CuratedAlbumSchema>;

export const DuplicateReasonSchema = z.enum(['mbid', 'names']);
export const DuplicatePairSchema = z.object({
  albums: z.tuple([CuratedAlbumSchema, CuratedAlbumSchema]),
  /** `mbid`: the same MusicBrainz release group; `names`: the artist and title match once normalised, years close. */
  reason: DuplicateReasonSchema,
  foundAt: z.string(),
});
export type DuplicatePair = z.infer<typeof DuplicatePairSchema>;
export const DuplicatePageSchema = pageOf(DuplicatePairSchema);

export const DismissDuplicateBodySchema = z.object({ albumIds: z.tuple([z.string().min(1), z.string().min(1)]) });
export type DismissDuplicateBody = z.infer<typeof DismissDuplicateBodySchema>;

export const MergeBodySchema = z.object({
  /** The album that stays: its address, title and details are kept. */
  survivorId: z.string().min(1),
  /** The duplicate merged into it: its address redirects to the survivor (301). */
  retiredId: z.string().min(1),
  reason: z.string().trim().max(CURATION_REASON_MAX).default(''),
});
export type MergeBody = z.input<typeof MergeBodySchema>;

export const AlbumMergeSchema = z.object({
  id: z.string(),
  survivor: CuratedAlbumSchema,
  retired: CuratedAlbumSchema,
  mergedBy: z.string(),
  at: z.string(),
  /** Until when it can be undone; null once undone. */
  undoUntil: z.string().nullable(),
  undoneAt: z.string().nullable(),
});
export type AlbumMerge = z.infer<typeof AlbumMergeSchema>;
export const AlbumMergePageSchema = pageOf(AlbumMergeSchema);

export const CORRECTION_FIELDS = ['title', 'year', 'release_type', 'artist_credit'] as const;
export const CorrectionFieldSchema = z.enum(CORRECTION_FIELDS);
export type CorrectionField = z.infer<typeof CorrectionFieldSchema>;

export const CorrectionBodySchema = z
  .object({
    field: CorrectionFieldSchema,
    value: z.string().trim().min(1, 'correction_value_required').max(1000),
    note: z.string().trim().max(CORRECTION_NOTE_MAX).default(''),
  })
  .superRefine((body, ctx) => {
    if (body.field === 'year' && !/^\d{4}$/.test(body.value)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'correction_year_invalid' });
    }
    if (body.field === 'release_type' && !(RELEASE_TYPES as readonly string[]).includes(body.value)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'correction_type_invalid' });
    }
  });
export type CorrectionBody = z.input<typeof CorrectionBodySchema>;

export const CorrectionStatusSchema = z.enum(['open', 'accepted', 'rejected']);
export const AlbumCorrectionSchema = z.object({
  id: z.string(),
  album: CuratedAlbumSchema,
  field: CorrectionFieldSchema,
  /** What the album said when the correction was suggested, and what the member suggests. */
  previous: z.string(),
  value: z.string(),
  note: z.string(),
  suggestedBy: z.string(),
  at: z.string(),
  status: CorrectionStatusSchema,
  decisionReason: z.string().nullable(),
});
export type AlbumCorrection = z.infer<typeof AlbumCorrectionSchema>;
export const AlbumCorrectionPageSchema = pageOf(AlbumCorrectionSchema);

export const CorrectionDecisionBodySchema = z.object({
  accept: z.boolean(),
  reason: z.string().trim().max(CURATION_REASON_MAX).default(''),
});
export type CorrectionDecisionBody = z.input<typeof CorrectionDecisionBodySchema>;

export const CatalogEditorListSchema = z.object({
  items: z.array(z.object({ username: z.string(), name: z.string(), since: z.string() })),
});
export type CatalogEditorList = z.infer<typeof CatalogEditorListSchema>;

const tags = ['curation'];
const AlbumParams = z.object({ albumId: z.string().min(1) });
const MergeParams = z.object({ mergeId: z.string().min(1) });
const CorrectionParams = z.object({ correctionId: z.string().min(1) });
const UsernameParams = z.object({ username: z.string().min(1) });

export const curationEndpoints = {
  access: endpoint({
    method: 'GET',
    path: '/api/curation/access',
    access: 'members',
    tags,
    summary: 'Your role in keeping the catalog clean: admin, moderator, catalog editor, or none',
    responses: { 200: CurationAccessSchema, ...errorResponses(401) },
  }),
  duplicates: endpoint({
    method: 'GET',
    path: '/api/curation/duplicates',
    access: 'members',
    tags,
    summary: 'Possible duplicate albums the duplicates job found, not dismissed nor merged (curators only)',
    query: PageQuerySchema,
    responses: { 200: DuplicatePageSchema, ...errorResponses(400, 401, 404) },
  }),
  dismissDuplicate: endpoint({
    method: 'POST',
    path: '/api/curation/duplicates/dismissals',
    access: 'members',
    tags,
    summary: 'Say two albums are not duplicates: the pair never returns to the queue; logged (curators only)',
    body: DismissDuplicateBodySchema,
    responses: { 200: z.object({ ok: z.literal(true) }), ...errorResponses(400, 401, 404, 429) },
  }),
  merge: endpoint({
    method: 'POST',
    path: '/api/curation/merges',
    access: 'members',
    tags,
    summary:
      'Merge a duplicate album into another: everything on it moves to the survivor, counts are counted again, its address redirects (301); logged, undone within 30 days (curators only)',
    body: MergeBodySchema,
    responses: { 201: AlbumMergeSchema, ...errorResponses(400, 401, 404, 409, 429) },
  }),
  merges: endpoint({
    method: 'GET',
    path: '/api/curation/merges',
    access: 'members',
    tags,
    summary: 'Album merges, newest first, with until when each can be undone (curators only)',
    query: PageQuerySchema,
    responses: { 200: AlbumMergePageSchema, ...errorResponses(400, 401, 404) },
  }),
  undoMerge: endpoint({
    method: 'POST',
    path: '/api/curation/merges/:mergeId/undo',
    access: 'members',
    tags,
    summary: 'Undo a merge within 30 days: both albums and everything on them as they were; logged (curators only)',
    params: MergeParams,
    responses: { 200: AlbumMergeSchema, ...errorResponses(401, 404, 409, 429) },
  }),
  suggestCorrection: endpoint({
    method: 'POST',
    path: '/api/albums/:albumId/corrections',
    access: 'members',
    tags,
    summary: "Suggest a correction of an album's title, year, release type or artist credit, for a moderator to accept or reject",
    params: AlbumParams,
    body: CorrectionBodySchema,
    responses: { 201: AlbumCorrectionSchema, ...errorResponses(400, 401, 404, 429) },
  }),
  corrections: endpoint({
    method: 'GET',
    path: '/api/curation/corrections',
    access: 'members',
    tags,
    summary: 'Corrections members suggested, waiting for an answer, oldest first (curators only)',
    query: PageQuerySchema,
    responses: { 200: AlbumCorrectionPageSchema, ...errorResponses(400, 401, 404) },
  }),
  decideCorrection: endpoint({
    method: 'POST',
    path: '/api/curation/corrections/:correctionId/decision',
    access: 'members',
    tags,
    summary: 'Accept a correction (the album changes) or reject it; the member is told; logged (curators only)',
    params: CorrectionParams,
    body: CorrectionDecisionBodySchema,
    responses: { 200: AlbumCorrectionSchema, ...errorResponses(400, 401, 404, 409, 429) },
  }),
  editors: endpoint({
    method: 'GET',
    path: '/api/curation/editors',
    access: 'members',
    tags,
    summary: 'The catalog editors moderators appointed (curators only)',
    responses: { 200: CatalogEditorListSchema, ...errorResponses(401, 404) },
  }),
  appointEditor: endpoint({
    method: 'PUT',
    path: '/api/curation/editors/:username',
    access: 'members',
    tags,
    summary: 'Appoint a member catalog editor: they may merge duplicates and decide corrections (moderators only; logged)',
    params: UsernameParams,
    responses: { 200: CatalogEditorListSchema, ...errorResponses(401, 404) },
  }),
  removeEditor: endpoint({
    method: 'DELETE',
    path: '/api/curation/editors/:username',
    access: 'members',
    tags,
    summary: 'Stop a member being a catalog editor (moderators only; logged)',
    params: UsernameParams,
    responses: { 200: CatalogEditorListSchema, ...errorResponses(401, 404) },
  }),
};
