import { z } from 'zod';

/** The reference lists of SPEC §3 with the spec's field names, as `GET /api/towns` and the others answer them. */
export const townSchema = z.object({ town_name: z.string() });
export const religionSchema = z.object({ code: z.string(), religion: z.string() });
export const ethnicGroupSchema = z.object({ id: z.string(), group_type: z.string() });
export const regionalCorporationSchema = z.object({ title: z.string() });
export const houseSchema = z.object({ id: z.string(), name: z.string() });
export const formClassSchema = z.object({ id: z.string(), form_level: z.number().int() });
export const primarySchoolSchema = z.object({ name: z.string() });

/**
 * `GET /api/reference-lists`: the six lists the wizard's fields choose from, in one answer (decision
 * 055), named as the fields name their list; each as its own call answers it.
 */
export const wizardListsSchema = z.object({
  towns: z.array(townSchema),
  religions: z.array(religionSchema),
  ethnicGroups: z.array(ethnicGroupSchema),
  regionalCorporations: z.array(regionalCorporationSchema),
  houses: z.array(houseSchema),
  formClasses: z.array(formClassSchema),
});
export type WizardLists = z.infer<typeof wizardListsSchema>;

/** `GET /api/config`: what every screen shows before anyone signs in. */
/** The school's own sign-in (decision 076): its provider's name and who may use it; null when not set up. */
export const signInProviderSchema = z.object({ name: z.string(), roles: z.array(z.enum(['staff', 'students', 'guardians'])) });
export type SignInProvider = z.infer<typeof signInProviderSchema>;

export const schoolConfigSchema = z.object({ school_name: z.string(), time_zone: z.string(), sign_in_provider: signInProviderSchema.nullable() });
