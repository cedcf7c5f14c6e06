import { z } from 'zod';
import { guardianMessageKinds, guardianRelationships, linkVerifications } from '../guardians.ts';

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

/** GET /api/guardian-invitations/preview?token=: what the invitation page shows before she accepts. */
export const invitationPreviewSchema = z.object({ student_first_name: z.string(), email: z.string(), has_account: z.boolean() });
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;
