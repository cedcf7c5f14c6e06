import { displayName } from '@school/contract';
import { DASH, pageSizes, pdfColours, renderPdf, schoolDocument, type Content, type PrintRequester, type SchoolDocument } from '../../lib/pdf/index.ts';

/** One student's letter: her names and class, and her codes as printed, slot 1 first. */
export type LetterPage = { student: { id: string; first_name: string | null; last_name: string | null; class_id: string | null }; codes: string[] };

export type LettersInput = { schoolName: string; timeZone: string; portalUrl: string; classId: string; pages: LetterPage[] };

/** A code as a box of its own, large and spaced, to be copied without a slip. */
const codeBox = (slot: number, code: string): Content => ({
  table: {
    widths: ['*'],
    body: [
      [
        {
          stack: [
            { text: `Code for parent or guardian ${slot}`, color: pdfColours.muted },
            { text: code, fontSize: 20, bold: true, characterSpacing: 2, color: pdfColours.primary, margin: [0, 2, 0, 0] },
          ],
          margin: [8, 6, 8, 6],
        },
      ],
    ],
  },
  // A layout by name: the document goes to the printing process as plain data.
  layout: 'noBorders',
  fillColor: '#f2f4f8',
  margin: [0, 0, 0, 8],
});

/** The page of one student: whom it is for, her two codes, and how a parent uses one. */
function letterPage(input: LettersInput, { student, codes }: LetterPage, first: boolean): Content[] {
  const name = displayName(student) || DASH;
  const she = student.first_name || 'your daughter';
  return [
    { text: `For the parents and guardians of ${name}`, style: 'student', ...(first ? {} : { pageBreak: 'before' as const }) },
    { text: `Student ID ${student.id} · Class ${student.class_id ?? DASH}`, margin: [0, 2, 0, 10] },
    {
      text: `The school's portal shows you ${she}'s term reports once they are posted, her attendance, and how far her yearly registration is. Each code below links one parent's or guardian's account to ${she}, once.`,
      margin: [0, 0, 0, 10],
    },
    ...codes.map((code, index) => codeBox(index + 1, code)),
    { text: 'How to use a code', style: 'heading' },
    {
      ol: [
        `Go to ${input.portalUrl}/parents.`,
        'Sign in to your account. If you have none yet, accept the invitation the school e-mailed you, or ask the school office for one.',
        'Choose "Add a daughter".',
        `Type her student ID (${student.id}), one code from this letter, and her date of birth.`,
      ],
      margin: [0, 0, 0, 10],
    },
    { text: 'Each code works once: one for each parent or guardian. Keep this letter private.', bold: true },
    {
      text: 'If the school prints this letter again, the codes on this one that were not used stop working.',
      color: pdfColours.muted,
      margin: [0, 4, 0, 0],
    },
  ];
}

/** The class's code letters (decision 062): one page per student. */
export function lettersDefinition(input: LettersInput): SchoolDocument {
  return schoolDocument({
    schoolName: input.schoolName,
    title: 'Your code to see your daughter in the parents’ portal',
    pageSize: pageSizes.standard,
    timeZone: input.timeZone,
    footerNote: `Letters to parents, class ${input.classId}`,
    subject: `Class ${input.classId}`,
    styles: { student: { fontSize: 14, bold: true } },
    content:
      input.pages.length === 0
        ? [{ text: `Class ${input.classId} has no students.` }]
        : input.pages.flatMap((page, index) => letterPage(input, page, index === 0)),
  });
}

/** Renders the class's letters to a PDF buffer, printed for `requester` (decision 041). */
export function renderLetters(requester: PrintRequester, input: LettersInput): Promise<Buffer> {
  return renderPdf(lettersDefinition(input), requester);
}
