import { fieldByName, isStepComplete, stepKeys, studentColumns, type FieldValue, type StudentSave } from '@school/contract';
import type { SignedInActor } from '../../auth/actor.ts';
import type { Executor } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { Conflict, Forbidden, invalidField, NotFound } from '../../lib/errors.ts';
import { writeAudit } from '../audit/index.ts';
import { presentStudentRecord } from './presenter.ts';
import { registrationRepository, type ProgressFlags, type StudentRow } from './repository.ts';
import { registrationWindow } from './registration-window.ts';

/** Set by the school; a student's save may carry them only unchanged. */
const schoolOnlyFields = [...fieldByName.values()].filter((field) => field.schoolOnly).map((field) => field.name);
/** Identity fields that no save may empty. */
const neverEmpty = ['first_name', 'last_name', 'date_of_birth'];

export const CONFLICT_MESSAGE = 'This record was changed since you opened it. The newest version is attached.';

/** The next version stamp: now, or one millisecond after the last one if the clock has not moved on. */
function nextVersion(previous: string): string {
  const now = Date.now();
  const last = Date.parse(previous);
  return new Date(Number.isNaN(last) || now > last ? now : last + 1).toISOString();
}

/** Flags of the four data steps and the agreement, from the record as it now stands. */
export function progressOf(record: Record<string, FieldValue>): Partial<ProgressFlags> {
  const flags: Partial<ProgressFlags> = { submit: record.agree_terms_conditions === 1 ? 1 : 0 };
  for (const step of stepKeys) flags[step] = isStepComplete(record, step) ? 1 : 0;
  return flags;
}

/** The saved columns whose values differ from the stored record: only these are written. */
function changedColumns(values: Record<string, FieldValue>, current: StudentRow): Record<string, FieldValue> {
  const changes: Record<string, FieldValue> = {};
  for (const column in values) if (values[column] !== current[column]) changes[column] = values[column];
  return changes;
}

/** Brings the stored progress flags in line with the saved record, writing only when one moved. */
async function saveProgressOf(trx: Executor, saved: StudentRow): Promise<ProgressFlags> {
  const stored = presentProgress(await registrationRepository.findProgress(trx, saved.id));
  const flags = { ...stored, ...progressOf(saved) };
  if ((Object.keys(flags) as Array<keyof ProgressFlags>).some((step) => flags[step] !== stored[step])) {
    await registrationRepository.saveProgress(trx, saved.id, flags);
  }
  return flags;
}

/** Everything the wizard needs: the record, its progress flags and the registration window. */
export async function loadRegistration(deps: Deps, studentId: string) {
  const student = await registrationRepository.findStudent(deps.db, studentId);
  if (!student) throw new NotFound('There is no student with that ID.');
  const [progress, status] = await Promise.all([
    registrationRepository.findProgress(deps.db, studentId),
    registrationRepository.findStatusForClass(deps.db, student.class_id as string | null),
  ]);
  return {
    record: presentStudentRecord(student),
    progress: presentProgress(progress),
    registration: registrationWindow(status, deps.settings.schoolTimeZone),
  };
}

export function presentProgress(progress: Partial<ProgressFlags> | undefined): ProgressFlags {
  return {
    studentData: progress?.studentData ?? 0,
    familyData: progress?.familyData ?? 0,
    healthData: progress?.healthData ?? 0,
    otherData: progress?.otherData ?? 0,
    documents: progress?.documents ?? 0,
    submit: progress?.submit ?? 0,
  };
}

/**
 * `POST /api/student`: saves the record if the caller saw its newest version (else 409 with the
 * current record, so the client can re-apply its change on top). Students may save only inside
 * their form's registration window and never change their class or house; admins may always.
 */
export async function saveStudentRecord(deps: Deps, actor: SignedInActor, input: StudentSave) {
  const isAdmin = actor.kind === 'admin';
  const values: Record<string, FieldValue> = {};
  for (const column of studentColumns) {
    if (column in input) values[column] = (input as Record<string, FieldValue>)[column] ?? null;
  }
  for (const column of neverEmpty) {
    if (column in values && values[column] === null) throw invalidField(column, isAdmin ? 'Required' : 'This field is required.');
  }

  const result = await deps.writeTransaction(async (trx) => {
    const current = await registrationRepository.findStudent(trx, input.id);
    if (!current) throw new NotFound('There is no student with that ID.');
    if (!isAdmin) {
      const window = registrationWindow(await registrationRepository.findStatusForClass(trx, current.class_id as string | null), deps.settings.schoolTimeZone);
      if (!window.editable) throw new Forbidden(window.message);
      if (schoolOnlyFields.some((column) => column in values && values[column] !== current[column])) {
        throw new Forbidden('Your class and house are set by the school and cannot be changed here.');
      }
    }
    if (input.updatedAt !== current.updated_at) throw new Conflict(CONFLICT_MESSAGE, { record: presentStudentRecord(current) });

    const changes = changedColumns(values, current);
    if (Object.keys(changes).length === 0) return { saved: current, flags: presentProgress(await registrationRepository.findProgress(trx, current.id)) };

    const updatedAt = nextVersion(current.updated_at);
    if (!(await registrationRepository.updateStudent(trx, current.id, current.updated_at, changes, updatedAt))) {
      const newest = await registrationRepository.findStudent(trx, current.id);
      throw new Conflict(CONFLICT_MESSAGE, { record: newest ? presentStudentRecord(newest) : null });
    }
    const saved: StudentRow = { ...current, ...changes, updated_at: updatedAt };
    const flags = await saveProgressOf(trx, saved);
    if (isAdmin) {
      await writeAudit(trx, actor, { action: 'student.record-updated', studentId: current.id, detail: `fields: ${Object.keys(changes).join(', ')}` });
    }
    return { saved, flags };
  });
  return { message: 'Saved', record: presentStudentRecord(result.saved), progress: result.flags };
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
export async function assertMayChangeRegistration(deps: Pick<Deps, 'db' | 'settings'>, actor: SignedInActor, studentId: string): Promise<void> {
  const student = await registrationRepository.findStudent(deps.db, studentId);
  if (!student) throw new NotFound('There is no student with that ID.');
  if (actor.kind === 'admin') return;
  const window = registrationWindow(await registrationRepository.findStatusForClass(deps.db, student.class_id as string | null), deps.settings.schoolTimeZone);
  if (!window.editable) throw new Forbidden(window.message);
}

/** Sets the Documents step's progress flag (1 when every document is in), inside the caller's transaction. */
export async function saveDocumentsProgress(db: Executor, studentId: string, complete: boolean): Promise<void> {
  await registrationRepository.saveProgress(db, studentId, { documents: complete ? 1 : 0 });
}
