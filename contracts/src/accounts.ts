import { z } from 'zod';
import { isReservedUsername } from './constants.ts';
import { endpoint } from './endpoint.ts';
import { errorResponses } from './errors.ts';

export const CurrentUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  avatarUrl: z.string().nullable(),
  bio: z.string(),
  onboardingCompleted: z.boolean(),
  createdAt: z.string(),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

/** GET /api/me: who is signed in on this browser, or null. */
export const MeSchema = z.object({ user: CurrentUserSchema.nullable() });
export type Me = z.infer<typeof MeSchema>;

/** The answer of every step that ends with a signed-in person (sign-up, the second factor, a profile change). */
export const SignedInUserSchema = z.object({ user: CurrentUserSchema });
export type SignedInUser = z.infer<typeof SignedInUserSchema>;

const email = z.email({ error: 'email_invalid' }).max(254);

/** Passwords are checked exactly as typed (no trimming); the server also refuses common ones. */
export const NewPasswordSchema = z
  .string({ error: 'password_required' })
  .min(8, { error: 'password_too_short' })
  .max(128, { error: 'password_too_long' });

/**
 * What draws nothing: zero-width spaces and joiners, direction marks and overrides, byte-order marks, control
 * characters, and the blank letters some scripts have. A joiner inside an emoji sequence (👩‍🎤) is kept.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\u115F\u1160\u3164\uFFA0\u2800]/u;
const EMOJI_JOINER = /(\p{Extended_Pictographic}\uFE0F?)\u200D(?=\p{Extended_Pictographic})/gu;
/** Scripts whose letters pass for Latin ones: "аlice" with a Cyrillic а. */
const LOOK_ALIKE_SCRIPTS = [/\p{Script=Latin}/u, /\p{Script=Cyrillic}/u, /\p{Script=Greek}/u];

/** Whether one word of the name mixes letters of scripts that look alike. */
export function mixesLookAlikeScripts(name: string): boolean {
  return name.split(/\s+/).some((word) => LOOK_ALIKE_SCRIPTS.filter((script) => script.test(word)).length > 1);
}

/**
 * A person's display name: read as NFKC (full-width letters become plain ones, ligatures their letters), trimmed,
 * with nothing invisible in it, and each word in one of the scripts that look alike, so that nobody passes for
 * someone else by a name that reads the same.
 */
export const DisplayNameSchema = z
  .string({ error: 'name_required' })
  .overwrite((name) => name.normalize('NFKC'))
  .trim()
  .min(1, { error: 'name_required' })
  .max(100, { error: 'name_too_long' })
  .refine((name) => !INVISIBLE.test(name.replace(EMOJI_JOINER, '$1')), {
    error: 'name_invisible_characters',
  })
  .refine((name) => !mixesLookAlikeScripts(name), { error: 'name_mixed_scripts' });

export const RegisterBodySchema = z.object({
  name: DisplayNameSchema,
  email,
  password: NewPasswordSchema,
});
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

export const SignInBodySchema = z.object({
  email: z.string().min(1, { error: 'fields_required' }).max(254),
  password: z.string().min(1, { error: 'fields_required' }).max(1024),
});
export type SignInBody = z.infer<typeof SignInBodySchema>;

/** POST /api/auth/sign-in: signed in, or the password was right and a second factor is needed (no session yet). */
export const SignInResultSchema = z.union([SignedInUserSchema, z.object({ twoFactorRequired: z.literal(true) })]);
export type SignInResult = z.infer<typeof SignInResultSchema>;

/** POST /api/auth/two-factor: the code from the authenticator app, or one of the backup codes. */
export const TwoFactorChallengeBodySchema = z.object({
  method: z.enum(['totp', 'backup'], { error: 'two_factor_method' }),
  code: z.string().trim().min(1, { error: 'code_required' }).max(32),
  /** Skip the second factor on this browser for 30 days. */
  trustDevice: z.boolean().optional(),
});
export type TwoFactorChallengeBody = z.infer<typeof TwoFactorChallengeBodySchema>;

export const ForgotPasswordBodySchema = z.object({ email });

export const ResetPasswordBodySchema = z.object({
  userId: z.string().min(1).max(100),
  secret: z.string().min(1).max(200),
  password: NewPasswordSchema,
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>;

export const OkSchema = z.object({ ok: z.literal(true) });

/** Writes that take no input accept no body at all, or an empty JSON object. */
export const EmptyBodySchema = z.object({}).optional();

export const OnboardingGenreGroupSchema = z.object({
  name: z.string(),
  genres: z.array(z.object({ slug: z.string(), name: z.string() })),
});

/** An artist the second step suggests. */
export const OnboardingArtistSchema = z.object({
  id: z.string(),
  name: z.string(),
  imageUrl: z.string(),
  albumCount: z.number().int(),
});
export type OnboardingArtist = z.infer<typeof OnboardingArtistSchema>;

/**
 * GET /api/me/onboarding (and the answer of each saved step): where the person got to, the genre groups of the first
 * step (each genre once), and the artists the second step suggests from the saved genres.
 */
export const OnboardingSchema = z.object({
  /** 0 before the first step is saved; 3 when all are. */
  lastCompletedStep: z.number().int().min(0).max(3),
  completed: z.boolean(),
  preferredGenres: z.array(z.string()),
  favoriteArtists: z.array(z.string()),
  genreGroups: z.array(OnboardingGenreGroupSchema),
  /** Artists of the saved genres, most albums first, topped up with the most credited; never a placeholder credit. */
  suggestedArtists: z.array(OnboardingArtistSchema),
});
export type Onboarding = z.infer<typeof OnboardingSchema>;

export const OnboardingUpdateSchema = z.object({
  step: z.number().int().min(1).max(3),
  preferredGenres: z.array(z.string().min(1).max(80)).max(100).optional(),
  favoriteArtists: z.array(z.string().min(1).max(100)).max(200).optional(),
  completed: z.boolean().optional(),
});
export type OnboardingUpdate = z.infer<typeof OnboardingUpdateSchema>;

/** PUT /api/auth/profile (spec §7): only these fields can change; anything else in the body is ignored. */
export const ProfileUpdateSchema = z.object({
  name: DisplayNameSchema.optional(),
  bio: z.string().max(500, { error: 'bio_too_long' }).optional(),
  /** A picture uploaded through POST /api/me/avatar, or null to remove it. */
  avatarUrl: z
    .string()
    .regex(/^\/uploads\/avatars\/[A-Za-z0-9_-]+\.webp$/, { error: 'avatar_not_uploaded' })
    .nullable()
    .optional(),
  preferredGenres: z.array(z.string().min(1).max(80)).max(100).optional(),
  favoriteArtists: z.array(z.string().min(1).max(100)).max(200).optional(),
  onboardingCompleted: z.boolean().optional(),
});
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;

/** The profile picture after an upload or a removal. */
export const AvatarSchema = z.object({ avatarUrl: z.string().nullable() });

/**
 * A username a person chooses in Settings → Account: the shape sign-up gives (lower case letters, digits and
 * underscores, 3 to 30 long, starting and ending with a letter or digit). Typed capitals are read as lower case.
 */
export const UsernameSchema = z
  .string({ error: 'username_required' })
  .trim()
  .toLowerCase()
  .refine((name) => !isReservedUsername(name), { error: 'username_reserved', abort: true })
  .min(3, { error: 'username_length' })
  .max(30, { error: 'username_length' })
  .regex(/^[a-z0-9_]+$/, { error: 'username_characters' })
  .regex(/^[a-z0-9](.*[a-z0-9])?$/, { error: 'username_ends' });

/** The current password confirms a change; members who sign in only through a provider have none and send none. */
const reauthentication = z.string().max(1024).optional();

/** PUT /api/me/username */
export const ChangeUsernameBodySchema = z.object({ username: UsernameSchema, password: reauthentication });
export type ChangeUsernameBody = z.infer<typeof ChangeUsernameBodySchema>;

/** POST /api/me/email: nothing changes until the link sent to the new address is opened. */
export const ChangeEmailBodySchema = z.object({ email, password: reauthentication });
export type ChangeEmailBody = z.infer<typeof ChangeEmailBodySchema>;

export const EmailChangeRequestedSchema = z.object({
  /** The new address the confirmation link went to. */
  email: z.string(),
  expiresAt: z.string(),
});
export type EmailChangeRequested = z.infer<typeof EmailChangeRequestedSchema>;

/** POST /api/me/email/confirm: the token from the link (works without being signed in, on any device). */
export const ConfirmEmailBodySchema = z.object({ token: z.string().trim().min(1, { error: 'link_incomplete' }).max(200) });
export type ConfirmEmailBody = z.infer<typeof ConfirmEmailBodySchema>;

export const EmailChangedSchema = z.object({ email: z.string() });

const tags = ['accounts'];

const profileUpdate = {
  path: '/api/auth/profile',
  tags,
  summary: 'Update your profile (spec §7): bio, avatarUrl, preferredGenres, favoriteArtists, onboardingCompleted, name',
  responses: { 200: SignedInUserSchema, ...errorResponses(400, 401, 404) },
} as const;

export const accountsEndpoints = {
  register: endpoint({
    method: 'POST',
    path: '/api/auth/register',
    tags,
    summary: 'Create an account and start a session',
    body: RegisterBodySchema,
    responses: { 200: SignedInUserSchema, ...errorResponses(400, 409, 429) },
  }),
  signIn: endpoint({
    method: 'POST',
    path: '/api/auth/sign-in',
    tags,
    summary: 'Sign in with e-mail and password (answers twoFactorRequired when a second factor is needed)',
    body: SignInBodySchema,
    responses: { 200: SignInResultSchema, ...errorResponses(400, 401, 429) },
  }),
  twoFactor: endpoint({
    method: 'POST',
    path: '/api/auth/two-factor',
    tags,
    summary: 'Finish a two-factor sign-in with an authenticator or backup code',
    body: TwoFactorChallengeBodySchema,
    responses: { 200: SignedInUserSchema, ...errorResponses(400, 401, 429) },
  }),
  signOut: endpoint({
    method: 'POST',
    path: '/api/auth/sign-out',
    tags,
    summary: 'End this session and clear its cookie',
    body: EmptyBodySchema,
    responses: { 200: OkSchema, ...errorResponses(400) },
  }),
  forgotPassword: endpoint({
    method: 'POST',
    path: '/api/auth/forgot-password',
    tags,
    summary: 'Send a password reset link (same answer whether or not the address has an account)',
    body: ForgotPasswordBodySchema,
    responses: { 200: OkSchema, ...errorResponses(400, 429) },
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/api/auth/reset-password',
    tags,
    summary: 'Choose a new password with the link from the e-mail',
    body: ResetPasswordBodySchema,
    responses: { 200: OkSchema, ...errorResponses(400, 429) },
  }),
  me: endpoint({
    method: 'GET',
    path: '/api/me',
    tags,
    summary: 'Who is signed in on this browser (user is null for a visitor)',
    responses: { 200: MeSchema },
  }),
  updateProfile: endpoint({ method: 'PUT', ...profileUpdate, access: 'members', body: ProfileUpdateSchema }),
  /** Creating a profile that already exists returns it (every account gets one at sign-up), so a body is optional. */
  createProfile: endpoint({ method: 'POST', ...profileUpdate, access: 'members', body: ProfileUpdateSchema.optional() }),
  uploadAvatar: endpoint({
    method: 'POST',
    path: '/api/me/avatar',
    access: 'members',
    tags,
    summary: 'Upload a profile picture (multipart field "file"; JPEG, PNG, WebP or GIF up to 5 MB)',
    multipart: true,
    responses: { 200: AvatarSchema, ...errorResponses(400, 401, 413, 415, 429) },
  }),
  removeAvatar: endpoint({
    method: 'DELETE',
    path: '/api/me/avatar',
    access: 'members',
    tags,
    summary: 'Remove your profile picture',
    responses: { 200: AvatarSchema, ...errorResponses(401) },
  }),
  onboarding: endpoint({
    method: 'GET',
    path: '/api/me/onboarding',
    access: 'members',
    tags,
    summary: 'Onboarding progress and the genre groups to choose from',
    responses: { 200: OnboardingSchema, ...errorResponses(401, 404) },
  }),
  saveOnboarding: endpoint({
    method: 'PUT',
    path: '/api/me/onboarding',
    access: 'members',
    tags,
    summary: 'Save an onboarding step (genres, artists) or finish onboarding',
    body: OnboardingUpdateSchema,
    responses: { 200: OnboardingSchema, ...errorResponses(400, 401, 404) },
  }),
  changeUsername: endpoint({
    method: 'PUT',
    path: '/api/me/username',
    access: 'members',
    tags,
    summary: 'Change your username (current password required); the old one leads to you for 90 days',
    body: ChangeUsernameBodySchema,
    responses: { 200: SignedInUserSchema, ...errorResponses(400, 401, 403, 409, 429) },
  }),
  changeEmail: endpoint({
    method: 'POST',
    path: '/api/me/email',
    access: 'members',
    tags,
    summary: 'Ask to change your e-mail address (current password required): a link goes to the new address',
    body: ChangeEmailBodySchema,
    responses: { 200: EmailChangeRequestedSchema, ...errorResponses(400, 401, 403, 409, 429, 502) },
  }),
  confirmEmail: endpoint({
    method: 'POST',
    path: '/api/me/email/confirm',
    tags,
    summary: 'Confirm an e-mail change with the token from the link sent to the new address',
    body: ConfirmEmailBodySchema,
    responses: { 200: EmailChangedSchema, ...errorResponses(400, 409, 429) },
  }),
};
