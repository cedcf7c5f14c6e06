import { z } from 'zod';
import { limits } from '../limits.ts';
import { messages } from '../messages.ts';
import { staffRoles } from '../staff-roles.ts';
import { requiredText } from './common.ts';

/** A staff username: 3 to `limits.username` letters, digits, dots, dashes or underscores, kept in lower case. */
export const staffUsername = z
  .string({ message: messages.required })
  .trim()
  .toLowerCase()
  .regex(new RegExp(`^[a-z0-9._-]{3,${limits.username}}$`), `A username has 3 to ${limits.username} letters, digits, dots, dashes or underscores.`);

const role = z.enum(staffRoles, { message: messages.chooseOption });
/** A teacher's classes by their IDs ('1A'); the server checks that each class exists. */
const classes = z.array(z.string().trim().min(1).max(10)).max(50);

/** POST /api/staff: a new staff account; the answer carries its one-time password. */
export const newStaffRequest = z.object({
  username: staffUsername,
  display_name: requiredText(limits.staffDisplayName),
  role,
  classes: classes.default([]),
});
export type NewStaffRequest = z.input<typeof newStaffRequest>;

/** PATCH /api/staff/{username}: any of role, classes, display name and disabled, or a password reset. */
export const staffChangeRequest = z.object({
  display_name: requiredText(limits.staffDisplayName).optional(),
  role: role.optional(),
  classes: classes.optional(),
  disabled: z.boolean().optional(),
  reset_password: z.literal(true).optional(),
});
export type StaffChangeRequest = z.input<typeof staffChangeRequest>;
