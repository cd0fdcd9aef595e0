import { z } from 'zod';

export const CurrentUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  avatarUrl: z.string().nullable(),
  onboardingCompleted: z.boolean(),
  createdAt: z.string(),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

/** GET /api/me: who is signed in on this browser, or null. */
export const MeSchema = z.object({ user: CurrentUserSchema.nullable() });
export type Me = z.infer<typeof MeSchema>;
