import type { ConsentForm, ConsentFormSummary, ConsentGuardianAnswer, GuardianConsent, OwnConsentAnswer } from '@school/contract';
import { utcToZonedLocal } from '../../lib/time-zone.ts';
import type { FormView } from './forms.ts';
import type { GuardianOfStudent, StandingAnswer } from './repository.ts';

/** A form as the staff's list shows it. */
export const presentSummary = (form: FormView): ConsentFormSummary => ({
  id: form.publicId,
  kind: form.kind,
  title: form.title,
  class_ids: form.classIds,
  closes_on: form.closesOn,
  per_daughter: form.perDaughter,
  open: form.open,
  version: form.text.version,
  answers: form.answers,
  created_at: form.createdAt,
  updated_at: form.updatedAt,
});

/** A form with its words now and its versions, as the staff's form page shows it. */
export const presentForm = (form: FormView): ConsentForm => ({
  ...presentSummary(form),
  text: form.text.text,
  versions: form.versions,
});

/** Her own answer standing now, as her dashboard shows it. */
export const presentOwnAnswer = (answer: StandingAnswer): OwnConsentAnswer => ({
  id: answer.public_id,
  answer: answer.answer,
  typed_name: answer.typed_name,
  answered_at: answer.answered_at,
  version: answer.version,
});

/** A guardian of a student on the staff's list, with her answer standing (or none). */
export const presentGuardianAnswer = (guardian: GuardianOfStudent, answer: StandingAnswer | undefined): ConsentGuardianAnswer => ({
  name: guardian.name,
  relationship: guardian.relationship,
  answer: answer?.answer ?? null,
  typed_name: answer?.typed_name ?? null,
  answered_at: answer?.answered_at ?? null,
  version: answer?.version ?? null,
});

/** A form she may answer, for one daughter (`studentId`) or for every daughter it concerns. */
export const presentGuardianConsent = (
  form: FormView,
  students: Array<{ id: string; first_name: string | null }>,
  studentId: string | null,
  answer: StandingAnswer | undefined,
): GuardianConsent => ({
  form_id: form.publicId,
  kind: form.kind,
  title: form.title,
  text: form.text.text,
  version: form.text.version,
  closes_on: form.closesOn,
  per_daughter: form.perDaughter,
  student_id: studentId,
  students: students.map((student) => ({ student_id: student.id, first_name: student.first_name })),
  answer: answer ? presentOwnAnswer(answer) : null,
});

/** An answer's time as the school's clock reads it: 'yyyy-MM-dd HH:mm'. */
export const schoolTime = (iso: string, timeZone: string): string => utcToZonedLocal(iso, timeZone).replace('T', ' ');
