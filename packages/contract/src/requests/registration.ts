import { z } from 'zod';
import { messages } from '../messages.ts';
import { completenessSteps, reviewedStepKeys, type CompletenessStepKey } from '../progress-steps.ts';
import { isRealDate } from '../student-schema.ts';

/** A form level in a path (`/api/student-registration/{form_level}`, `/api/registration-status/{form_level}`): 1 to 5. */
export const formLevelParam = z.coerce
  .number<string | number>({ message: messages.formLevel })
  .int(messages.formLevel)
  .min(1, messages.formLevel)
  .max(5, messages.formLevel);

/**
 * PUT /api/registration-status/{form_level}: open (1) or closed (0), and the deadline as the
 * school's wall-clock 'yyyy-MM-ddTHH:mm', or null for none. 2026-13-45 or 25:00 is refused, never
 * rolled over into another day.
 */
export const registrationStatusRequest = z.object({
  open: z.union([z.literal(0), z.literal(1)], { message: 'Open is 0 or 1.' }),
  deadline_local: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, { message: 'Enter the deadline as a date (yyyy-MM-dd) and a time (HH:mm).', abort: true })
    .refine((value) => isRealDate(value.slice(0, 10)), 'The deadline is not a real date: enter it as yyyy-MM-dd.')
    .refine((value) => /^([01]\d|2[0-3]):[0-5]\d$/.test(value.slice(11)), 'The deadline time is not real: enter it as HH:mm, 00:00 to 23:59.')
    .nullable(),
});
export type RegistrationStatusRequest = z.input<typeof registrationStatusRequest>;

/** POST /api/registration/confirm-step: the step she has checked and found unchanged ('Nothing has changed', decision 026). */
export const confirmStepRequest = z.object({
  step: z.enum(reviewedStepKeys as [CompletenessStepKey, ...CompletenessStepKey[]], {
    message: `Choose a step to confirm: ${completenessSteps.map((step) => step.key).join(', ')}.`,
  }),
});
export type ConfirmStepRequest = z.input<typeof confirmStepRequest>;
