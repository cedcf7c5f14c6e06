import { consentAnswerWords, consentDayInWords, consentStudentStateLabels, listName, type ConsentCounts } from '@school/contract';
import {
  dataTable,
  DASH,
  pdfColours,
  renderPdf,
  schoolDocument,
  type Content,
  type PrintRequester,
  type SchoolDocument,
  type TableCell,
} from '../../lib/pdf/index.ts';
import type { ClassLines } from './answers-list.ts';
import type { FormView } from './forms.ts';
import { schoolTime } from './presenter.ts';

export type ConsentAnswersInput = {
  schoolName: string;
  timeZone: string;
  form: FormView;
  /** The one class printed, or undefined for all the form's classes. */
  classId: string | undefined;
  classes: ClassLines[];
  totals: ConsentCounts;
};

/** A class's or the form's counts in one sentence. */
const countsLine = (counts: ConsentCounts): string =>
  [
    `${counts.students} student${counts.students === 1 ? '' : 's'}`,
    `agreed ${counts.agreed}`,
    `did not agree ${counts.not_agreed}`,
    `not answered ${counts.no_answer}`,
    `no parent account ${counts.no_account}`,
    `parents and guardians still to answer ${counts.guardians_waiting}`,
  ].join(' · ');

const blank: TableCell = { text: '' };
const waiting = (text: string): TableCell => ({ text, color: pdfColours.secondary, bold: true });

/** A class's table: a row per guardian of each student (one for a student with none), the student named on her first row. */
function classTable({ students }: ClassLines, timeZone: string): Content {
  const rows = students.flatMap(({ student, state, guardians }) => {
    const who: TableCell = { stack: [{ text: listName(student) || DASH, bold: true }, student.id] };
    const stateCell: TableCell = state === 'agreed' ? consentStudentStateLabels[state] : waiting(consentStudentStateLabels[state]);
    if (guardians.length === 0) return [[who, stateCell, 'No parent account linked', null, null, null]];
    return guardians.map(({ guardian, answer }, index) => [
      index === 0 ? who : blank,
      index === 0 ? stateCell : blank,
      `${guardian.name} (${guardian.relationship})`,
      answer ? consentAnswerWords[answer.answer] : waiting('Not answered'),
      answer?.typed_name ?? null,
      answer ? `${schoolTime(answer.answered_at, timeZone)} · v${answer.version}` : null,
    ]);
  });
  return dataTable(
    [
      { header: 'Student', width: 130 },
      { header: 'Student state', width: 80 },
      { header: 'Parent or guardian', width: '*' },
      { header: 'Answer', width: 75 },
      { header: 'Signed as', width: '*' },
      { header: 'Answered (school time)', width: 110 },
    ],
    rows,
  );
}

/** A consent form's answers (decision 067): what the form is, its counts, a table per class, and its words now. */
export function consentAnswersDefinition(input: ConsentAnswersInput): SchoolDocument {
  const { form } = input;
  const facts = [
    form.kind === 'registration' ? 'Students whose registration is open' : `Classes ${form.classIds.join(', ')}`,
    form.closesOn ? `closes on ${consentDayInWords(form.closesOn)}` : 'closes with each form level’s registration',
    `text version ${form.text.version}`,
    form.perDaughter ? 'an answer for each daughter' : 'one answer from each parent or guardian',
  ].join(' · ');
  return schoolDocument({
    schoolName: input.schoolName,
    title: `Consent: ${form.title}`,
    orientation: 'landscape',
    timeZone: input.timeZone,
    footerNote: `Consent answers${input.classId ? `, class ${input.classId}` : ''}`,
    content: [
      { text: form.title, style: 'heading', margin: [0, 0, 0, 2] },
      { text: facts, color: pdfColours.muted, margin: [0, 0, 0, 2] },
      { text: countsLine(input.totals), bold: true, margin: [0, 0, 0, 8] },
      ...(input.classes.length === 0
        ? [{ text: 'No student is asked by this form.' } as Content]
        : input.classes.flatMap((lines): Content[] => [
            { text: `Class ${lines.classId}`, style: 'heading' },
            { text: countsLine(lines.counts), color: pdfColours.muted, margin: [0, 0, 0, 4] },
            classTable(lines, input.timeZone),
          ])),
      { text: `The form’s words (version ${form.text.version})`, style: 'heading', margin: [0, 12, 0, 2] },
      { text: form.text.text, color: pdfColours.muted },
    ],
  });
}

/** Renders a form's answers to a PDF buffer, printed for `requester` (decision 041). */
export function renderConsentAnswers(requester: PrintRequester, input: ConsentAnswersInput): Promise<Buffer> {
  return renderPdf(consentAnswersDefinition(input), requester);
}
