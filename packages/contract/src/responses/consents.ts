import { z } from 'zod';
import { consentAnswers, consentKinds, consentStudentStates } from '../consents.ts';
import { guardianRelationships } from '../guardians.ts';

/**
 * A consent form as the staff's list shows it: its title, classes (none for the registration's
 * agreement, which asks each student's guardians while her form's registration is open), the day it
 * closes (none for the registration's, which closes with each form's registration), and how many
 * answers stand.
 */
export const consentFormSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(consentKinds),
  title: z.string(),
  class_ids: z.array(z.string()),
  closes_on: z.string().nullable(),
  per_daughter: z.boolean(),
  /** Whether answers may still be given. */
  open: z.boolean(),
  /** The text's version now: 1, then one more each time its words change after guardians answered. */
  version: z.number().int(),
  /** The answers standing now (a changed answer counts once). */
  answers: z.number().int(),
  created_at: z.string(),
  /** The form's version stamp: a change sends it back (`updated_at` of PATCH). */
  updated_at: z.string(),
});
export type ConsentFormSummary = z.infer<typeof consentFormSummarySchema>;

/** GET /api/consents: every form, newest first, and whether the registration also asks a guardian's agreement. */
export const consentFormsSchema = z.object({ forms: z.array(consentFormSummarySchema), registration_agreement: z.boolean() });
export type ConsentForms = z.infer<typeof consentFormsSchema>;

/** GET /api/consents/{id}: a form with its words now and when each text version was made. */
export const consentFormSchema = consentFormSummarySchema.extend({
  text: z.string(),
  versions: z.array(z.object({ version: z.number().int(), created_at: z.string() })),
});
export type ConsentForm = z.infer<typeof consentFormSchema>;

/** A guardian of a student on the answers list: her name and relationship, and her answer standing now (null: not answered). */
export const consentGuardianAnswerSchema = z.object({
  name: z.string(),
  relationship: z.enum(guardianRelationships),
  answer: z.enum(consentAnswers).nullable(),
  typed_name: z.string().nullable(),
  answered_at: z.string().nullable(),
  /** The text version she answered; older than the form's means its words changed after she answered. */
  version: z.number().int().nullable(),
});
export type ConsentGuardianAnswer = z.infer<typeof consentGuardianAnswerSchema>;

/** How a class (or the whole form) stands: its students by state, and the guardians who have not answered. */
export const consentCountsSchema = z.object({
  students: z.number().int(),
  agreed: z.number().int(),
  not_agreed: z.number().int(),
  no_answer: z.number().int(),
  no_account: z.number().int(),
  guardians_waiting: z.number().int(),
});
export type ConsentCounts = z.infer<typeof consentCountsSchema>;

/** GET /api/consents/{id}/answers (office, admin): per class, each student with her guardians' answers, and who has not answered. */
export const consentAnswersSchema = z.object({
  form: consentFormSummarySchema,
  totals: consentCountsSchema,
  classes: z.array(
    z.object({
      class_id: z.string(),
      counts: consentCountsSchema,
      students: z.array(
        z.object({
          student_id: z.string(),
          first_name: z.string().nullable(),
          last_name: z.string().nullable(),
          state: z.enum(consentStudentStates),
          guardians: z.array(consentGuardianAnswerSchema),
        }),
      ),
    }),
  ),
});
export type ConsentAnswers = z.infer<typeof consentAnswersSchema>;

/** Her answer standing now, as her dashboard shows it. */
export const ownConsentAnswerSchema = z.object({
  /** What `replaces` names to change it. */
  id: z.string(),
  answer: z.enum(consentAnswers),
  typed_name: z.string(),
  answered_at: z.string(),
  version: z.number().int(),
});
export type OwnConsentAnswer = z.infer<typeof ownConsentAnswerSchema>;

/**
 * A form a guardian may answer (GET /api/guardian/consents): for each of her daughters when it is
 * needed for each (`student_id` names her), else once for every daughter it concerns (`students`).
 */
export const guardianConsentSchema = z.object({
  form_id: z.string(),
  kind: z.enum(consentKinds),
  title: z.string(),
  text: z.string(),
  version: z.number().int(),
  closes_on: z.string().nullable(),
  per_daughter: z.boolean(),
  student_id: z.string().nullable(),
  students: z.array(z.object({ student_id: z.string(), first_name: z.string().nullable() })),
  answer: ownConsentAnswerSchema.nullable(),
});
export type GuardianConsent = z.infer<typeof guardianConsentSchema>;
export const guardianConsentsSchema = z.object({ consents: z.array(guardianConsentSchema) });
export type GuardianConsents = z.infer<typeof guardianConsentsSchema>;

/** POST /api/consents/{id}/answers: her answer stored, the form as her dashboard shows it now, and the words to show. */
export const consentAnsweredSchema = z.object({ message: z.string(), consent: guardianConsentSchema });
export type ConsentAnswered = z.infer<typeof consentAnsweredSchema>;

/** POST /api/consents/{id}/reminders: the guardians who have not answered, their students, and the addresses that get (or would get) the reminder. */
export const consentRemindersAnswerSchema = z.object({
  dry_run: z.boolean(),
  guardians: z.number().int(),
  students: z.number().int(),
  recipients: z.number().int(),
});
export type ConsentRemindersAnswer = z.infer<typeof consentRemindersAnswerSchema>;

/** GET|PUT /api/consent-settings: the school's switch. */
export const consentSettingsSchema = z.object({ registration_agreement: z.boolean() });
export type ConsentSettings = z.infer<typeof consentSettingsSchema>;

/**
 * GET /api/student/{id}/guardian-agreement: whether the school asks a guardian's agreement with the
 * yearly registration, and whether one was given for her this year: each answer standing, by whom.
 */
export const guardianAgreementSchema = z.object({
  asked: z.boolean(),
  academic_year: z.string(),
  given: z.boolean(),
  answers: z.array(
    z.object({
      guardian_name: z.string(),
      relationship: z.enum(guardianRelationships).nullable(),
      answer: z.enum(consentAnswers),
      typed_name: z.string(),
      answered_at: z.string(),
    }),
  ),
});
export type GuardianAgreement = z.infer<typeof guardianAgreementSchema>;
