import { z } from 'zod';

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

const email = z.email({ error: 'Please enter a valid email address' }).max(254);

/** Passwords are checked exactly as typed (no trimming); the server also refuses common ones. */
export const NewPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(8, { error: 'Password must be at least 8 characters long' })
  .max(128, { error: 'Password must be at most 128 characters long' });

export const RegisterBodySchema = z.object({
  name: z.string().trim().min(1, { error: 'Please enter your name' }).max(100),
  email,
  password: NewPasswordSchema,
});
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

export const SignInBodySchema = z.object({
  email: z.string().min(1, { error: 'Please fill in all fields' }).max(254),
  password: z.string().min(1, { error: 'Please fill in all fields' }).max(1024),
});
export type SignInBody = z.infer<typeof SignInBodySchema>;

/** POST /api/auth/sign-in: signed in, or the password was right and a second factor is needed (no session yet). */
export const SignInResultSchema = z.union([z.object({ user: CurrentUserSchema }), z.object({ twoFactorRequired: z.literal(true) })]);
export type SignInResult = z.infer<typeof SignInResultSchema>;

/** POST /api/auth/two-factor: the code from the authenticator app, or one of the backup codes. */
export const TwoFactorChallengeBodySchema = z.object({
  method: z.enum(['totp', 'backup'], { error: 'Method must be totp or backup' }),
  code: z.string().trim().min(1, { error: 'Please enter the code' }).max(32),
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

export const OnboardingGenreGroupSchema = z.object({
  name: z.string(),
  genres: z.array(z.object({ slug: z.string(), name: z.string() })),
});

/** GET /api/me/onboarding: where the person got to, and the genre groups of the first step. */
export const OnboardingSchema = z.object({
  /** 0 before the first step is saved; 3 when all are. */
  lastCompletedStep: z.number().int().min(0).max(3),
  completed: z.boolean(),
  preferredGenres: z.array(z.string()),
  favoriteArtists: z.array(z.string()),
  genreGroups: z.array(OnboardingGenreGroupSchema),
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
  name: z.string().trim().min(1, { error: 'Please enter your name' }).max(100).optional(),
  bio: z.string().max(500, { error: 'Bio must be at most 500 characters' }).optional(),
  /** A picture uploaded through POST /api/me/avatar, or null to remove it. */
  avatarUrl: z
    .string()
    .regex(/^\/uploads\/avatars\/[A-Za-z0-9_-]+\.webp$/, { error: 'avatarUrl must be a picture uploaded to Hearsay' })
    .nullable()
    .optional(),
  preferredGenres: z.array(z.string().min(1).max(80)).max(100).optional(),
  favoriteArtists: z.array(z.string().min(1).max(100)).max(200).optional(),
  onboardingCompleted: z.boolean().optional(),
});
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;
