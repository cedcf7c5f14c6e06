import { z } from 'zod';
import { contactChangeDecisions } from '../contact-changes.ts';
import { messages } from '../messages.ts';
import { studentIdField } from '../student-id.ts';
import { classIdField, optionalLine } from './common.ts';

/** A field's name as a change names it (the contract's field list judges it). */
const fieldName = z.string().max(60, messages.tooLong(60));

/**
 * POST /api/contact-changes: a guardian's new values for her own details in a daughter's record,
 * by field name; an empty value (or null) asks for the field to be emptied. Each value is judged by
 * its field's rule on the server, once it knows which fields are hers.
 */
export const contactChangeRequest = z.object({
  student_id: studentIdField,
  changes: z
    .record(fieldName, z.union([z.string().max(1000, messages.tooLong(1000)), z.null()], { message: messages.invalidValue }), { message: messages.required })
    .refine((changes) => Object.keys(changes).length <= 30, messages.invalidValue),
});
export type ContactChangeRequest = z.input<typeof contactChangeRequest>;

/**
 * PATCH /api/contact-changes/{id}: the office's decision for each field of the change, and a note
 * the parent reads with the answer.
 */
export const contactChangeAnswerRequest = z.object({
  decisions: z
    .record(fieldName, z.enum(contactChangeDecisions, { message: messages.chooseOption }), { message: messages.required })
    .refine((decisions) => Object.keys(decisions).length <= 30, messages.invalidValue),
  note: optionalLine(300, 'The note'),
});
export type ContactChangeAnswerRequest = z.input<typeof contactChangeAnswerRequest>;

/** GET /api/contact-changes: the changes waiting for the office (the default) or those answered, of one class or all. */
export const contactChangesQuery = z.object({
  status: z.enum(['pending', 'answered'], { message: messages.chooseOption }).default('pending'),
  class_id: classIdField.optional(),
});
export type ContactChangesQuery = z.input<typeof contactChangesQuery>;

/** `{id}` of /api/contact-changes/{id}: a change's public ID. */
export const contactChangeIdParams = z.object({ id: z.string().trim().min(1, messages.required).max(40) });
