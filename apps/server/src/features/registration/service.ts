import {
  academicYearLabel,
  changedSaveValues,
  documentTypeNames,
  fieldByName,
  fieldTitle,
  messages,
  completenessSteps,
  progressFlagKeys,
  progressFlags,
  registrationStepStates,
  studentColumns,
  studentFields,
  studentSaveSchema,
  type CompletenessFacts,
  type CompletenessStepKey,
  type FieldValue,
  type Progress,
  type StudentSaveBody,
} from '@school/contract';
import type { SignedInActor } from '../../session/actor.ts';
import type { Executor } from '../../db/database.ts';
import { progressColumns, reviewedColumnOf } from './progress-columns.ts';
import type { Deps } from '../../lib/deps.ts';
import { Conflict, fieldOfPath, Forbidden, invalidField, invalidFields, NotFound } from '../../lib/errors.ts';
import { zonedDay } from '../../lib/time-zone.ts';
import { auditRead, auditRow } from '../audit/index.ts';
import { familyContactFields, notifyFamilyContactChanged } from '../notifications/index.ts';
import { isInReferenceList } from '../reference/index.ts';
import { presentDay, presentProgress, presentStudentRecord } from './presenter.ts';
import { registrationRepository, type FoundForSave, type ProgressFlags, type ProgressRow, type StudentRow } from './repository.ts';
import { registrationWindow } from './registration-window.ts';
import { agreedTermsText, registrationTerms } from './terms.ts';

/** Set by the school; a student's save may carry them only unchanged. */
const schoolOnlyFields = [...fieldByName.values()].filter((field) => field.schoolOnly).map((field) => field.name);
/** Fields whose value must be a code of a reference list (town, religion, class...). */
const referenceFields = studentFields.filter((field) => field.kind === 'reference' && field.list);
/** Identity fields that no save may empty. */
const neverEmpty = ['first_name', 'last_name', 'date_of_birth'];
/** Each column's place in the record, to name changed fields in the record's order whatever the body's. */
const columnPlace = new Map(studentColumns.map((column, place) => [column, place]));
const inRecordOrder = (columns: string[]) => columns.sort((a, b) => (columnPlace.get(a) ?? 0) - (columnPlace.get(b) ?? 0));

/** The next version stamp: now, or one millisecond after the last one if the clock has not moved on. */
export function nextVersion(previous: string): string {
  const now = Date.now();
  const last = Date.parse(previous);
  return new Date(Number.isNaN(last) || now > last ? now : last + 1).toISOString();
}

type StoredProgress = ProgressRow;

/**
 * What completeness knows besides the record, from the stored progress row: her reviewed marks,
 * and whether every document is in. The Documents flag says so while the step is reviewed; a
 * caller that has just counted the documents says so itself.
 */
const factsOf = (stored: StoredProgress, documentsComplete = stored.documents === 1): CompletenessFacts => ({
  documentsComplete,
  reviewed: (key) => stored[reviewedColumnOf(key)] === 1,
});

/**
 * The progress flags of the record as it now stands (decision 026): each step by the contract's
 * one definition of completeness (complete and reviewed), and `submit` only while she has agreed
 * and every step is done.
 */
export function progressOf(record: Record<string, FieldValue>, stored: StoredProgress, documentsComplete?: boolean): ProgressFlags {
  const states = registrationStepStates(record, factsOf(stored, documentsComplete));
  const flags = progressFlags();
  for (const state of states) flags[state.key] = state.complete ? 1 : 0;
  flags.submit = record.agree_terms_conditions === 1 && states.every((state) => state.complete) ? 1 : 0;
  return flags;
}

/**
 * The values a save changes, each judged by its field's schema (decision 031): a value sent as it
 * is stored is no change and is not judged again. When the schema refuses one, 422 with the save
 * schema's own messages for the body, as the route words a body it refuses.
 */
function changedValues(input: StudentSaveBody, current: StudentRow): Record<string, FieldValue> {
  const changes = changedSaveValues(input, current);
  if (changes) {
    // The terms text is the school's: the server writes it with the agreement (decision 026).
    if ('terms_and_conditions' in changes) delete changes.terms_and_conditions;
    return changes;
  }
  const issues = studentSaveSchema.safeParse(input).error?.issues ?? [];
  throw invalidFields(issues.map((issue) => ({ field: fieldOfPath(issue.path), message: issue.message })));
}

const storedProgressOf = (row: Partial<StoredProgress> | undefined): StoredProgress =>
  Object.fromEntries(progressColumns.map((column) => [column, row?.[column] ?? 0])) as StoredProgress;

/** The reviewed marks a student's save of these fields sets: each field's step (decision 026). A staff member's save is not her review. */
function reviewedBySave(actor: SignedInActor, columns: string[]): Partial<StoredProgress> {
  if (actor.kind !== 'student') return {};
  const steps = new Set(columns.flatMap((column) => fieldByName.get(column)?.step ?? []));
  return Object.fromEntries([...steps].map((step) => [reviewedColumnOf(step), 1]));
}

/** Today as the school's calendar reads it, as the progress row keeps a day (yyyymmdd). */
const schoolDay = (timeZone: string, now = new Date()): number => Number(zonedDay(now, timeZone).replaceAll('-', ''));

async function findStoredProgress(db: Executor, studentId: string): Promise<StoredProgress> {
  return storedProgressOf(await registrationRepository.findProgress(db, studentId));
}

/**
 * Brings the stored progress flags in line with the record and what it now knows of her documents,
 * writing only when one moved; answers the progress as the API shows it.
 */
async function saveProgressOf(trx: Executor, record: StudentRow, today: () => number, documentsComplete?: boolean): Promise<Progress> {
  const before = await findStoredProgress(trx, record.id);
  const progress = nextProgress(record, before, today, {}, documentsComplete);
  if (progress.moved) await registrationRepository.saveProgress(trx, record.id, progress.row);
  return presentProgress(progress.row);
}

/**
 * The progress flags the record has now (with `change` laid on the stored row), and whether the
 * stored row must move. The day of completion is `today()` when the registration becomes complete,
 * kept while it stays so (asked only then: most saves do not complete a registration).
 */
function nextProgress(record: StudentRow, before: StoredProgress, today: () => number, change: Partial<StoredProgress> = {}, documentsComplete?: boolean) {
  const stored = { ...before, ...change };
  const flags = progressOf(record, stored, documentsComplete);
  const completedOn = flags.submit !== 1 ? 0 : before.submit === 1 && before.completed_on > 0 ? before.completed_on : today();
  const row: StoredProgress = { ...stored, ...flags, completed_on: completedOn };
  return { flags, row, moved: (Object.keys(row) as Array<keyof StoredProgress>).some((key) => row[key] !== before[key]) };
}

/**
 * The agreement may be given only while every step is complete and reviewed (decision 026): 422
 * naming the steps not yet done otherwise. The server, not the save, writes the terms she agreed to.
 */
async function applyAgreement(db: Executor, current: StudentRow, stored: StoredProgress, changes: Record<string, FieldValue>): Promise<void> {
  if (!('agree_terms_conditions' in changes)) return;
  if (changes.agree_terms_conditions !== 1) {
    changes.terms_and_conditions = null;
    return;
  }
  const states = registrationStepStates({ ...current, ...changes }, factsOf(stored));
  const incomplete = states.filter((state) => !state.complete).map((state) => state.label);
  if (incomplete.length > 0) throw invalidField('agree_terms_conditions', messages.agreementIncomplete(incomplete));
  changes.terms_and_conditions = agreedTermsText(academicYearLabel(await registrationRepository.findSchoolYear(db)));
}

/** Codes a save changes must come from their reference lists: 422 naming the first that does not. */
async function assertCodesInLists(trx: Executor, changes: Record<string, FieldValue>): Promise<void> {
  for (const field of referenceFields) {
    const value = changes[field.name];
    if (value === null || value === undefined || !field.list) continue;
    if (!(await isInReferenceList(trx, field.list, String(value)))) throw invalidField(field.name, messages.notInList(fieldTitle(field)));
  }
}

/** How far a student's yearly registration is: the steps done of all, and the day it was completed (null until then). */
export type RegistrationSummary = { steps_done: number; steps: number; completed_on: string | null };

/** The registration summary of each student named (decision 063: what her guardians see of it), by student ID. */
export async function registrationSummaries(db: Executor, studentIds: string[]): Promise<Map<string, RegistrationSummary>> {
  const rows = new Map((await registrationRepository.findProgressOf(db, studentIds)).map((row) => [row.student_id, row]));
  return new Map(
    studentIds.map((id) => {
      const progress = rows.get(id);
      const done = progressFlagKeys.filter((key) => progress?.[key] === 1).length;
      return [id, { steps_done: done, steps: progressFlagKeys.length, completed_on: progress?.submit === 1 ? presentDay(progress.completed_on) : null }];
    }),
  );
}

/** Everything the wizard needs: the record, its progress flags and the registration window. An admin's read is audited. */
export async function loadRegistration(deps: Deps, actor: SignedInActor, studentId: string) {
  const student = await registrationRepository.findStudent(deps.db, studentId);
  if (!student) throw new NotFound(messages.noSuchStudent);
  await auditRead(deps, actor, { action: 'student.record-viewed', studentId }, { notHerOwn: true });
  const [progress, status, schoolYear] = await Promise.all([
    registrationRepository.findProgress(deps.db, studentId),
    registrationRepository.findStatusForClass(deps.db, student.class_id as string | null),
    registrationRepository.findSchoolYear(deps.db),
  ]);
  return {
    record: presentStudentRecord(student),
    progress: presentProgress(progress),
    registration: registrationWindow(status, deps.config.schoolTimeZone, new Date(), schoolYear),
    terms: registrationTerms(academicYearLabel(schoolYear)),
    completed_on: progress?.submit === 1 ? presentDay(progress.completed_on) : null,
  };
}

/**
 * `POST /api/student`: saves the record if the caller saw its newest version (else 409 with the
 * current record, so the client can re-apply its change on top). Students may save only inside
 * their form's registration window and never change their class or house; admins may always.
 */
export async function saveStudentRecord(deps: Deps, actor: SignedInActor, input: StudentSaveBody, readWithSession?: FoundForSave) {
  const isAdmin = actor.kind === 'admin';
  // One read (on PostgreSQL, a student's was made with her session), then one statement that
  // writes the change, its progress and its audit row (decision 029). The write checks the
  // version it read, so a read made a moment earlier is as safe as one made now.
  const result = await deps.writeTransaction.oneStatement(async (db) => {
    const found = readWithSession?.student.id === input.id ? readWithSession : await registrationRepository.findForSave(db, deps.dialect, input.id);
    if (!found) throw new NotFound(messages.noSuchStudent);
    const current = found.student;
    const stored = storedProgressOf(found.progress);
    const changes = changedValues(input, current);
    for (const column of neverEmpty) {
      if (column in changes && changes[column] === null) throw invalidField(column, isAdmin ? messages.adminRequired : messages.required);
    }
    if (!isAdmin) {
      const window = registrationWindow(found.status, deps.config.schoolTimeZone);
      if (!window.editable) throw new Forbidden(window.message);
      if (schoolOnlyFields.some((column) => column in changes)) {
        throw new Forbidden(messages.classAndHouseBySchool);
      }
    }
    if (input.updatedAt !== current.updated_at) throw new Conflict(messages.recordChanged, { record: presentStudentRecord(current) });

    if (Object.keys(changes).length === 0) return { saved: current, progress: presentProgress(found.progress), contacts: [] };
    await assertCodesInLists(db, changes);
    // Her save of a field reviews its step, in the same write (decision 026).
    const review = reviewedBySave(actor, Object.keys(changes));
    await applyAgreement(db, current, { ...stored, ...review }, changes);

    const updatedAt = nextVersion(current.updated_at);
    const saved: StudentRow = { ...current, ...changes, updated_at: updatedAt };
    const progress = nextProgress(saved, stored, () => schoolDay(deps.config.schoolTimeZone), review);
    const written = await registrationRepository.saveChanges(db, deps.dialect, {
      id: current.id,
      expectedUpdatedAt: current.updated_at,
      values: changes,
      updatedAt,
      progress: progress.moved ? progress.row : null,
      // Which fields changed, never their values.
      audit: auditRow(actor, { action: 'student.record-updated', studentId: current.id, detail: `fields: ${inRecordOrder(Object.keys(changes)).join(', ')}` }),
    });
    if (!written) {
      const newest = await registrationRepository.findStudent(db, current.id);
      throw new Conflict(messages.recordChanged, { record: newest ? presentStudentRecord(newest) : null });
    }
    // Her change of a parent's e-mail or phone: told once the save is written (below), in a transaction of its own.
    const contacts = isAdmin
      ? []
      : familyContactFields.filter((field) => field in changes).map((field) => ({ field, previous: current[field], next: changes[field] }));
    return { saved, progress: presentProgress(progress.row), contacts };
  });
  if (result.contacts.length > 0)
    await deps.writeTransaction((trx) =>
      notifyFamilyContactChanged(trx, deps.config, actor, {
        studentId: result.saved.id,
        firstName: String(result.saved.first_name ?? ''),
        changes: result.contacts,
      }),
    );
  return { message: 'Saved', record: presentStudentRecord(result.saved), progress: result.progress };
}

/** A stored or proposed value as a text field holds it: empty and missing are the same as null. */
const asStored = (value: FieldValue | undefined): string | null => (value === null || value === undefined || value === '' ? null : String(value));

/**
 * Values a staff member approved (a guardian's contact change, decision 066) laid on the record in
 * the caller's transaction, by the autosave's version rules: a change made against `base` (each
 * field's value when it was proposed) whose field has since been saved to something else by
 * someone else is refused, and those fields are answered (`moved`) with nothing written; a save
 * of other fields meanwhile is kept, since only `values`' fields are written. The record is held
 * (on PostgreSQL; SQLite's writes run one at a time) from its read to the write, which takes a new
 * version: an editor still on the old one is answered 409 and lays her change on this one. The
 * write's progress flags and audit row are the staff save's (a staff change is not her review).
 */
export async function mergeApprovedValues(
  trx: Executor,
  deps: Pick<Deps, 'dialect' | 'config'>,
  actor: SignedInActor,
  { studentId, base, values }: { studentId: string; base: Record<string, FieldValue>; values: Record<string, FieldValue> },
): Promise<{ moved: string[]; written: string[] }> {
  const current = await registrationRepository.findStudentForUpdate(trx, studentId);
  if (!current) throw new NotFound(messages.noSuchStudent);
  const moved = Object.keys(values).filter((field) => asStored(current[field]) !== asStored(base[field]));
  if (moved.length > 0) return { moved, written: [] };
  const changes = Object.fromEntries(
    Object.entries(values)
      .filter(([field, value]) => asStored(current[field]) !== asStored(value))
      .map(([field, value]) => [field, asStored(value)]),
  );
  const written = inRecordOrder(Object.keys(changes));
  if (written.length === 0) return { moved, written };
  const stored = storedProgressOf(await registrationRepository.findProgress(trx, studentId));
  const updatedAt = nextVersion(current.updated_at);
  const progress = nextProgress({ ...current, ...changes, updated_at: updatedAt }, stored, () => schoolDay(deps.config.schoolTimeZone));
  const saved = await registrationRepository.saveChanges(trx, deps.dialect, {
    id: current.id,
    expectedUpdatedAt: current.updated_at,
    values: changes,
    updatedAt,
    progress: progress.moved ? progress.row : null,
    audit: auditRow(actor, { action: 'student.record-updated', studentId, detail: `fields: ${written.join(', ')}` }),
  });
  // Held since its read, the record cannot have moved; were it to, nothing is written.
  if (!saved) throw new Conflict(messages.recordChanged);
  return { moved, written };
}

/** The record as the API shows it, or undefined when there is no such student (for documents that print it). */
export async function findStudentRecord(deps: Pick<Deps, 'db'>, studentId: string) {
  const student = await registrationRepository.findStudent(deps.db, studentId);
  return student ? presentStudentRecord(student) : undefined;
}

/**
 * A change to a student's registration (her record or her documents) is allowed: an admin's
 * always, a student's only inside her form's registration window (SPEC §4). 404 when there is
 * no such student, 403 with the window's message otherwise.
 */
export async function assertMayChangeRegistration(deps: Pick<Deps, 'db' | 'config'>, actor: SignedInActor, studentId: string): Promise<void> {
  const student = await registrationRepository.findStudent(deps.db, studentId);
  if (!student) throw new NotFound(messages.noSuchStudent);
  if (actor.kind === 'admin') return;
  const window = registrationWindow(await registrationRepository.findStatusForClass(deps.db, student.class_id as string | null), deps.config.schoolTimeZone);
  if (!window.editable) throw new Forbidden(window.message);
}

/**
 * After a document was uploaded or removed, inside the caller's transaction: the Documents step's
 * flag (1 when every document is in and the step is reviewed) and what follows from it. Her own
 * upload or removal reviews the step (decision 026); `timeZone` is the school's, for the day of completion.
 */
export async function saveDocumentsProgress(db: Executor, timeZone: string, studentId: string, actor: SignedInActor): Promise<void> {
  const student = await registrationRepository.findStudent(db, studentId);
  if (!student) throw new NotFound(messages.noSuchStudent);
  if (actor.kind === 'student') await registrationRepository.markReviewed(db, studentId, reviewedColumnOf('documents'));
  await saveProgressOf(db, student, () => schoolDay(timeZone), await documentsComplete(db, studentId));
}

const documentsComplete = async (db: Executor, studentId: string) =>
  (await registrationRepository.countDocumentTypes(db, studentId)) >= documentTypeNames.length;

/** Each step's answer to 'Nothing has changed'. */
const confirmedMessages: Record<CompletenessStepKey, string> = Object.fromEntries(
  completenessSteps.map(({ key, label }) => [key, `Thank you: you have confirmed ${label}.`]),
) as Record<CompletenessStepKey, string>;

/**
 * `POST /api/registration/confirm-step`: 'Nothing has changed' — she has checked the step and
 * found it right, so it is reviewed this year without an edit (decision 026). Her own record only,
 * inside her form's registration window, as her autosave. Answers the progress.
 */
export async function confirmStep(deps: Deps, actor: SignedInActor, step: CompletenessStepKey) {
  if (actor.kind !== 'student') throw new Forbidden(messages.onlyStudentConfirms);
  const studentId = actor.studentId;
  await assertMayChangeRegistration(deps, actor, studentId);
  const progress = await deps.writeTransaction(async (trx) => {
    // The mark first: it holds the progress row until the end, so confirmations at the same moment cannot undo one another.
    await registrationRepository.markReviewed(trx, studentId, reviewedColumnOf(step));
    const student = await registrationRepository.findStudent(trx, studentId);
    if (!student) throw new NotFound(messages.noSuchStudent);
    return saveProgressOf(
      trx,
      student,
      () => schoolDay(deps.config.schoolTimeZone),
      step === 'documents' ? await documentsComplete(trx, studentId) : undefined,
    );
  });
  return { message: confirmedMessages[step], progress };
}

/** The school's current academic year as SPEC §9 labels it ('2026-2027'), from its stored year (decision 045). */
export async function currentAcademicYear(deps: Pick<Deps, 'db'>): Promise<string> {
  return academicYearLabel(await registrationRepository.findSchoolYear(deps.db));
}
