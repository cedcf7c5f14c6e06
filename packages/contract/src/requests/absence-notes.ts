import { z } from 'zod';
import {
  absenceNoteDecisions,
  absenceNoteLimits,
  absenceNoteMessages,
  absenceNoteReasons,
  absenceNoteSessions,
  absenceNoteStatuses,
} from '../absence-notes.ts';
import { isRealDate } from '../field-rules.ts';
import { messages } from '../messages.ts';
import { studentIdField } from '../student-id.ts';
import { classIdField, isStorableLine, isStorableText, pageField } from './common.ts';

/** A day of a note, yyyy-MM-dd, with the words of the field it is. */
const noteDay = (needed: string) =>
  z
    .string({ message: needed })
    .trim()
    .min(1, needed)
    .refine((value) => value === '' || isRealDate(value), messages.dayShape);

/**
 * POST /api/absence-notes (JSON, or multipart/form-data with the optional `file` last): a note for
 * a day or a range of school days. The server checks the dates against today and the calendar, and
 * adds the file part (one PDF or photo, the upload rules of documents).
 */
export const absenceNoteRequest = z.object({
  student_id: studentIdField,
  from: noteDay(absenceNoteMessages.firstDayNeeded),
  to: noteDay(absenceNoteMessages.lastDayNeeded),
  sessions: z.enum(absenceNoteSessions, { message: absenceNoteMessages.sessionsNeeded }).default('both'),
  reason: z.enum(absenceNoteReasons, { message: absenceNoteMessages.reasonNeeded }),
  text: z
    .string()
    .trim()
    .max(absenceNoteLimits.text, messages.tooLong(absenceNoteLimits.text))
    .refine(isStorableText, messages.forbiddenCharacter('The note'))
    .default(''),
});
export type AbsenceNoteRequest = z.input<typeof absenceNoteRequest>;

/**
 * GET /api/absence-notes?status=&class_id=&student_id=&page=: newest first. Staff see the school's
 * (a teacher her classes'); a guardian names her daughter, a student sees her own.
 */
export const absenceNotesQuery = z.object({
  status: z.enum(absenceNoteStatuses).optional(),
  class_id: classIdField.optional(),
  student_id: studentIdField.optional(),
  page: pageField,
});
export type AbsenceNotesQuery = z.input<typeof absenceNotesQuery>;

/** `{id}` of /api/absence-notes/{id}: a note's public ID. */
export const absenceNoteIdParams = z.object({ id: z.string().trim().min(1, messages.required).max(40) });

/** PATCH /api/absence-notes/{id}: the office's answer; a decline says why (the family reads it). */
export const absenceNoteAnswerRequest = z
  .object({
    decision: z.enum(absenceNoteDecisions, { message: messages.required }),
    reason: z
      .string()
      .trim()
      .max(absenceNoteLimits.declineReason, messages.tooLong(absenceNoteLimits.declineReason))
      .refine(isStorableLine, messages.forbiddenCharacter('The reason'))
      .optional(),
  })
  .superRefine((answer, context) => {
    if (answer.decision === 'decline' && !answer.reason)
      context.addIssue({ code: 'custom', path: ['reason'], message: absenceNoteMessages.declineReasonNeeded });
  });
export type AbsenceNoteAnswerRequest = z.input<typeof absenceNoteAnswerRequest>;
