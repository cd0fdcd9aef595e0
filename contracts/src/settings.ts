import { z } from 'zod';
import { LANGUAGES } from './languages.ts';

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
      /** Replies to your comments. */
      commentReplies: z.boolean().default(true),
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

/**
 * What others see of your activity (Settings → Privacy): your logged listens, your ratings and your reviews in
 * their feeds and notifications, and your ratings on your profile. Off, a rating still counts in album averages.
 */
export const SharingSettingsSchema = z.object({
  listening: z.boolean().default(true),
  ratings: z.boolean().default(true),
  reviews: z.boolean().default(true),
});
export type SharingSettings = z.infer<typeof SharingSettingsSchema>;

/** Settings → Appearance: the colour theme, or the device's own choice. */
export const ThemeSchema = z.enum(['system', 'light', 'dark']);
export type Theme = z.infer<typeof ThemeSchema>;

export { acceptedLanguages, LANGUAGES, pickLanguage, type Language } from './languages.ts';
export const LanguageSchema = z.enum(LANGUAGES);

export const MemberSettingsSchema = z.object({
  notifications: NotificationSettingsSchema.prefault({}),
  messages: z.object({ allowFrom: MessagePolicySchema.default('connections') }).prefault({}),
  sharing: SharingSettingsSchema.prefault({}),
  /** The language is null until the member picks one: the browser's language is used meanwhile. */
  appearance: z.object({ theme: ThemeSchema.default('system'), language: LanguageSchema.nullable().default(null) }).prefault({}),
});
export type MemberSettings = z.infer<typeof MemberSettingsSchema>;

/** A partial change of the member settings: only the parts given change. */
export const MemberSettingsPatchSchema = z
  .object({
    notifications: z
      .object({
        email: z.object({ newFollowers: z.boolean().optional(), weeklyDigest: z.boolean().optional() }).strict().optional(),
        push: z.boolean().optional(),
        about: z
          .object({
            newFollowers: z.boolean().optional(),
            reviewComments: z.boolean().optional(),
            commentReplies: z.boolean().optional(),
            mentions: z.boolean().optional(),
            recommendations: z.boolean().optional(),
          })
          .strict()
          .optional(),
      })
      .strict()
      .optional(),
    messages: z.object({ allowFrom: MessagePolicySchema.optional() }).strict().optional(),
    sharing: z
      .object({ listening: z.boolean().optional(), ratings: z.boolean().optional(), reviews: z.boolean().optional() })
      .strict()
      .optional(),
    appearance: z.object({ theme: ThemeSchema.optional(), language: LanguageSchema.nullable().optional() }).strict().optional(),
  })
  .strict();
export type MemberSettingsPatch = z.infer<typeof MemberSettingsPatchSchema>;

/** The settings with a patch applied: what is given changes, the rest stays. */
export function applySettingsPatch(settings: MemberSettings, patch: MemberSettingsPatch): MemberSettings {
  return {
    notifications: {
      email: { ...settings.notifications.email, ...patch.notifications?.email },
      push: patch.notifications?.push ?? settings.notifications.push,
      about: { ...settings.notifications.about, ...patch.notifications?.about },
    },
    messages: { allowFrom: patch.messages?.allowFrom ?? settings.messages.allowFrom },
    sharing: { ...settings.sharing, ...patch.sharing },
    appearance: {
      theme: patch.appearance?.theme ?? settings.appearance.theme,
      language: patch.appearance?.language !== undefined ? patch.appearance.language : settings.appearance.language,
    },
  };
}

/** Reads a stored settings object, falling back to the defaults for anything missing or malformed. */
export function readMemberSettings(stored: unknown): MemberSettings {
  const parsed = MemberSettingsSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : MemberSettingsSchema.parse({});
}
