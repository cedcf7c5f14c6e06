import { z } from 'zod';

/** GET /api/session: who the server says is signed in; the truth for the web app's route guard. */
export const sessionSchema = z.object({
  authenticated: z.boolean(),
  admin: z.boolean(),
  /** True while a first-password (restricted) session may only set a new password. */
  restricted: z.boolean(),
  userID: z.string().nullable(),
  name: z.string().nullable(),
  initials: z.string().nullable(),
  must_change_password: z.boolean(),
  /** Why a signed-out caller is signed out, when the session she presented has ended. */
  ended_message: z.string().nullable().optional(),
});
export type Session = z.infer<typeof sessionSchema>;
