import { z } from 'zod';
import { REPORT_REASONS, REPORT_NOTE_MAX } from './constants.ts';
import { endpoint } from './endpoint.ts';
import { errorResponses } from './errors.ts';
import { pageOf, PageQuerySchema } from './pagination.ts';

/**
 * What can be reported. A profile is named by its username, everything else by its id; `remote_post` (a rating or
 * review another site sent) and `remote_person` (a person of another site) by the federation's ids.
 */
export const REPORT_SUBJECT_TYPES = [
  'review',
  'comment',
  'collection',
  'message',
  'profile',
  'album',
  'remote_post',
  'remote_person',
] as const;
/** Things of other sites: their reports may also be sent there (`forward`). */
export const REMOTE_REPORT_SUBJECT_TYPES: readonly ReportSubjectType[] = ['remote_post', 'remote_person'];
export const ReportSubjectTypeSchema = z.enum(REPORT_SUBJECT_TYPES);
export type ReportSubjectType = z.infer<typeof ReportSubjectTypeSchema>;

export const ReportReasonSchema = z.enum(REPORT_REASONS, { error: 'report_reason_required' });
export type ReportReason = z.infer<typeof ReportReasonSchema>;

export const ReportBodySchema = z.object({
  subjectType: ReportSubjectTypeSchema,
  subjectId: z.string().trim().min(1).max(80),
  reason: ReportReasonSchema,
  note: z.string().trim().max(REPORT_NOTE_MAX, { error: 'report_note_too_long' }).default(''),
  /** For a thing of another site: also send the report to that site (as the site, not naming the reporter). */
  forward: z.boolean().default(false),
});
export type ReportBody = z.input<typeof ReportBodySchema>;

/** The same person reporting the same thing again counts once: `alreadyReported` says so. */
export const ReportReceiptSchema = z.object({ received: z.literal(true), alreadyReported: z.boolean() });

/** What a reported thing is, shown in context for a moderator; null when it has been deleted since. */
export const ReportedContentSchema = z.object({
  authorUsername: z.string().nullable(),
  authorName: z.string().nullable(),
  /** A heading: the review's album and title, the collection's name, the person's name… */
  title: z.string(),
  /** The words reported (a review's text, a comment, a message, a bio), shortened. */
  text: z.string(),
  /** Where it is on the site, when it has a page. */
  href: z.string().nullable(),
  /** Set when a moderator hid it. */
  hiddenReason: z.string().nullable(),
});
export type ReportedContent = z.infer<typeof ReportedContentSchema>;

export const ReportedSubjectSchema = z.object({
  subjectType: ReportSubjectTypeSchema,
  subjectId: z.string(),
  reportCount: z.number().int(),
  reasons: z.array(z.object({ reason: ReportReasonSchema, count: z.number().int() })),
  /** The newest notes, with who wrote them (`reporterHost`: a report another site sent, by its address). */
  notes: z.array(z.object({ note: z.string(), reporterUsername: z.string(), at: z.string(), reporterHost: z.string().optional() })),
  /** The other sites that reported it too (federation's `Flag`), by address. */
  reportedBySites: z.array(z.string()).optional(),
  firstReportedAt: z.string(),
  content: ReportedContentSchema.nullable(),
  /** Whether `hide` applies to this kind of subject. */
  canHide: z.boolean(),
});
export type ReportedSubject = z.infer<typeof ReportedSubjectSchema>;
export const ReportQueueSchema = pageOf(ReportedSubjectSchema);

/**
 * What a moderator can do about a reported thing: hide or unhide a review or comment (its author sees why), delete
 * a review, comment or collection, warn its author, suspend them for some days, ban them, lift a suspension or ban,
 * confirm or reject an imported album waiting to enter the catalog, or dismiss the reports.
 */
export const MODERATION_ACTIONS = [
  'hide',
  'unhide',
  'delete',
  'warn',
  'suspend',
  'ban',
  'lift',
  'confirm',
  'reject',
  'dismiss',
  'appoint',
  'remove_moderator',
  /** Members' own votes on an album's genres and descriptors, kept where moderators read (decision 077). */
  'genre_vote',
  'descriptor_vote',
  // Keeping the catalog clean (decision 080).
  'merge',
  'unmerge',
  'not_duplicate',
  'accept_correction',
  'reject_correction',
  'appoint_editor',
  'remove_editor',
] as const;
export type ModerationActionKind = (typeof MODERATION_ACTIONS)[number];
/** The actions a decision can ask for (moderators are named through their own endpoints). */
export const DECISION_ACTIONS = ['hide', 'unhide', 'delete', 'warn', 'suspend', 'ban', 'lift', 'confirm', 'reject', 'dismiss'] as const;
export const SUSPENSION_MAX_DAYS = 365;

export const ModerationDecisionBodySchema = z
  .object({
    subjectType: ReportSubjectTypeSchema,
    subjectId: z.string().trim().min(1).max(80),
    action: z.enum(DECISION_ACTIONS),
    reason: z
      .string({ error: 'sanction_reason_required' })
      .trim()
      .min(1, { error: 'sanction_reason_required' })
      .max(500, { error: 'sanction_reason_too_long' }),
    /** For `suspend`: how many days. */
    days: z.number().int().min(1).max(SUSPENSION_MAX_DAYS, { error: 'suspension_too_long' }).optional(),
  })
  .refine((body) => body.action !== 'suspend' || body.days !== undefined, { error: 'suspension_days_required', path: ['days'] });
export type ModerationDecisionBody = z.infer<typeof ModerationDecisionBodySchema>;

export const ModerationActionSchema = z.object({
  id: z.string(),
  moderatorName: z.string(),
  action: z.enum(MODERATION_ACTIONS),
  subjectType: ReportSubjectTypeSchema,
  subjectId: z.string(),
  reason: z.string(),
  at: z.string(),
});
export const AuditLogSchema = pageOf(ModerationActionSchema);

/** Moderators are named by admins; admins are the operators named in ADMIN_EMAILS. */
export const ModerationAccessSchema = z.object({
  canModerate: z.boolean(),
  isAdmin: z.boolean(),
  /** Whether you keep the catalog clean (merges, the duplicates queue, corrections): moderators, admins and catalog editors (decision 080). */
  canCurate: z.boolean(),
});
export type ModerationAccess = z.infer<typeof ModerationAccessSchema>;

/** A person's standing: suspended until a time, banned, or warned. Read by the person themselves. */
export const SanctionSchema = z.object({ kind: z.enum(['suspended', 'banned']), reason: z.string(), until: z.string().nullable() });
export const WarningSchema = z.object({ id: z.string(), reason: z.string(), at: z.string() });
export const StandingSchema = z.object({ sanction: SanctionSchema.nullable(), warnings: z.array(WarningSchema) });
export type Standing = z.infer<typeof StandingSchema>;

/** What operators watch: sign-ups, reports, albums waiting, background jobs. */
export const SiteHealthSchema = z.object({
  signups: z.object({ day: z.number().int(), week: z.number().int(), total: z.number().int() }),
  openReports: z.number().int(),
  pendingAlbums: z.number().int(),
  sanctioned: z.number().int(),
  jobs: z.object({ queued: z.number().int(), running: z.number().int(), failed: z.number().int() }),
});
export type SiteHealth = z.infer<typeof SiteHealthSchema>;

export const PendingAlbumSchema = z.object({
  id: z.string(),
  title: z.string(),
  artist: z.string(),
  slug: z.string(),
  addedBy: z.string().nullable(),
  createdAt: z.string(),
});
export const PendingAlbumPageSchema = pageOf(PendingAlbumSchema);

export const ModeratorSchema = z.object({ username: z.string(), name: z.string(), since: z.string() });
export const ModeratorListSchema = z.object({ items: z.array(ModeratorSchema) });
const UsernameParams = z.object({ username: z.string().min(1).max(60) });
const WarningParams = z.object({ warningId: z.string().min(1).max(80) });

const tags = ['moderation'];

export const moderationEndpoints = {
  report: endpoint({
    method: 'POST',
    path: '/api/reports',
    access: 'members',
    tags,
    summary: 'Report a review, comment, collection, message, profile or album to the moderators, with a reason and a note',
    body: ReportBodySchema,
    responses: { 201: ReportReceiptSchema, 200: ReportReceiptSchema, ...errorResponses(400, 401, 404, 429) },
  }),
  access: endpoint({
    method: 'GET',
    path: '/api/moderation/access',
    access: 'members',
    tags,
    summary:
      'Whether you may moderate (moderators and the admins named in ADMIN_EMAILS), whether you are an admin, and whether you curate the catalog (they and catalog editors)',
    responses: { 200: ModerationAccessSchema, ...errorResponses(401) },
  }),
  standing: endpoint({
    method: 'GET',
    path: '/api/me/standing',
    access: 'members',
    tags,
    summary: 'Your standing: a suspension or ban with its reason and end, and warnings not yet acknowledged',
    responses: { 200: StandingSchema, ...errorResponses(401) },
  }),
  acknowledgeWarning: endpoint({
    method: 'PUT',
    path: '/api/me/standing/warnings/:warningId',
    access: 'members',
    tags,
    summary: 'Acknowledge a warning: it stops being shown',
    params: WarningParams,
    responses: { 200: StandingSchema, ...errorResponses(401, 404) },
  }),
  health: endpoint({
    method: 'GET',
    path: '/api/moderation/health',
    access: 'members',
    tags,
    summary: 'Site health for operators: sign-ups, open reports, albums waiting, suspended people, jobs (moderators only)',
    responses: { 200: SiteHealthSchema, ...errorResponses(401, 404) },
  }),
  pendingAlbums: endpoint({
    method: 'GET',
    path: '/api/moderation/pending-albums',
    access: 'members',
    tags,
    summary: 'Imported albums waiting to enter the public catalog, oldest first (moderators only)',
    query: PageQuerySchema,
    responses: { 200: PendingAlbumPageSchema, ...errorResponses(400, 401, 404) },
  }),
  moderators: endpoint({
    method: 'GET',
    path: '/api/moderation/moderators',
    access: 'members',
    tags,
    summary: 'The moderators admins have named (admins only)',
    responses: { 200: ModeratorListSchema, ...errorResponses(401, 404) },
  }),
  appoint: endpoint({
    method: 'PUT',
    path: '/api/moderation/moderators/:username',
    access: 'members',
    tags,
    summary: 'Name someone a moderator (admins only; logged)',
    params: UsernameParams,
    responses: { 200: ModeratorListSchema, ...errorResponses(400, 401, 404) },
  }),
  removeModerator: endpoint({
    method: 'DELETE',
    path: '/api/moderation/moderators/:username',
    access: 'members',
    tags,
    summary: 'Stop someone being a moderator (admins only; logged)',
    params: UsernameParams,
    responses: { 200: ModeratorListSchema, ...errorResponses(400, 401, 404) },
  }),
  queue: endpoint({
    method: 'GET',
    path: '/api/moderation/reports',
    access: 'members',
    tags,
    summary: 'Open reports, one row per reported thing, oldest first, with the content in context (moderators only)',
    query: PageQuerySchema,
    responses: { 200: ReportQueueSchema, ...errorResponses(400, 401, 404) },
  }),
  decide: endpoint({
    method: 'POST',
    path: '/api/moderation/decisions',
    access: 'members',
    tags,
    summary:
      'Act on a reported thing: hide, unhide or delete it, warn, suspend or ban its author, lift a sanction, confirm or reject an imported album, or dismiss its reports; logged (moderators only). Admins cannot be sanctioned, and only an admin sanctions a moderator (403)',
    body: ModerationDecisionBodySchema,
    responses: { 200: z.object({ ok: z.literal(true) }), ...errorResponses(400, 401, 403, 404) },
  }),
  audit: endpoint({
    method: 'GET',
    path: '/api/moderation/audit',
    access: 'members',
    tags,
    summary: 'Every moderation action, newest first, with who did it and why (moderators only)',
    query: PageQuerySchema,
    responses: { 200: AuditLogSchema, ...errorResponses(400, 401, 404) },
  }),
};
