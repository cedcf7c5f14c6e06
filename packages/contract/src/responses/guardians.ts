import { z } from 'zod';
import { guardianMessageKinds, guardianRelationships, linkVerifications } from '../guardians.ts';
import { messageStatuses } from '../notifications.ts';
import { passkeySchema } from './passkeys.ts';
import { secondFactorRequired } from './session.ts';

/** A daughter as her guardian's dashboard lists her (GET /api/guardian/children). */
export const guardianChildSchema = z.object({
  /** The link's public ID. */
  link_id: z.string(),
  student_id: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  class_id: z.string().nullable(),
  relationship: z.enum(guardianRelationships),
  /** The yearly registration: steps done of all, and the day it was completed (null until then). */
  registration: z.object({ steps_done: z.number().int(), steps: z.number().int(), completed_on: z.string().nullable() }),
});
export const guardianChildrenSchema = z.object({ children: z.array(guardianChildSchema) });
/** POST /api/guardian-links: the daughter a letter's code linked, and the words to show. */
export const letterLinkAnswerSchema = z.object({ message: z.string(), child: guardianChildSchema });
export type LetterLinkAnswer = z.infer<typeof letterLinkAnswerSchema>;
export type GuardianChild = z.infer<typeof guardianChildSchema>;

/** GET /api/guardian/account: her own account. */
export const guardianAccountSchema = z.object({
  id: z.string(),
  email: z.string(),
  display_name: z.string(),
  phone: z.string().nullable(),
  message_kinds: z.array(z.enum(guardianMessageKinds)),
});
export type GuardianAccount = z.infer<typeof guardianAccountSchema>;

/**
 * GET /api/guardian/account/second-factor: her two-step sign-in (decision 062), offered, not
 * required: whether an authenticator app is on, how many of its recovery codes are unused, and her
 * passkeys, oldest first.
 */
export const guardianSecondFactorSchema = z.object({ totp: z.boolean(), recovery_codes_left: z.number().int(), passkeys: z.array(passkeySchema) });
export type GuardianSecondFactor = z.infer<typeof guardianSecondFactorSchema>;

/** A link as the Guardians screen shows it (GET /api/guardians). */
export const guardianLinkSchema = z.object({
  link_id: z.string(),
  guardian_id: z.string(),
  guardian_name: z.string(),
  guardian_email: z.string(),
  student_id: z.string(),
  student_name: z.string(),
  class_id: z.string().nullable(),
  relationship: z.enum(guardianRelationships),
  verified_by: z.enum(linkVerifications),
  restricted: z.boolean(),
  revoked: z.boolean(),
  created_at: z.string(),
  /** Whether the guardian signs in with a second step (an authenticator app or a passkey), which an admin can remove for her. */
  second_factor: z.boolean(),
});
export const guardianLinksSchema = z.object({ links: z.array(guardianLinkSchema) });
export type GuardianLink = z.infer<typeof guardianLinkSchema>;

/** An invitation not yet accepted, as the Guardians screen lists it (GET /api/guardian-invitations?class_id=). */
export const guardianInvitationSchema = z.object({
  id: z.string(),
  student_id: z.string(),
  student_name: z.string(),
  email: z.string(),
  relationship: z.enum(guardianRelationships),
  sent_at: z.string(),
  expires_at: z.string(),
  /** open, expired, accepted or cancelled. */
  state: z.enum(['open', 'expired', 'accepted', 'cancelled']),
});
export const guardianInvitationsSchema = z.object({ invitations: z.array(guardianInvitationSchema) });
export type GuardianInvitation = z.infer<typeof guardianInvitationSchema>;
export type GuardianInvitations = z.infer<typeof guardianInvitationsSchema>;

/** GET /api/guardian-invitations/preview?token=: what the invitation page shows before she accepts. */
export const invitationPreviewSchema = z.object({ student_first_name: z.string(), email: z.string(), has_account: z.boolean() });
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/**
 * POST /api/guardian-login, POST /api/guardian-password/reset and an accepted invitation that signed
 * her in: who is signed in now. With `second_factor: 'required'` her account has a second factor and
 * the session waits for it (decision 062): `POST /api/guardian-login/second-factor` or her passkey
 * completes it, and answers the same without it.
 */
export const guardianSignInSchema = z.object({ name: z.string(), kind: z.literal('guardian'), ...secondFactorRequired });
export type GuardianSignIn = z.infer<typeof guardianSignInSchema>;

/** POST /api/guardian-invitations/class: how many invitations went out, and how many addresses were skipped (already linked or invited). */
export const classInvitationsSchema = z.object({ sent: z.number().int(), skipped: z.number().int() });
export type ClassInvitations = z.infer<typeof classInvitationsSchema>;

/** POST /api/guardian-invitations/accept: the link made (and, for a visitor, her new account signed in). */
export const acceptedInvitationSchema = z.object({ name: z.string(), kind: z.literal('guardian'), student_first_name: z.string() });
export type AcceptedInvitation = z.infer<typeof acceptedInvitationSchema>;

/** One message the school sent (or is sending) to a guardian (GET /api/guardian/messages): never its body. */
export const guardianMessageSchema = z.object({
  kind: z.string(),
  subject: z.string(),
  /** The daughter it is about, by first name; null for a message about her account. */
  student_first_name: z.string().nullable(),
  status: z.enum(messageStatuses),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
/** GET /api/guardian/messages?page=: one page, newest first, with the count of all her messages (the staff Messages page's shape). */
export const guardianMessagesPageSchema = z.object({ items: z.array(guardianMessageSchema), total: z.number().int() });
export type GuardianMessagesPage = z.infer<typeof guardianMessagesPageSchema>;
