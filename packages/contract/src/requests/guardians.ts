import { z } from 'zod';
import { emailPattern } from '../field-rules.ts';
import { guardianMessageKinds, guardianRelationships, letterCodeLength, normalLetterCode } from '../guardians.ts';
import { limits } from '../limits.ts';
import { messages } from '../messages.ts';
import { studentIdField } from '../student-id.ts';
import { classIdField, pageField, requiredText } from './common.ts';

/** A guardian's e-mail address, her sign-in name: compared and stored in lower case. */
export const guardianEmail = z
  .string({ message: messages.invalidEmail })
  .trim()
  .max(limits.guardianEmail, messages.tooLong(limits.guardianEmail))
  .regex(emailPattern, messages.invalidEmail)
  .transform((email) => email.toLowerCase());

const typedPassword = z.string({ message: messages.required }).min(1, messages.required).max(limits.passwordInput, messages.passwordTooLong);
/** A single-use link's token, as the link carries it. */
const linkToken = z.string({ message: messages.required }).trim().min(1, messages.required).max(200);
const relationship = z.enum(guardianRelationships, { message: messages.required });
const guardianName = requiredText(limits.guardianName);

/** POST /api/guardian-login. */
export const guardianSignInRequest = z.object({ email: guardianEmail, password: typedPassword });
export type GuardianSignInRequest = z.input<typeof guardianSignInRequest>;

/** POST /api/guardian-password/forgot: answered the same whether or not the address has an account. */
export const guardianForgotRequest = z.object({ email: guardianEmail });
export type GuardianForgotRequest = z.input<typeof guardianForgotRequest>;

/** POST /api/guardian-password/reset: the mailed link's token and the new password. */
export const guardianResetRequest = z.object({ token: linkToken, password: typedPassword });
export type GuardianResetRequest = z.input<typeof guardianResetRequest>;

/** POST /api/guardian-invitations: office or admin staff invite an address for one student. */
export const guardianInvitationRequest = z.object({ student_id: studentIdField, email: guardianEmail, relationship });
export type GuardianInvitationRequest = z.input<typeof guardianInvitationRequest>;

/** POST /api/guardian-invitations/class: an invitation to each parent e-mail of the class's records not yet linked or invited. */
export const classInvitationsRequest = z.object({ class_id: classIdField });
export type ClassInvitationsRequest = z.input<typeof classInvitationsRequest>;

/**
 * POST /api/guardian-invitations/accept: the link's token; without a session also her name and a
 * new password (the account is made for the invited address), signed in as that address the token alone.
 */
export const acceptInvitationRequest = z.object({ token: linkToken, name: guardianName.optional(), password: typedPassword.optional() });
export type AcceptInvitationRequest = z.input<typeof acceptInvitationRequest>;

/** POST /api/guardian-links: a signed-in guardian adds a daughter with a letter's code and the girl's date of birth. */
export const letterLinkRequest = z.object({
  student_id: studentIdField,
  code: z
    .string({ message: messages.required })
    .max(40)
    .transform(normalLetterCode)
    .refine((code) => code.length === letterCodeLength, messages.required),
  date_of_birth: z.string({ message: messages.dayShape }).trim().max(10),
  /** How she is related to the girl; 'guardian' when she does not say. */
  relationship: relationship.default('guardian'),
});
export type LetterLinkRequest = z.input<typeof letterLinkRequest>;

/** PATCH /api/guardian-links/{id}: office or admin staff restrict a link (custody) or revoke it. */
export const linkChangeRequest = z.object({ restricted: z.boolean().optional(), revoked: z.boolean().optional() });
export type LinkChangeRequest = z.input<typeof linkChangeRequest>;

/** PATCH /api/guardian/account: her name, phone and the message kinds she wants. */
export const guardianAccountRequest = z.object({
  display_name: guardianName.optional(),
  phone: z.string().trim().max(20).nullable().optional(),
  message_kinds: z.array(z.enum(guardianMessageKinds)).optional(),
});
export type GuardianAccountRequest = z.input<typeof guardianAccountRequest>;

/** GET /api/guardians: the Guardians screen's search, by guardian (name or address) or by student. */
export const guardianSearchQuery = z.object({
  q: z.string().trim().max(100).optional(),
  student_id: studentIdField.optional(),
  class_id: classIdField.optional(),
});
export type GuardianSearchQuery = z.input<typeof guardianSearchQuery>;

/** GET /api/guardian-invitations?class_id=: a class's invitations. */
export const invitationsQuery = z.object({ class_id: classIdField });
export type InvitationsQuery = z.input<typeof invitationsQuery>;

/** GET /api/guardian-invitations/preview?token=: the invitation page's link. */
export const invitationPreviewQuery = z.object({ token: linkToken });
export type InvitationPreviewQuery = z.input<typeof invitationPreviewQuery>;

/** `{id}` of /api/guardian-invitations/{id}: an invitation's public ID. */
export const invitationIdParams = z.object({ id: z.string().trim().min(1, messages.required).max(40) });

/** POST /api/guardian/change-password: her current password, then the new one (the guardians' rule). */
export const guardianChangePasswordRequest = z.object({ current_password: typedPassword, password: typedPassword });
export type GuardianChangePasswordRequest = z.input<typeof guardianChangePasswordRequest>;

/** GET /api/guardian/messages?page=: one page of the messages sent to her. */
export const guardianMessagesQuery = z.object({ page: pageField });

/** POST /api/guardian-invitations/{id}/resend: nothing beside the invitation's ID. */
export const resendInvitationRequest = z.object({});

/** DELETE /api/guardian/account/second-factor: her current password, before her app, recovery codes and passkeys go (decision 062). */
export const turnOffSecondFactorRequest = z.object({
  current_password: z
    .string({ message: messages.enterCurrentPassword })
    .min(1, messages.enterCurrentPassword)
    .max(limits.passwordInput, messages.passwordTooLong),
});
export type TurnOffSecondFactorRequest = z.input<typeof turnOffSecondFactorRequest>;
