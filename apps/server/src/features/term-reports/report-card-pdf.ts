import { academicYearLabel, termNames } from '@school/contract';
import {
  DASH,
  dataTable,
  labelValueTable,
  pageSizes,
  pdfColours,
  renderPdf,
  schoolDocument,
  type Content,
  type PrintRequester,
  type SchoolDocument,
} from '../../lib/pdf/index.ts';
import { gradeOf } from './grading.ts';

/** Attendance for the term in sessions (AM and PM count one each). */
export type TermAttendance = { possible: number; present: number; lates: number };

export type ReportCardInput = {
  schoolName: string;
  /** The school's time zone, for the printed date. */
  timeZone: string;
  printedAt?: Date;
  student: { id: string; name: string };
  term: { year: number; term: string; form_level: number; class_id: string; date_posted: string | null };
  results: Array<{ subject: string; mark: number | null; comment: string | null }>;
  average: number | null;
  position: { position: number; of: number } | null;
  attendance: TermAttendance | null;
  conduct: string | null;
  teacherRemark: string | null;
  principalRemark: string | null;
};

/** 'Term 1, Michaelmas, 2026-2027', as the list and the card both say it. */
export const termLabel = (year: number, term: string): string => `Term ${term}, ${termNames[term] ?? ''}, ${academicYearLabel(year)}`;

const text = (value: string | null | undefined) => (value === null || value === undefined || value.trim() === '' ? DASH : value);

/** A remark under its heading, in a box that keeps it apart from the next. */
const remark = (title: string, value: string | null): Content[] => [
  { text: title, style: 'section' },
  { table: { widths: ['*'], body: [[{ text: text(value), margin: [4, 3, 4, 3] }]] }, layout: 'lightHorizontalLines', margin: [0, 0, 0, 4] },
];

/**
 * The end-of-term report card (SPEC §2, DESIGN §5) on a letter page: the student and her form,
 * the term, each subject's mark, grade and comment, the average and position in class, the
 * term's attendance, conduct, the form teacher's and principal's remarks, and the date posted.
 * Type is larger than the other documents' so that it reads on a phone.
 */
export function reportCardDefinition(input: ReportCardInput): SchoolDocument {
  const { student, term, attendance } = input;
  const positionText = input.position ? `${input.position.position} of ${input.position.of}` : DASH;
  const attendanceText = attendance ? `${attendance.present} of ${attendance.possible} sessions` : DASH;
  return schoolDocument({
    schoolName: input.schoolName,
    title: 'End of Term Report',
    pageSize: pageSizes.standard,
    timeZone: input.timeZone,
    printedAt: input.printedAt,
    footerNote: `Report card of ${student.name} (${student.id}), ${termLabel(term.year, term.term)}`,
    subject: `Student ${student.id}`,
    styles: {
      student: { fontSize: 16, bold: true, color: pdfColours.primary },
      term: { fontSize: 12, bold: true },
      heading: { fontSize: 12, bold: true, color: pdfColours.primary, margin: [0, 10, 0, 3] },
      section: { fontSize: 10.5, bold: true, margin: [0, 6, 0, 2] },
    },
    content: [
      { text: student.name, style: 'student' },
      { text: termLabel(term.year, term.term), style: 'term', margin: [0, 2, 0, 6] },
      ...labelValueTable('', [
        ['Student ID', student.id],
        ['Form and class', `Form ${term.form_level} ${term.class_id}`],
        ['Average', input.average === null ? DASH : input.average.toFixed(1)],
        ['Position in class', positionText],
        ['Attendance', attendanceText],
        ['Lates', attendance ? attendance.lates : DASH],
        ['Conduct', text(input.conduct)],
        ['Date posted', term.date_posted ? term.date_posted.slice(0, 10) : 'Not posted'],
      ]).slice(1),
      { text: 'Subjects', style: 'heading' },
      dataTable(
        [
          { header: 'Subject', width: 120 },
          { header: 'Mark', width: 40, alignment: 'right' },
          { header: 'Grade', width: 40, alignment: 'center' },
          { header: "Teacher's comment" },
        ],
        input.results.map((result) => [result.subject, result.mark ?? 'ABS', gradeOf(result.mark), result.comment]),
      ),
      { text: 'Grades: A 80–100, B 70–79, C 60–69, D 50–59, E 40–49, F 0–39, ABS absent.', color: pdfColours.muted, fontSize: 8.5, margin: [0, 3, 0, 0] },
      { text: 'Remarks', style: 'heading' },
      ...remark("Form teacher's remark", input.teacherRemark),
      ...remark("Principal's remark", input.principalRemark),
    ],
  });
}

/** Renders the report card to a PDF buffer, printed for `requester` (decision 041). */
export function renderReportCard(requester: PrintRequester, input: ReportCardInput): Promise<Buffer> {
  const definition = reportCardDefinition(input);
  definition.defaultStyle = { ...definition.defaultStyle, fontSize: 10.5 };
  return renderPdf(definition, requester);
}
