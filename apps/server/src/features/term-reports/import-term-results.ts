import type { Readable } from 'node:stream';
import { messages, academicYearLabel, type TermResultsImportAnswer } from '@school/contract';
import { z } from 'zod';
import type { AdminActor } from '../../session/actor.ts';
import type { Deps } from '../../lib/deps.ts';
import {
  answeredErrors,
  defaultReadLimits,
  readSpreadsheet,
  validateRows,
  workbookStream,
  type ImportColumn,
  type ImportError,
  type ReadValue,
} from '../../lib/xlsx/index.ts';
import type { ReceivedFile } from '../../lib/uploads/index.ts';
import { writeAudit } from '../audit/index.ts';
import { gradeOf } from './grading.ts';
import { termReportsRepository as repository, type ResultRow, type SummaryRow } from './repository.ts';

/** The results sheet (the first): one row per student and subject. */
export const resultColumns: Array<ImportColumn<'student_id' | 'subject' | 'mark' | 'comment'>> = [
  { field: 'student_id', header: 'Student ID', aliases: ['ID', 'student'], required: true },
  { field: 'subject', header: 'Subject', required: true },
  { field: 'mark', header: 'Mark', aliases: ['score'], required: true },
  { field: 'comment', header: 'Comment', aliases: ["teacher's comment", 'teacher comment'] },
];

/** The remarks sheet (the second, optional): one row per student. */
export const remarkColumns: Array<ImportColumn<'student_id' | 'teacher_comment' | 'principal_comment' | 'conduct'>> = [
  { field: 'student_id', header: 'Student ID', aliases: ['ID', 'student'], required: true },
  { field: 'teacher_comment', header: 'Form Teacher Remark', aliases: ['form teacher', "form teacher's remark", 'teacher remark'] },
  { field: 'principal_comment', header: 'Principal Remark', aliases: ['principal', "principal's remark"] },
  { field: 'conduct', header: 'Conduct' },
];

/** 1,500 students × 12 subjects and room to spare; more is a mistake (or an attack). */
const readLimits = { ...defaultReadLimits, maxRows: 40_000 };

const text = (max: number, what: string) =>
  z.preprocess((value: ReadValue) => (value === null ? null : String(value)), z.string().max(max, messages.cellTooLong(what, max)).nullable());
const requiredText = (max: number, what: string) =>
  z.preprocess(
    (value: ReadValue) => (value === null ? undefined : String(value)),
    z.string({ message: messages.cellMissing(what) }).max(max, messages.cellTooLong(what, max)),
  );

const markMessage = 'The mark must be a whole number from 0 to 100, or blank (or ABS) when the student was absent.';
const mark = z.preprocess(
  (value: ReadValue) => {
    if (value === null || (typeof value === 'string' && /^abs(ent)?$/i.test(value))) return null;
    if (typeof value === 'string' && /^\d+(\.0+)?$/.test(value)) return Number(value);
    return value;
  },
  z.number({ message: markMessage }).int(markMessage).min(0, markMessage).max(100, markMessage).nullable(),
);

const resultSchema = z.object({
  student_id: requiredText(20, 'The student ID'),
  subject: requiredText(60, 'The subject'),
  mark,
  comment: text(500, 'The comment'),
});
const remarkSchema = z.object({
  student_id: requiredText(20, 'The student ID'),
  teacher_comment: text(1000, "The form teacher's remark"),
  principal_comment: text(1000, "The principal's remark"),
  conduct: text(50, 'The conduct'),
});

/** The remarks sheet's errors name it, so the admin looks in the right sheet. */
const onRemarksSheet = (error: ImportError): ImportError => ({ ...error, column: `Remarks: ${error.column ?? 'row'}` });

/**
 * `POST /api/term-results/import`: reads one term's results (and, from an .xlsx's second sheet,
 * each student's remarks and conduct), checks every row, and answers the counts, the first rows
 * and every error. Unless it is a dry run and has no error, it then replaces that term's results
 * of the students in the file (their summaries take their current class); importing the same
 * file again changes nothing.
 */
export async function importTermResults(
  deps: Deps,
  actor: AdminActor,
  input: { year: number; term: string; dry_run: boolean; file: ReceivedFile },
): Promise<TermResultsImportAnswer> {
  const { year, term } = input;
  const results = await readSpreadsheet(input.file, resultColumns, readLimits, { unknownColumns: 'error' });
  const remarks = await readSpreadsheet(input.file, remarkColumns, readLimits, { sheet: 2, unknownColumns: 'error' });
  const checkedResults = validateRows(results.rows, resultColumns, resultSchema);
  const checkedRemarks = validateRows(remarks.rows, remarkColumns, remarkSchema);
  const errors: ImportError[] = [...results.errors, ...checkedResults.errors, ...[...remarks.errors, ...checkedRemarks.errors].map(onRemarksSheet)];

  const named = [...checkedResults.valid, ...checkedRemarks.valid].map((row) => row.value.student_id);
  const students = new Map((await repository.studentsWithClass(deps.db, named)).map((student) => [student.id, student]));
  const unknown = (id: string) => `There is no student with the ID ${id}.`;

  const rows: ResultRow[] = [];
  const seen = new Map<string, number>();
  for (const { row, value } of checkedResults.valid) {
    const student = students.get(value.student_id);
    if (!student) {
      errors.push({ row, column: 'Student ID', message: unknown(value.student_id) });
      continue;
    }
    if (!student.class_id || student.form_level === null) {
      errors.push({ row, column: 'Student ID', message: messages.noFormClass(value.student_id) });
      continue;
    }
    const key = `${value.student_id}\u0000${value.subject.toLowerCase()}`;
    const first = seen.get(key);
    if (first !== undefined) {
      errors.push({ row, column: 'Subject', message: messages.subjectTwice(value.student_id, value.subject, first) });
      continue;
    }
    seen.set(key, row);
    rows.push({ student_id: value.student_id, year, term, subject: value.subject, mark: value.mark, comment: value.comment });
  }

  const remarksOf = new Map<string, SummaryRow['remarks']>();
  const remarkRowOf = new Map<string, number>();
  for (const { row, value } of checkedRemarks.valid) {
    if (!students.has(value.student_id)) {
      errors.push({ row, column: 'Remarks: Student ID', message: unknown(value.student_id) });
      continue;
    }
    const first = remarkRowOf.get(value.student_id);
    if (first !== undefined) {
      errors.push({ row, column: 'Remarks: Student ID', message: messages.remarksTwice(value.student_id, first) });
      continue;
    }
    remarkRowOf.set(value.student_id, row);
    remarksOf.set(value.student_id, { conduct: value.conduct, teacher_comment: value.teacher_comment, principal_comment: value.principal_comment });
  }
  errors.sort((a, b) => a.row - b.row);

  const studentIds = [...new Set([...rows.map((row) => row.student_id), ...remarksOf.keys()])].filter((id) => {
    const student = students.get(id);
    return student?.class_id && student.form_level !== null;
  });
  const summaries: SummaryRow[] = studentIds.map((id) => {
    const student = students.get(id)!;
    return { student_id: id, year, term, form_level: student.form_level!, class_id: student.class_id!, remarks: remarksOf.get(id) ?? null };
  });
  const answer: TermResultsImportAnswer = {
    dry_run: input.dry_run,
    students: summaries.length,
    results: rows.length,
    preview: rows
      .slice(0, 20)
      .map((row) => ({ 'Student ID': row.student_id, Subject: row.subject, Mark: row.mark ?? 'ABS', Grade: gradeOf(row.mark), Comment: row.comment })),
    ...answeredErrors(errors),
  };
  if (input.dry_run || errors.length > 0) return answer;

  const resultStudents = [...new Set(rows.map((row) => row.student_id))];
  await deps.writeTransaction(async (trx) => {
    await repository.replaceResults(trx, year, term, resultStudents, rows);
    await repository.saveSummaries(trx, summaries);
    await repository.ensurePosting(trx, year, term);
    await writeAudit(trx, actor, {
      action: 'term-results.imported',
      detail: `${academicYearLabel(year)} Term ${term}: ${summaries.length} students, ${rows.length} results`,
    });
  });
  return answer;
}

/** `GET /api/term-results/template`: the workbook to fill in, results on the first sheet and remarks on the second. */
export function termResultsTemplate(): Readable {
  type Empty = Record<string, never>;
  const sheet = (name: string, headers: string[]) => ({
    name,
    columns: headers.map((header) => ({ header, value: () => null, width: Math.max(14, header.length + 4) })),
    rows: [] as Empty[],
  });
  return workbookStream<[Empty, Empty]>([
    sheet(
      'Results',
      resultColumns.map((column) => column.header),
    ),
    sheet(
      'Remarks',
      remarkColumns.map((column) => column.header),
    ),
  ]);
}
