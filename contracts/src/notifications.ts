import { z } from 'zod';
import { OkSchema } from './accounts.ts';
import { endpoint } from './endpoint.ts';
import { errorResponses } from './errors.ts';
import { MemberSettingsPatchSchema, MemberSettingsSchema } from './settings.ts';

/**
 * What happened: someone followed you, liked or commented on your review, replied to your comment, mentioned you, liked
 * your collection, or someone you follow published a review; or a moderator hid or deleted something of yours.
 */
export const NotificationKindSchema = z.enum([
  'follow',
  'follow_request',
  'follow_approved',
  'review_like',
  'review_comment',
  /** Someone answered your comment; the group is about that comment. */
  'comment_reply',
  'mention',
  'collection_like',
  'recommendation',
  /** Your data export is ready to download (you are its actor). */
  'export_ready',
  /** A moderator's decision about something of yours, with their `reason` (you are its actor: no moderator is named). */
  'review_hidden',
  'comment_hidden',
  'review_removed',
  'comment_removed',
  'collection_removed',
  /** A moderator accepted or rejected your correction of an album (decision 080); the object is the album's slug. */
  'correction_accepted',
  'correction_rejected',
]);
/** The kinds that tell of a moderator's decision. */
export const MODERATION_NOTICE_KINDS = [
  'review_hidden',
  'comment_hidden',
  'review_removed',
  'comment_removed',
  'collection_removed',
  'correction_accepted',
  'correction_rejected',
] as const;
export type NotificationKind = z.infer<typeof NotificationKindSchema>;

export const NotificationActorSchema = z.object({
  id: z.string(),
  /** A person of another site: `name@host`. */
  username: z.string(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  /** A person of another site: their profile there (the app links to it instead of a profile here). */
  remoteUrl: z.string().nullable().optional(),
});
export type NotificationActor = z.infer<typeof NotificationActorSchema>;

/**
 * Notifications of the same kind about the same thing, shown as one ("Ana and 3 others liked your review"). `actors`
 * are the latest few; `actorCount` counts everyone.
 */
export const NotificationGroupSchema = z.object({
  /** Stable for the group: its kind and object. */
  id: z.string(),
  kind: NotificationKindSchema,
  actors: z.array(NotificationActorSchema),
  actorCount: z.number().int(),
  /** What it is about: the review's album title, or the collection's name; null for follows. */
  subject: z.string().nullable(),
  /**
   * A moderator's decision only: why, in the moderator's words (a code such as `hateful_content` written as words), or
   * one of the report reasons (`spam`, `wrong_data`…), which the app names in the reader's language.
   */
  reason: z.string().nullable(),
  /** Where to go from it (a site path). */
  href: z.string(),
  /** The latest notification of the group. */
  latestAt: z.string(),
  unread: z.boolean(),
});
export type NotificationGroup = z.infer<typeof NotificationGroupSchema>;

export const NOTIFICATIONS_PAGE_SIZE = 20;

export const NotificationsQuerySchema = z.object({
  /** The `nextCursor` of the page before. */
  cursor: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(NOTIFICATIONS_PAGE_SIZE),
});
export type NotificationsQuery = z.infer<typeof NotificationsQuerySchema>;

export const NotificationsPageSchema = z.object({
  items: z.array(NotificationGroupSchema),
  nextCursor: z.string().nullable(),
});
export type NotificationsPage = z.infer<typeof NotificationsPageSchema>;

export const UnreadCountSchema = z.object({ unread: z.number().int().nonnegative() });

/**
 * Mark everything read (no body or `{}`), everything up to a time (what the page has shown), or some groups. Strict:
 * a misspelt field is refused rather than read as "mark everything".
 */
export const MarkReadBodySchema = z
  .strictObject({
    upTo: z.iso.datetime({ error: 'up_to_format' }).optional(),
    groups: z.array(z.string().min(1).max(200)).max(100).optional(),
  })
  .optional();
export type MarkReadBody = z.infer<typeof MarkReadBodySchema>;

/** The e-mails an unsubscribe link can turn off. */
export const EmailTopicSchema = z.enum(['newFollowers', 'reviewComments', 'commentReplies', 'mentions', 'recommendations', 'weeklyDigest']);
export type EmailTopic = z.infer<typeof EmailTopicSchema>;

export const UnsubscribeQuerySchema = z.object({ token: z.string({ error: 'unsubscribe_link_incomplete' }).min(1).max(500) });

const tags = ['notifications'];

export const notificationsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/notifications',
    access: 'members',
    tags,
    summary: 'Your notifications, newest first, grouped by kind and subject',
    query: NotificationsQuerySchema,
    responses: { 200: NotificationsPageSchema, ...errorResponses(400, 401) },
  }),
  unreadCount: endpoint({
    method: 'GET',
    path: '/api/notifications/unread-count',
    access: 'members',
    tags,
    summary: 'How many of your notifications are unread',
    responses: { 200: UnreadCountSchema, ...errorResponses(401) },
  }),
  markRead: endpoint({
    method: 'POST',
    path: '/api/notifications/read',
    access: 'members',
    tags,
    summary: 'Mark your notifications read: all of them, those up to a time, or some groups',
    body: MarkReadBodySchema,
    responses: { 200: UnreadCountSchema, ...errorResponses(400, 401) },
  }),
  unsubscribe: endpoint({
    method: 'GET',
    path: '/api/notifications/unsubscribe',
    tags,
    summary: "The page an e-mail's unsubscribe link opens: it asks, and changes nothing until its button is pressed (answers a plain page)",
    query: UnsubscribeQuerySchema,
    responses: { 200: z.string(), ...errorResponses(400) },
  }),
  unsubscribeOneClick: endpoint({
    method: 'POST',
    path: '/api/notifications/unsubscribe',
    tags,
    summary:
      'One-click unsubscribe (RFC 8058), posted by mail programs, and by the button of the page the link opens (which gets a page back)',
    query: UnsubscribeQuerySchema,
    responses: { 200: z.union([OkSchema, z.string()]), ...errorResponses(400) },
  }),
};

/** Member settings (Settings → Notifications, and who may message you); served by the accounts module. */
export const memberSettingsEndpoints = {
  settings: endpoint({
    method: 'GET',
    path: '/api/me/settings',
    access: 'members',
    tags: ['accounts'],
    summary: 'Your settings: notifications and who may message you',
    responses: { 200: MemberSettingsSchema, ...errorResponses(401) },
  }),
  updateSettings: endpoint({
    method: 'PATCH',
    path: '/api/me/settings',
    access: 'members',
    tags: ['accounts'],
    summary: 'Change some of your settings; answers all of them',
    body: MemberSettingsPatchSchema,
    responses: { 200: MemberSettingsSchema, ...errorResponses(400, 401) },
  }),
};
