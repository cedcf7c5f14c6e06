import fs from 'node:fs/promises';
import {
  absenceNoteLimits,
  absenceNoteMessages,
  classBoundRoles,
  pageWindow,
  reachesClass,
  type AbsenceNote,
  type AbsenceNoteDone,
  type AbsenceNoteReason,
  type AbsenceNoteSessions,
  type AbsenceNoteStatus,
  type AbsenceNotesPage,
} from '@school/contract';
import type { Transaction } from 'kysely';
import { nowIso, type Executor } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { Deps } from '../../lib/deps.ts';
import { Conflict, Forbidden, invalidField, NotFound } from '../../lib/errors.ts';
import type { FileOwner } from '../../lib/file-store/index.ts';
import { zonedDay } from '../../lib/time-zone.ts';
import { assertFileKind, uploadKinds, type ReceivedFile, type UploadKind } from '../../lib/uploads/index.ts';
import type { AdminActor, FamilyActor } from '../../session/actor.ts';
import { calendarDaysBetween, recordedDays } from '../attendance/index.ts';
import { auditRead, writeAudit } from '../audit/index.ts';
import { keptPhoto } from '../files/index.ts';
import { newPublicId } from '../guardians/index.ts';
import { notifyAbsenceNoteAnswered, notifyAbsenceNoteSent, type NoteToTell } from '../notifications/index.ts';
import { classOf, firstNameOf, presentNote, studentName, type NoteReader } from './presenter.ts';
import { absenceNotesRepository as repository, type NoteFilters, type NoteRow } from './repository.ts';

/** The kinds of file a note may carry: a PDF, or a photo of the paper. */
const NOTE_FILE_KINDS: readonly UploadKind[] = ['pdf', 'jpeg', 'png'];

/**
 * A photo of a doctor's note is kept larger than a student's photo (which is printed small on her
 * form), so that its writing stays readable; it is re-encoded all the same, without its metadata.
 */
const NOTE_PHOTO_LONG_SIDE = 2000;

const DAY_MS = 24 * 60 * 60 * 1000;
const shiftDay = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** What `POST /api/absence-notes` carries once validated. */
export type NoteInput = {
  student_id: string;
  from: string;
  to: string;
  sessions: AbsenceNoteSessions;
  reason: AbsenceNoteReason;
  text: string;
  file?: ReceivedFile;
};

/**
 * Refuses a note's days (422 on the field at fault): the last before the first; reaching more than
 * `absenceNoteLimits.daysBack` days back or `daysAhead` days ahead of today (school time); holding
 * no school day of the calendar. Answers the school days it covers.
 */
async function checkDays(deps: Deps, { from, to }: { from: string; to: string }): Promise<string[]> {
  if (to < from) throw invalidField('to', absenceNoteMessages.lastBeforeFirst);
  const today = zonedDay(new Date(), deps.config.schoolTimeZone);
  const earliest = shiftDay(today, -absenceNoteLimits.daysBack);
  const latest = shiftDay(today, absenceNoteLimits.daysAhead);
  if (from < earliest) throw invalidField('from', absenceNoteMessages.tooFarBack(earliest));
  if (to > latest) throw invalidField('to', absenceNoteMessages.tooFarAhead(latest));
  const days = await calendarDaysBetween(deps, from, to);
  if (days.length === 0) throw invalidField('from', absenceNoteMessages.noSchoolDay);
  return days;
}

/** The file as a note keeps it: a PDF as sent, a photo re-encoded without its metadata. Refuses any other kind, by content and by name (422). */
async function keptFile(file: ReceivedFile): Promise<{ path: string; name: string; mime: string; extension: string; size: number }> {
  assertFileKind(file, NOTE_FILE_KINDS, absenceNoteMessages.fileKind);
  const kind = file.kind!;
  // Its name says what its content is: a PDF named .jpg is refused too, as a document's would be.
  if (!(uploadKinds[kind].extensions as readonly string[]).includes(file.extension)) throw invalidField('file', absenceNoteMessages.fileKind);
  if (kind === 'jpeg' || kind === 'png') await fs.writeFile(file.path, await keptPhoto(file.path, kind, NOTE_PHOTO_LONG_SIDE));
  return { path: file.path, name: file.name, mime: uploadKinds[kind].mime, extension: uploadKinds[kind].extensions[0], size: (await fs.stat(file.path)).size };
}

/** The notes as `reader` sees them, each with the school days it covers and what attendance recorded then. */
async function present(deps: Deps, rows: NoteRow[], reader: NoteReader): Promise<AbsenceNote[]> {
  const days = await recordedDays(
    deps,
    rows.map((row) => ({ studentId: row.student_id, from: row.from_date, to: row.to_date, sessions: row.sessions })),
  );
  return rows.map((row, index) => presentNote(row, days[index]!, reader));
}

/** One note by its public ID as `reader` sees it, or 404. */
async function presentOne(deps: Deps, publicId: string, reader: NoteReader): Promise<AbsenceNote> {
  const row = await repository.byPublicId(deps.db, publicId);
  if (!row) throw new NotFound(absenceNoteMessages.notFound);
  return (await present(deps, [row], reader))[0]!;
}

/** What a note's messages are made from. */
const toTell = (row: NoteRow, senderName: string): NoteToTell => ({
  publicId: row.public_id,
  studentId: row.student_id,
  from: row.from_date,
  to: row.to_date,
  sessions: row.sessions,
  sentBy: row.sent_by,
  guardianId: row.guardian_id,
  senderName,
});

/**
 * `POST /api/absence-notes` (decision 065): a linked guardian's note for her daughter (the access
 * check answered anyone else 404), or the student's own where the school allows it
 * (ABSENCE_NOTES_FROM_STUDENTS); never staff's. The days are checked (`checkDays`), the file (a PDF
 * or a photo, by extension and content; a photo re-encoded) stored with the note's row, its audit
 * row and its messages (the office, her other guardians) in one transaction.
 */
export async function sendNote(deps: Deps, actor: FamilyActor, input: NoteInput): Promise<AbsenceNoteDone> {
  if (actor.kind === 'admin') throw new Forbidden(absenceNoteMessages.staffMayNot);
  if (actor.kind === 'student' && !deps.config.absenceNotesFromStudents) throw new Forbidden(absenceNoteMessages.studentsMayNot);
  await checkDays(deps, input);
  const file = input.file ? await keptFile(input.file) : null;
  const publicId = newPublicId();
  const write = async (trx: Transaction<Database>, fileKey: string | null) => {
    await repository.insert(trx, {
      public_id: publicId,
      student_id: input.student_id,
      from_date: input.from,
      to_date: input.to,
      sessions: input.sessions,
      reason: input.reason,
      text: input.text,
      sent_by: actor.kind,
      guardian_id: actor.kind === 'guardian' ? actor.guardianId : null,
      file_key: fileKey,
      file_name: file?.name ?? null,
      file_mime: file?.mime ?? null,
      file_size: file?.size ?? null,
      created_at: nowIso(),
    });
    const row = (await repository.byPublicId(trx, publicId))!;
    await writeAudit(trx, actor, {
      action: 'absence-note.sent',
      studentId: input.student_id,
      detail: `note ${publicId}: ${input.from} to ${input.to}${file ? ', with a file' : ''}`,
    });
    await notifyAbsenceNoteSent(trx, deps.config, actor, toTell(row, actor.kind === 'guardian' ? actor.name : studentName(row)), classOf(row));
    return row;
  };
  const row = file
    ? await deps.files.put({ path: file.path }, { extension: file.extension }, (trx, key) => write(trx, key))
    : await deps.writeTransaction((trx) => write(trx, null));
  const [note] = await present(deps, [row], 'family');
  return {
    message: actor.kind === 'student' ? absenceNoteMessages.sentByStudent : absenceNoteMessages.sent(firstNameOf(row, 'your daughter')),
    note: note!,
  };
}

/** `GET /api/absence-notes`'s question. */
export type NotesQuery = { status?: AbsenceNoteStatus; class_id?: string; student_id?: string; page: number };

/**
 * `GET /api/absence-notes` (decision 065), newest first, a page at a time, with how many wait for
 * an answer. Office and admin staff read every class's (or one class's, or one student's); a teacher
 * her classes' only, read-only; a guardian her daughter's (the access check let her through for
 * this girl only); a student her own. `may_send` says whether the caller may send one for the girl.
 * Audited, for the girl's privacy page when one girl's are read.
 */
export async function listNotes(deps: Deps, actor: FamilyActor, query: NotesQuery): Promise<AbsenceNotesPage> {
  const studentId = actor.kind === 'student' ? actor.studentId : query.student_id;
  const classIds =
    actor.kind === 'admin' && classBoundRoles.includes(actor.role)
      ? query.class_id
        ? [query.class_id]
        : actor.classes
      : query.class_id
        ? [query.class_id]
        : undefined;
  const filters: NoteFilters = { status: query.status, studentId, classIds: actor.kind === 'admin' ? classIds : undefined };
  const reader: NoteReader = actor.kind === 'admin' ? 'staff' : 'family';
  const detail = [query.status, query.class_id && `class ${query.class_id}`].filter(Boolean).join(', ') || null;
  await auditRead(deps, actor, { action: 'absence-notes.viewed', studentId: studentId ?? null, detail }, { notHerOwn: true });
  const rows = await repository.page(deps.db, filters, pageWindow(query.page, absenceNoteLimits.pageSize));
  const { total, pending } = await repository.counts(deps.db, filters);
  const maySend = actor.kind === 'guardian' || (actor.kind === 'student' && deps.config.absenceNotesFromStudents);
  return { items: await present(deps, rows, reader), total, pending, may_send: maySend };
}

/** A second answer to a note already answered, thrown inside the transaction and answered 409 outside it. */
class AnsweredBefore extends Error {
  constructor(readonly status: 'accepted' | 'declined') {
    super(status);
  }
}

/**
 * `PATCH /api/absence-notes/{id}` (office and admin, decision 065): accepts the note (its sessions
 * she was absent at count as excused from now on), or declines it with a reason the family reads.
 * One transaction with its audit row and the messages to her family (and to her, when she sent it).
 * Only a pending note is answered: of two answers at once, one wins and the other is answered 409
 * with the note as it now stands; an unknown note is 404.
 */
export async function answerNote(
  deps: Deps,
  actor: AdminActor,
  publicId: string,
  answer: { decision: 'accept' | 'decline'; reason?: string },
): Promise<AbsenceNoteDone> {
  const status = answer.decision === 'accept' ? 'accepted' : 'declined';
  let name = '';
  try {
    await deps.writeTransaction(async (trx) => {
      const answered = await repository.answer(trx, publicId, {
        status,
        answered_at: nowIso(),
        answered_by: actor.adminId,
        decline_reason: status === 'declined' ? (answer.reason ?? null) : null,
      });
      const row = await repository.byPublicId(trx, publicId);
      if (!row) throw new NotFound(absenceNoteMessages.notFound);
      if (answered === undefined) throw new AnsweredBefore(row.status === 'declined' ? 'declined' : 'accepted');
      name = studentName(row);
      await writeAudit(trx, actor, { action: `absence-note.${status}`, studentId: row.student_id, detail: `note ${publicId}` });
      await notifyAbsenceNoteAnswered(trx, deps.config, actor, toTell(row, row.guardian_name ?? name), status);
    });
  } catch (error) {
    if (!(error instanceof AnsweredBefore)) throw error;
    throw new Conflict(absenceNoteMessages.alreadyAnswered(error.status), { note: await presentOne(deps, publicId, 'staff') });
  }
  return {
    message: status === 'accepted' ? absenceNoteMessages.accepted(name) : absenceNoteMessages.declined(name),
    note: await presentOne(deps, publicId, 'staff'),
  };
}

/**
 * The file sent with a note, for staff (`GET /api/absence-notes/{id}/file`): a teacher only for her
 * classes' notes. 404 when the note has none. Every opening is audited.
 */
export async function openNoteFile(deps: Deps, actor: AdminActor, publicId: string) {
  const note = await repository.stateOf(deps.db, publicId);
  const reachable = note && reachesClass(actor, classOf(note));
  if (!reachable || !note.file_key) throw new NotFound(absenceNoteMessages.notFound);
  const opened = await deps.files.open(note.file_key);
  await auditRead(deps, actor, { action: 'absence-note.file-viewed', studentId: note.student_id, detail: `note ${publicId}` });
  return { ...opened, name: note.file_name ?? 'note', mime: note.file_mime ?? 'application/octet-stream' };
}

/** The notes' rows that name stored files, for the start-up check (decision 013). */
export const absenceNoteFileOwner: FileOwner = {
  async keys(db: Executor) {
    return (await repository.storedFiles(db)).map((row) => ({ key: row.file_key, describe: `student ${row.student_id}, absence note ${row.public_id}` }));
  },
};

/** What a leaver's erasure takes of her absence notes (decisions 046 and 065): each note's words, counted as a health field, and its file, as a document. */
export type HeldNoteData = { noteId: number; studentId: string; words: boolean; fileKey: string | null };

/** The absence notes of these students that hold words or a file. */
export async function noteDataOf(db: Executor, studentIds: readonly string[]): Promise<HeldNoteData[]> {
  return (await repository.heldOf(db, studentIds)).map((row) => ({ noteId: row.id, studentId: row.student_id, words: row.text !== '', fileKey: row.file_key }));
}

/**
 * Erases the words and files of these notes in the caller's transaction (a leaver's erasure,
 * decision 046): a doctor's note is health data. What the notes say of her attendance stays (the
 * days, the sessions, the reason's kind and the office's answer), as her attendance does; the
 * caller releases the files' bytes with its change.
 */
export async function eraseNoteData(trx: Executor, notes: readonly HeldNoteData[]): Promise<void> {
  await repository.eraseHeld(
    trx,
    notes.map((note) => note.noteId),
  );
}
