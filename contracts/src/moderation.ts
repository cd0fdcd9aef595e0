import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { errorResponses } from './errors.ts';
import { pageOf, PageQuerySchema } from './pagination.ts';

/** What can be reported. A profile is named by its username, everything else by its id. */
export const REPORT_SUBJECT_TYPES = ['review', 'comment', 'collection', 'message', 'profile', 'album'] as const;
export const ReportSubjectTypeSchema = z.enum(REPORT_SUBJECT_TYPES);
export type ReportSubjectType = z.infer<typeof ReportSubjectTypeSchema>;

export const REPORT_REASONS = ['spam', 'harassment', 'hate', 'sexual', 'impersonation', 'wrong_data', 'other'] as const;
export const ReportReasonSchema = z.enum(REPORT_REASONS, { error: 'Choose a reason' });
export type ReportReason = z.infer<typeof ReportReasonSchema>;

export const REPORT_NOTE_MAX = 1000;

export const ReportBodySchema = z.object({
  subjectType: ReportSubjectTypeSchema,
  subjectId: z.string().trim().min(1).max(80),
  reason: ReportReasonSchema,
  note: z
    .string()
    .trim()
    .max(REPORT_NOTE_MAX, { error: `Keep the note under ${REPORT_NOTE_MAX} characters` })
    .default(''),
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
  /** The newest notes, with who wrote them. */
  notes: z.array(z.object({ note: z.string(), reporterUsername: z.string(), at: z.string() })),
  firstReportedAt: z.string(),
  content: ReportedContentSchema.nullable(),
  /** Whether `hide` applies to this kind of subject. */
  canHide: z.boolean(),
});
export type ReportedSubject = z.infer<typeof ReportedSubjectSchema>;
export const ReportQueueSchema = pageOf(ReportedSubjectSchema);

export const MODERATION_ACTIONS = ['hide', 'unhide', 'dismiss'] as const;
export const ModerationDecisionBodySchema = z.object({
  subjectType: ReportSubjectTypeSchema,
  subjectId: z.string().trim().min(1).max(80),
  action: z.enum(MODERATION_ACTIONS),
  reason: z.string({ error: 'Say why' }).trim().min(1, { error: 'Say why' }).max(500, { error: 'Keep the reason under 500 characters' }),
});
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

export const ModerationAccessSchema = z.object({ canModerate: z.boolean() });

const tags = ['moderation'];

export const moderationEndpoints = {
  report: endpoint({
    method: 'POST',
    path: '/api/reports',
    tags,
    summary: 'Report a review, comment, collection, message, profile or album to the moderators, with a reason and a note',
    body: ReportBodySchema,
    responses: { 201: ReportReceiptSchema, 200: ReportReceiptSchema, ...errorResponses(400, 401, 404, 429) },
  }),
  access: endpoint({
    method: 'GET',
    path: '/api/moderation/access',
    tags,
    summary: 'Whether you may moderate (operators named in ADMIN_EMAILS)',
    responses: { 200: ModerationAccessSchema, ...errorResponses(401) },
  }),
  queue: endpoint({
    method: 'GET',
    path: '/api/moderation/reports',
    tags,
    summary: 'Open reports, one row per reported thing, oldest first, with the content in context (moderators only)',
    query: PageQuerySchema,
    responses: { 200: ReportQueueSchema, ...errorResponses(400, 401, 404) },
  }),
  decide: endpoint({
    method: 'POST',
    path: '/api/moderation/decisions',
    tags,
    summary:
      "Hide or unhide a reported review or comment (its author sees the reason), or dismiss a thing's reports; logged (moderators only)",
    body: ModerationDecisionBodySchema,
    responses: { 200: z.object({ ok: z.literal(true) }), ...errorResponses(400, 401, 404) },
  }),
  audit: endpoint({
    method: 'GET',
    path: '/api/moderation/audit',
    tags,
    summary: 'Every moderation action, newest first, with who did it and why (moderators only)',
    query: PageQuerySchema,
    responses: { 200: AuditLogSchema, ...errorResponses(400, 401, 404) },
  }),
};
