import { absenceNoteLabels, type RecordedSession } from '@school/contract/absence-notes';
import type { AbsenceNote, AbsenceNoteDay } from '@school/contract/responses';
import { formatWeekday } from '../../../lib/format-day.ts';
import { relationshipLabels } from '../../../lib/relationship-labels.ts';

/** The girl's name as a sentence says it: her first and last names, else her ID. */
export const studentNameOf = (note: Pick<AbsenceNote, 'first_name' | 'last_name' | 'student_id'>): string =>
  [note.first_name, note.last_name].filter(Boolean).join(' ') || note.student_id;

const sessionWords: Record<RecordedSession, string> = { present: 'present', absent: 'absent', excused: 'excused', 'not yet': 'not held yet' };

/** What attendance recorded on one day a note covers: 'Mon 2026-11-30: AM absent, PM present (late)'. */
export function recordedDayInWords(day: AbsenceNoteDay): string {
  const parts = [day.am && `AM ${sessionWords[day.am]}`, day.pm && `PM ${sessionWords[day.pm]}`].filter(Boolean);
  return `${formatWeekday(day.date)}: ${parts.join(', ')}${day.late ? ' (late)' : ''}`;
}

/** Who sent a note: 'Mrs Charles, Mother', or the student herself. */
export const senderOf = (note: AbsenceNote): string =>
  note.sent_by.kind === 'student'
    ? `${note.sent_by.name}, the student herself`
    : `${note.sent_by.name}${note.sent_by.relationship ? `, ${relationshipLabels[note.sent_by.relationship]}` : ''}`;

export const reasonOf = (note: AbsenceNote): string => absenceNoteLabels.reasons[note.reason];
