import { z } from 'zod';
import { limits } from '../limits.ts';
import { messages } from '../messages.ts';
import { staffRoles } from '../staff-roles.ts';
import { emailPattern } from '../student-schema.ts';
import { classIdField, requiredLine } from './common.ts';

/** A staff username: 3 to `limits.username` letters, digits, dots, dashes or underscores, kept in lower case. */
export const staffUsername = z
  .string({ message: messages.required })
  .trim()
  .toLowerCase()
  .regex(new RegExp(`^[a-z0-9._-]{3,${limits.username}}$`), `A username has 3 to ${limits.username} letters, digits, dots, dashes or underscores.`);

const role = z.enum(staffRoles, { message: messages.chooseOption });
/** A teacher's classes by their IDs ('1A'); the server checks that each class exists. */
const classes = z.array(classIdField).max(50);

/**
 * A staff member's e-mail address for her security notices, checked like the record's e-mail
 * fields (their pattern, message and length); left empty (or null) it is removed.
 */
export const staffEmail = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  z
    .string({ message: messages.invalidEmail })
    .trim()
    .max(limits.staffEmail, messages.tooLong(limits.staffEmail))
    .regex(emailPattern, messages.invalidEmail)
    .nullable(),
);

/** PUT /api/account/email: a staff member's own address, changed only with her current password (decision 058). */
export const ownEmailRequest = z.object({
  email: staffEmail,
  current_password: z.string({ message: messages.enterCurrentPassword }).min(1, messages.enterCurrentPassword).max(256),
});
export type OwnEmailRequest = z.input<typeof ownEmailRequest>;

/** POST /api/staff: a new staff account; the answer carries its one-time password. */
export const newStaffRequest = z.object({
  username: staffUsername,
  display_name: requiredLine(limits.staffDisplayName, 'The display name'),
  role,
  classes: classes.default([]),
  email: staffEmail.optional(),
});
export type NewStaffRequest = z.input<typeof newStaffRequest>;

/**
 * PATCH /api/staff/{username}: any of role, classes, display name and disabled, a password reset,
 * or (for another's account) the removal of every second factor, when her phone or key is lost.
 */
export const staffChangeRequest = z.object({
  display_name: requiredLine(limits.staffDisplayName, 'The display name').optional(),
  role: role.optional(),
  classes: classes.optional(),
  disabled: z.boolean().optional(),
  email: staffEmail.optional(),
  reset_password: z.literal(true).optional(),
  reset_second_factor: z.literal(true).optional(),
});
export type StaffChangeRequest = z.input<typeof staffChangeRequest>;
