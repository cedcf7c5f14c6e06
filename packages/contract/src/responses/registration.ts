import { z } from 'zod';

const flag = z.number().int().min(0).max(1);

/** SPEC §3 form progress flags: one per wizard step, 1 when the step is complete. */
export const progressFlagsSchema = z.object({
  studentData: flag,
  familyData: flag,
  healthData: flag,
  otherData: flag,
  documents: flag,
  submit: flag,
});
export type ProgressFlags = z.infer<typeof progressFlagsSchema>;

/** SPEC §4 registration status of one form level, with what the wizard's banner says about it. */
export const registrationWindowSchema = z.object({
  form_level: z.number().int().nullable(),
  open: flag,
  /** ISO-8601 UTC instant after which students may no longer edit, or null. */
  deadline: z.string().nullable(),
  editable: z.boolean(),
  message: z.string(),
});
export type RegistrationWindow = z.infer<typeof registrationWindowSchema>;
