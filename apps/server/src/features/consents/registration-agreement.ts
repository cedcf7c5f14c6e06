import { academicYearLabel, consentMessages, messages, registrationConsentId, type GuardianAgreement } from '@school/contract';
import type { Executor } from '../../db/database.ts';
import type { Deps } from '../../lib/deps.ts';
import { NotFound } from '../../lib/errors.ts';
import type { SignedInActor } from '../../session/actor.ts';
import { auditRead } from '../audit/index.ts';
import { agreedTermsText } from '../registration/index.ts';
import { consentsRepository as repository, type AudienceRow, type FormRow, type TextRow } from './repository.ts';

/** The school's switch: the yearly registration also asks a linked guardian's agreement (decision 067). Off until an admin turns it on. */
export const REGISTRATION_SETTING = 'registration_agreement';

/** Whether the school asks a linked guardian's agreement with the yearly registration. */
export const registrationAsked = (db: Executor): Promise<boolean> => repository.setting(db, REGISTRATION_SETTING);

/** The school year's registration agreement as a consent form: its public ID, title and words (the registration's terms of the year). */
export type RegistrationYear = { year: number; label: string; publicId: string; title: string; text: string };

export async function registrationYear(db: Executor): Promise<RegistrationYear> {
  const year = await repository.schoolYear(db);
  const label = academicYearLabel(year);
  return { year, label, publicId: registrationConsentId(year), title: consentMessages.registrationTitle(label), text: agreedTermsText(label) };
}

/** Whether a girl's registration may still take the agreement: her form level's is open, and its deadline (if any) not passed. */
export const registrationEditable = (student: Pick<AudienceRow, 'reg_open' | 'reg_deadline'>, now = new Date()): boolean =>
  student.reg_open === 1 && (!student.reg_deadline || now.getTime() < Date.parse(student.reg_deadline));

/**
 * Makes a form's words `wanted`, in the caller's transaction: the version now is changed in place
 * while no guardian has answered it, else `wanted` becomes the next version, so that every answer
 * keeps the words it agreed to (decision 067). Answers the version now.
 */
export async function keepWords(trx: Executor, formId: number, wanted: string, by: number | null, now: string): Promise<TextRow> {
  const latest = (await repository.textsOf(trx, [formId])).at(-1);
  if (!latest) return repository.insertText(trx, { form_id: formId, version: 1, text: wanted, created_by: by, created_at: now });
  if (latest.text === wanted) return latest;
  if ((await repository.answersOfText(trx, latest.id)) === 0) {
    await repository.updateText(trx, latest.id, wanted);
    return { ...latest, text: wanted };
  }
  return repository.insertText(trx, { form_id: formId, version: latest.version + 1, text: wanted, created_by: by, created_at: now });
}

/**
 * The year's registration agreement as a stored form, made at its first answer (two at once make
 * one), its words the registration's terms of the year as the portal holds them now.
 */
export async function storedRegistrationForm(trx: Executor, year: RegistrationYear, now: string): Promise<{ row: FormRow; text: TextRow }> {
  const row = await repository.ensureRegistrationForm(trx, { public_id: year.publicId, title: year.title, school_year: year.year, now });
  return { row, text: await keepWords(trx, row.id, year.text, null, now) };
}

/**
 * `GET /api/student/{id}/guardian-agreement`: whether the school asks a linked guardian's agreement
 * with the yearly registration, and the answers standing for this girl this year; `given` once one
 * of them agreed. What her Complete step, the staff's edit dialog and her registration form show.
 */
export async function guardianAgreementOf(db: Executor, studentId: string): Promise<GuardianAgreement> {
  const asked = await registrationAsked(db);
  const year = await registrationYear(db);
  const form = await repository.form(db, year.publicId);
  const answers = form ? await repository.studentAnswers(db, form.id, studentId) : [];
  return {
    asked,
    academic_year: year.label,
    given: answers.some((answer) => answer.answer === 'agree'),
    answers: answers.map((answer) => ({ ...answer })),
  };
}

/** `GET /api/student/{id}/guardian-agreement` (the student, or staff who read records): `guardianAgreementOf`; a staff read is audited for her privacy page. */
export async function studentGuardianAgreement(deps: Deps, actor: SignedInActor, studentId: string): Promise<GuardianAgreement> {
  if (!(await repository.student(deps.db, studentId))) throw new NotFound(messages.noSuchStudent);
  await auditRead(deps, actor, { action: 'registration-agreement.viewed', studentId }, { notHerOwn: true });
  return guardianAgreementOf(deps.db, studentId);
}
