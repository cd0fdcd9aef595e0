import { z } from 'zod';

/**
 * A member's settings, stored as one JSON object per profile (`profile.settings`). Every part has a default, so a
 * stored object written before a setting existed (or `{}`) reads as the defaults; unknown keys are dropped on read.
 */

/** Settings → Notifications (spec §2): the e-mail toggles, the push toggle, and the kinds of news wanted. */
export const NotificationSettingsSchema = z.object({
  email: z
    .object({
      /** An e-mail when someone follows you. */
      newFollowers: z.boolean().default(true),
      /** The Weekly Digest: the week's activity of the people you follow and the top albums among them. */
      weeklyDigest: z.boolean().default(true),
    })
    .prefault({}),
  /** Browser push notifications. */
  push: z.boolean().default(false),
  /**
   * The kinds of news wanted: each one on shows in the bell and is e-mailed as it happens (a new follower is e-mailed
   * when `email.newFollowers` is on as well).
   */
  about: z
    .object({
      newFollowers: z.boolean().default(true),
      reviewComments: z.boolean().default(true),
      mentions: z.boolean().default(true),
      /** New reviews from people you follow. */
      recommendations: z.boolean().default(false),
    })
    .prefault({}),
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

/** Who may start a direct-message conversation with you: people you follow or who follow you, anyone, or nobody. */
export const MessagePolicySchema = z.enum(['connections', 'everyone', 'nobody']);
export type MessagePolicy = z.infer<typeof MessagePolicySchema>;

export const MemberSettingsSchema = z.object({
  notifications: NotificationSettingsSchema.prefault({}),
  messages: z.object({ allowFrom: MessagePolicySchema.default('connections') }).prefault({}),
});
export type MemberSettings = z.infer<typeof MemberSettingsSchema>;

/** Reads a stored settings object, falling back to the defaults for anything missing or malformed. */
export function readMemberSettings(stored: unknown): MemberSettings {
  const parsed = MemberSettingsSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : MemberSettingsSchema.parse({});
}
