import type { AbsenceNote } from '@school/contract';
import type { RecordedDay } from '../attendance/index.ts';
import type { NoteRow } from './repository.ts';

/** Who reads a note: staff see who answered it and open its file; the family reads the answer. */
export type NoteReader = 'staff' | 'family';

/** The address staff open a note's file at. */
export const noteFileUrl = (publicId: string) => `/api/absence-notes/${encodeURIComponent(publicId)}/file`;

const textOrNull = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** The girl's name as a sentence says it: her first and last names, else her ID. */
export const studentName = (row: Pick<NoteRow, 'first_name' | 'last_name' | 'student_id'>): string =>
  [textOrNull(row.first_name), textOrNull(row.last_name)].filter(Boolean).join(' ') || row.student_id;

/** Her first name, or `fallback`. */
export const firstNameOf = (row: Pick<NoteRow, 'first_name'>, fallback: string): string => textOrNull(row.first_name) ?? fallback;

/** Her class, or null. */
export const classOf = (row: Pick<NoteRow, 'class_id'>): string | null => textOrNull(row.class_id);

/** Who sent a note, in words: the guardian's name, or the girl's own. */
const senderName = (row: NoteRow): string => (row.sent_by === 'guardian' ? (row.guardian_name ?? 'A parent or guardian') : studentName(row));

/** A note as the office's list (`staff`) or the family's screen (`family`) shows it, with the days it covers and what attendance recorded. */
export const presentNote = (row: NoteRow, days: RecordedDay[], reader: NoteReader): AbsenceNote => ({
  id: row.public_id,
  student_id: row.student_id,
  first_name: textOrNull(row.first_name),
  last_name: textOrNull(row.last_name),
  class_id: textOrNull(row.class_id),
  from: row.from_date,
  to: row.to_date,
  sessions: row.sessions,
  reason: row.reason,
  text: row.text,
  file:
    row.file_key && row.file_name
      ? {
          name: row.file_name,
          type: row.file_mime ?? 'application/octet-stream',
          size: Number(row.file_size ?? 0),
          url: reader === 'staff' ? noteFileUrl(row.public_id) : null,
        }
      : null,
  sent_by: { kind: row.sent_by, name: senderName(row), relationship: row.sent_by === 'guardian' ? (row.relationship ?? null) : null },
  sent_at: row.created_at,
  status: row.status,
  answered_at: row.answered_at,
  answered_by: reader === 'staff' && row.answered_at ? (row.answered_by_name ?? row.answered_by_username ?? null) : null,
  decline_reason: row.decline_reason,
  days,
});
