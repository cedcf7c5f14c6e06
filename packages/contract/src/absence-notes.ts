/** Absence notes (issue 51, decision 065): the words and numbers both apps use (no schema code, so any screen may import it). */

/** Which sessions of each day a note covers. */
export const absenceNoteSessions = ['am', 'pm', 'both'] as const;
export type AbsenceNoteSessions = (typeof absenceNoteSessions)[number];

/** Why she was, or will be, away. */
export const absenceNoteReasons = ['illness', 'medical', 'family', 'other'] as const;
export type AbsenceNoteReason = (typeof absenceNoteReasons)[number];

/** A note's state: sent and waiting, or answered by the office. */
export const absenceNoteStatuses = ['pending', 'accepted', 'declined'] as const;
export type AbsenceNoteStatus = (typeof absenceNoteStatuses)[number];

/** The office's two answers. */
export const absenceNoteDecisions = ['accept', 'decline'] as const;
export type AbsenceNoteDecision = (typeof absenceNoteDecisions)[number];

/** Who sent a note: one of her guardians, or the student herself (when the school allows it). */
export const absenceNoteSenders = ['guardian', 'student'] as const;
export type AbsenceNoteSender = (typeof absenceNoteSenders)[number];

/** A day's session as attendance recorded it, for the office: present, absent (excused when a note was accepted), or not held yet. */
export const recordedSessions = ['present', 'absent', 'excused', 'not yet'] as const;
export type RecordedSession = (typeof recordedSessions)[number];

export const absenceNoteLimits = {
  /** The note's own words. */
  text: 500,
  /** The office's reason for declining. */
  declineReason: 300,
  /** How far back a note may reach, in days before today (school time). */
  daysBack: 30,
  /** How far ahead a note may reach, in days after today. */
  daysAhead: 14,
  /** Notes on one page of the office's list, and of a daughter's. */
  pageSize: 50,
} as const;

/** What a file input offers for a note's optional file: a PDF, or a photo of the paper. */
export const absenceNoteFileAccept = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

/** How each choice reads on both sides. */
export const absenceNoteLabels = {
  reasons: { illness: 'Illness', medical: 'Medical appointment', family: 'Family matter', other: 'Other' } satisfies Record<AbsenceNoteReason, string>,
  sessions: { am: 'Morning (AM)', pm: 'Afternoon (PM)', both: 'The whole day' } satisfies Record<AbsenceNoteSessions, string>,
  /** The office's words for a note's state. */
  statuses: { pending: 'Pending', accepted: 'Accepted', declined: 'Declined' } satisfies Record<AbsenceNoteStatus, string>,
  /** The family's words for it: a pending note waits for the school. */
  familyStatuses: { pending: 'Waiting for the school', accepted: 'Accepted', declined: 'Declined' } satisfies Record<AbsenceNoteStatus, string>,
} as const;

/** The words of absence notes, as both apps show them. */
export const absenceNoteMessages = {
  firstDayNeeded: 'Choose the first day she is, or was, away.',
  lastDayNeeded: 'Choose the last day she is, or was, away.',
  lastBeforeFirst: 'The last day cannot be before the first day.',
  /** A note reaching further back than `absenceNoteLimits.daysBack` days; `earliest` is the first day it may cover. */
  tooFarBack: (earliest: string) => `A note can cover days up to ${absenceNoteLimits.daysBack} days back: choose a first day from ${earliest} on.`,
  /** A note reaching further ahead than `absenceNoteLimits.daysAhead` days; `latest` is the last day it may cover. */
  tooFarAhead: (latest: string) => `A note can cover days up to ${absenceNoteLimits.daysAhead} days ahead: choose a last day up to ${latest}.`,
  noSchoolDay: 'These days hold no school day: choose days the school is open.',
  reasonNeeded: 'Choose a reason.',
  sessionsNeeded: 'Choose the sessions she is, or was, away.',
  fileKind: 'The note’s file must be a PDF or a photo (JPEG or PNG).',
  /** A student sending a note while the school has not allowed it (403). */
  studentsMayNot: 'Your school takes absence notes from a parent or guardian: please ask one of them to send it.',
  /** Staff cannot send a family's note (403). */
  staffMayNot: 'Absence notes are sent by a parent or guardian, or by the student herself.',
  sent: (firstName: string) => `Your note for ${firstName} is sent. The school’s answer will show here.`,
  sentByStudent: 'Your note is sent. The school’s answer will show here.',
  notFound: 'There is no such absence note.',
  declineReasonNeeded: 'Say why the note is declined: the family reads it.',
  /** A second answer to one note (409): the first stands. */
  alreadyAnswered: (status: 'accepted' | 'declined') =>
    `This note was already ${status} by another member of staff. Their answer stands; the list now shows it.`,
  accepted: (name: string) => `The note for ${name} is accepted: those sessions show as excused.`,
  declined: (name: string) => `The note for ${name} is declined; the family can read why.`,
} as const;
