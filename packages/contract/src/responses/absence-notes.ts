import { z } from 'zod';
import { absenceNoteReasons, absenceNoteSenders, absenceNoteSessions, absenceNoteStatuses, recordedSessions } from '../absence-notes.ts';
import { guardianRelationships } from '../guardians.ts';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** A school day a note covers, and what attendance recorded of it. */
export const absenceNoteDaySchema = z.object({
  date: isoDate,
  /** Null for a session the note does not cover. */
  am: z.enum(recordedSessions).nullable(),
  pm: z.enum(recordedSessions).nullable(),
  late: z.boolean(),
});
export type AbsenceNoteDay = z.infer<typeof absenceNoteDaySchema>;

/** An absence note as the office's list and the family's screen show it. */
export const absenceNoteSchema = z
  .object({
    /** Its public ID, which PATCH names. */
    id: z.string(),
    student_id: z.string(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    class_id: z.string().nullable(),
    from: isoDate,
    to: isoDate,
    sessions: z.enum(absenceNoteSessions),
    reason: z.enum(absenceNoteReasons),
    text: z.string(),
    /** The file sent with it (a PDF or a photo): its name and kind; staff open it at `url`. Null when none. */
    file: z.object({ name: z.string(), type: z.string(), size: z.number().int(), url: z.string().nullable() }).nullable(),
    sent_by: z.object({ kind: z.enum(absenceNoteSenders), name: z.string(), relationship: z.enum(guardianRelationships).nullable() }),
    sent_at: z.string(),
    status: z.enum(absenceNoteStatuses),
    answered_at: z.string().nullable(),
    /** The staff member who answered (staff only; null for the family). */
    answered_by: z.string().nullable(),
    /** Why the office declined it. */
    decline_reason: z.string().nullable(),
    /** The school days it covers, oldest first, each with what attendance recorded. */
    days: z.array(absenceNoteDaySchema),
  })
  .meta({ id: 'AbsenceNote' });
export type AbsenceNote = z.infer<typeof absenceNoteSchema>;

/** GET /api/absence-notes: one page, newest first; `may_send` says whether the caller may send a note for the student named. */
export const absenceNotesPageSchema = z
  .object({
    items: z.array(absenceNoteSchema),
    total: z.number().int(),
    /** How many notes wait for an answer, among those the caller may see (the class chosen, if any). */
    pending: z.number().int(),
    may_send: z.boolean(),
  })
  .meta({ id: 'AbsenceNotesPage' });
export type AbsenceNotesPage = z.infer<typeof absenceNotesPageSchema>;

/** POST /api/absence-notes and PATCH /api/absence-notes/{id}: the note as it now stands, and the words to show. */
export const absenceNoteDoneSchema = z.object({ message: z.string(), note: absenceNoteSchema }).meta({ id: 'AbsenceNoteDone' });
export type AbsenceNoteDone = z.infer<typeof absenceNoteDoneSchema>;
