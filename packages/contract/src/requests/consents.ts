import { z } from 'zod';
import { consentAnswers, consentLimits, consentMessages, typedNameProblem } from '../consents.ts';
import { messages } from '../messages.ts';
import { studentIdField } from '../student-id.ts';
import { classIdField, dayField, isStorableText, requiredLine } from './common.ts';

/** A consent form's public ID in a path (`/api/consents/{id}`). */
export const consentIdParams = z.object({ id: z.string({ message: messages.required }).trim().min(1, messages.required).max(40, messages.tooLong(40)) });

/** A form's words: several lines kept as typed (line ends made `\n`), trimmed, stored as they are (decision 058). */
const consentText = z
  .string({ message: messages.required })
  .transform((text) => text.replace(/\r\n?/g, '\n').trim())
  .pipe(
    z
      .string()
      .min(1, messages.required)
      .max(consentLimits.text, messages.tooLong(consentLimits.text))
      .refine(isStorableText, messages.forbiddenCharacter('The text')),
  );

/** The classes a form is for: at least one, each once, in the order given. */
const consentClasses = z
  .array(classIdField, { message: consentMessages.chooseClasses })
  .min(1, consentMessages.chooseClasses)
  .max(consentLimits.classes, `At most ${consentLimits.classes} classes.`)
  .transform((classes) => [...new Set(classes)]);

const consentTitle = requiredLine(consentLimits.title, 'The title');

/**
 * POST /api/consents (admins): a new form. It is open for answers through `closes_on` (the school's
 * day, from today to `consentLimits.daysAhead` days ahead); `per_daughter` asks a guardian of two
 * daughters in its classes for an answer for each.
 */
export const consentFormRequest = z.object({
  title: consentTitle,
  text: consentText,
  class_ids: consentClasses,
  closes_on: dayField,
  per_daughter: z.boolean({ message: 'per_daughter is true or false.' }).default(false),
});
export type ConsentFormRequest = z.input<typeof consentFormRequest>;

/**
 * PATCH /api/consents/{id} (admins): what changes, with `updated_at` as the form was read (a form
 * changed since is refused with 409). New words after guardians answered make a new text version.
 */
export const consentFormChangeRequest = z.object({
  updated_at: z.string({ message: messages.required }).min(1, messages.required).max(40),
  title: consentTitle.optional(),
  text: consentText.optional(),
  class_ids: consentClasses.optional(),
  closes_on: dayField.optional(),
  per_daughter: z.boolean({ message: 'per_daughter is true or false.' }).optional(),
});
export type ConsentFormChangeRequest = z.input<typeof consentFormChangeRequest>;

/**
 * POST /api/consents/{id}/answers (a guardian): 'agree' or 'disagree', signed with her typed name
 * (`typedNameProblem`); `student_id` names the daughter when the form needs an answer for each;
 * `replaces` names her answer standing now when she changes it (left out, a first answer).
 */
export const consentAnswerRequest = z.object({
  answer: z.enum(consentAnswers, { message: consentMessages.chooseAnswer }),
  typed_name: z
    .string({ message: consentMessages.typeYourName })
    .max(1000, messages.tooLong(consentLimits.typedName))
    .superRefine((typed, context) => {
      const problem = typedNameProblem(typed);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    })
    .transform((typed) => typed.trim()),
  student_id: studentIdField.optional(),
  replaces: z.string().trim().min(1).max(40).optional(),
});
export type ConsentAnswerRequest = z.input<typeof consentAnswerRequest>;

/** POST /api/consents/{id}/reminders: `dry_run` (the default) only counts who would be reminded. */
export const consentRemindersRequest = z.object({ dry_run: z.boolean({ message: 'dry_run must be true or false.' }).default(true) });
export type ConsentRemindersRequest = z.input<typeof consentRemindersRequest>;

/** GET /api/consents/{id}/answers/csv|pdf?class_id=: one class, or every class of the form (a bulk export, decision 049). */
export const consentDownloadQuery = z.object({ class_id: classIdField.optional() });
export type ConsentDownloadQuery = z.input<typeof consentDownloadQuery>;

/** PUT /api/consent-settings (admins): whether the yearly registration also asks a linked guardian's agreement. */
export const consentSettingsRequest = z.object({ registration_agreement: z.boolean({ message: 'registration_agreement is true or false.' }) });
export type ConsentSettingsRequest = z.input<typeof consentSettingsRequest>;
