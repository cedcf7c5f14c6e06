import type { Session } from './responses/session.ts';

/**
 * The session of nobody: what the server answers a visitor, and what the web app assumes before
 * it asks. Kept apart from the response schemas so the sign-in screen can use it without
 * loading zod.
 */
export const signedOutSession: Session = {
  authenticated: false,
  admin: false,
  restricted: false,
  userID: null,
  name: null,
  initials: null,
  must_change_password: false,
};
