import { consentAnswerWords, consentStudentStateLabels, messages, type ConsentAnswers, type ConsentCounts, type ConsentStudentState } from '@school/contract';
import type { Executor } from '../../db/database.ts';
import type { Deps } from '../../lib/deps.ts';
import { NotFound } from '../../lib/errors.ts';
import { printedFor } from '../../lib/pdf/index.ts';
import { csvText, type CsvCell } from '../../lib/xlsx/index.ts';
import type { AdminActor } from '../../session/actor.ts';
import { auditRead, studentsHeld } from '../audit/index.ts';
import { renderConsentAnswers } from './answers-pdf.ts';
import { formOrNotFound, type FormView } from './forms.ts';
import { presentGuardianAnswer, presentSummary, schoolTime } from './presenter.ts';
import { registrationEditable } from './registration-agreement.ts';
import { consentsRepository as repository, type AudienceRow, type GuardianOfStudent, type StandingAnswer } from './repository.ts';

/** A student on a form's list: her guardians, each with her answer standing (or none), and where she stands. */
export type StudentLine = { student: AudienceRow; state: ConsentStudentState; guardians: Array<{ guardian: GuardianOfStudent; answer?: StandingAnswer }> };
/** A class of a form's list. */
export type ClassLines = { classId: string; counts: ConsentCounts; students: StudentLine[] };

/** Where a student stands (decision 067): no guardian who may answer; one did not agree; one agreed; or nobody answered yet. */
function stateOf(guardians: StudentLine['guardians']): ConsentStudentState {
  if (guardians.length === 0) return 'no_account';
  if (guardians.some(({ answer }) => answer?.answer === 'disagree')) return 'not_agreed';
  if (guardians.some(({ answer }) => answer?.answer === 'agree')) return 'agreed';
  return 'no_answer';
}

function countsOf(lines: StudentLine[]): ConsentCounts {
  const count = (state: ConsentStudentState) => lines.filter((line) => line.state === state).length;
  return {
    students: lines.length,
    agreed: count('agreed'),
    not_agreed: count('not_agreed'),
    no_answer: count('no_answer'),
    no_account: count('no_account'),
    guardians_waiting: lines.reduce((waiting, line) => waiting + line.guardians.filter(({ answer }) => !answer).length, 0),
  };
}

/**
 * The students a form asks about, of one class or of all its classes: its classes' students (who
 * have not left); for the registration's agreement, those whose form level's registration is open
 * (`stillOpen`: and its deadline not passed). A class the form does not name is 404.
 */
async function audienceOf(db: Executor, form: FormView, classId: string | undefined, { stillOpen = false } = {}): Promise<AudienceRow[]> {
  if (form.kind === 'registration') {
    const registering = await repository.studentsRegistering(db);
    return registering.filter((student) => (classId === undefined || student.class_id === classId) && (!stillOpen || registrationEditable(student)));
  }
  if (classId !== undefined && !form.classIds.includes(classId)) throw new NotFound(messages.noSuchClass(classId));
  return repository.studentsOfClasses(db, classId === undefined ? form.classIds : [classId]);
}

/**
 * A form's list (decision 067): per class, each student with each guardian who may answer for her
 * (a live, unrestricted link, her account open) and that guardian's answer standing: for the girl
 * herself when the form needs one for each daughter, else the guardian's one answer. Who has not
 * answered is every guardian without one, and every girl with no such guardian.
 */
export async function answerLines(
  db: Executor,
  form: FormView,
  classId?: string,
  options?: { stillOpen?: boolean },
): Promise<{ classes: ClassLines[]; totals: ConsentCounts }> {
  const students = await audienceOf(db, form, classId, options);
  // One after another: `db` may be a transaction, one connection.
  const guardians = await repository.guardiansOf(
    db,
    students.map((student) => student.id),
  );
  const answers = form.row ? await repository.formAnswers(db, form.row.id) : [];
  const answerOf = new Map(answers.map((answer) => [`${answer.guardian_id} ${answer.student_key}`, answer]));
  const guardiansOf = new Map<string, GuardianOfStudent[]>();
  for (const guardian of guardians) guardiansOf.set(guardian.student_id, [...(guardiansOf.get(guardian.student_id) ?? []), guardian]);
  const lines: StudentLine[] = students.map((student) => {
    const theirs = (guardiansOf.get(student.id) ?? []).map((guardian) => ({
      guardian,
      answer: answerOf.get(`${guardian.guardian_id} ${form.perDaughter ? student.id : ''}`),
    }));
    return { student, state: stateOf(theirs), guardians: theirs };
  });
  const classIds = [...new Set(students.map((student) => student.class_id ?? ''))].sort();
  const order = form.kind === 'registration' ? classIds : form.classIds.filter((id) => classIds.includes(id));
  const classes = order.map((id) => {
    const ofClass = lines.filter((line) => (line.student.class_id ?? '') === id);
    return { classId: id, counts: countsOf(ofClass), students: ofClass };
  });
  return { classes, totals: countsOf(lines) };
}

/** The list's audit note: which form, which classes, how it was read, and how many students it held (decision 049). */
const viewed = (deps: Deps, actor: AdminActor, form: FormView, classId: string | undefined, format: string, students: number) =>
  auditRead(deps, actor, {
    action: 'consent-answers.viewed',
    detail: `form ${form.publicId}, ${classId ? `class ${classId}` : 'all its classes'} (${format}): ${studentsHeld(students)}`,
  });

/** `GET /api/consents/{id}/answers` (office, admin): per class, who answered what and who has not; audited. */
export async function consentAnswers(deps: Deps, actor: AdminActor, publicId: string): Promise<ConsentAnswers> {
  const form = await formOrNotFound(deps, deps.db, publicId);
  const { classes, totals } = await answerLines(deps.db, form);
  await viewed(deps, actor, form, undefined, 'screen', totals.students);
  return {
    form: presentSummary(form),
    totals,
    classes: classes.map(({ classId, counts, students }) => ({
      class_id: classId,
      counts,
      students: students.map(({ student, state, guardians }) => ({
        student_id: student.id,
        first_name: student.first_name,
        last_name: student.last_name,
        state,
        guardians: guardians.map(({ guardian, answer }) => presentGuardianAnswer(guardian, answer)),
      })),
    })),
  };
}

const csvHeader = [
  'Class',
  'Student ID',
  'Last Name',
  'First Name',
  'Student State',
  'Guardian',
  'Relationship',
  'Answer',
  'Signed As',
  'Answered At',
  'Text Version',
] as const;

/**
 * `GET /api/consents/{id}/answers/csv?class_id=`: the list as a CSV file, a line per guardian of
 * each student (one for a girl with none), every cell formula-safe (DESIGN §3); audited.
 */
export async function consentAnswersCsv(
  deps: Deps,
  actor: AdminActor,
  publicId: string,
  classId: string | undefined,
): Promise<{ form: FormView; csv: string }> {
  const form = await formOrNotFound(deps, deps.db, publicId);
  const { classes, totals } = await answerLines(deps.db, form, classId);
  await viewed(deps, actor, form, classId, 'csv', totals.students);
  const zone = deps.config.schoolTimeZone;
  const rows: CsvCell[][] = classes.flatMap(({ classId: id, students }) =>
    students.flatMap(({ student, state, guardians }) => {
      const own: CsvCell[] = [id, student.id, student.last_name, student.first_name, consentStudentStateLabels[state]];
      if (guardians.length === 0) return [[...own, null, null, null, null, null, null]];
      return guardians.map(({ guardian, answer }) => [
        ...own,
        guardian.name,
        guardian.relationship,
        answer ? consentAnswerWords[answer.answer] : consentStudentStateLabels.no_answer,
        answer?.typed_name ?? null,
        answer ? schoolTime(answer.answered_at, zone) : null,
        answer?.version ?? null,
      ]);
    }),
  );
  return { form, csv: csvText(csvHeader, rows) };
}

/** `GET /api/consents/{id}/answers/pdf?class_id=`: the list printed, a table per class; audited. */
export async function consentAnswersPdf(
  deps: Deps,
  actor: AdminActor,
  publicId: string,
  classId: string | undefined,
): Promise<{ form: FormView; pdf: Buffer }> {
  const form = await formOrNotFound(deps, deps.db, publicId);
  const lines = await answerLines(deps.db, form, classId);
  await viewed(deps, actor, form, classId, 'pdf', lines.totals.students);
  const pdf = await renderConsentAnswers(printedFor(actor), {
    schoolName: deps.config.schoolName,
    timeZone: deps.config.schoolTimeZone,
    form,
    classId,
    ...lines,
  });
  return { form, pdf };
}
