import { documentTypeNames, documentTypes, listName, progressSteps, type DocumentType, type ProgressFlagKey } from '@school/contract';
import type { Readable } from 'node:stream';
import type { AdminActor } from '../../session/actor.ts';
import type { Deps } from '../../lib/deps.ts';
import { dataTable, pdfColours, printedFor, renderPdfStream, schoolDocument, type Content, type TableCell, type SchoolDocument } from '../../lib/pdf/index.ts';
import { studentsHeld, writeAudit } from '../audit/index.ts';
import { studentsInClassOrder } from './export-service.ts';
import { leaversSentence, nameWithLeftOn, plural } from './leavers.ts';
import { adminDataRepository } from './repository.ts';

/** What the report needs of one student. */
export type ReportStudent = {
  id: string;
  name: string;
  classId: string;
  formLevel: number | null;
  steps: Record<ProgressFlagKey, boolean>;
  missing: DocumentType[];
};

/** One class's students, with its totals. */
export type ClassGroup = { classId: string; formLevel: number | null; students: ReportStudent[] };

/** The report's students by class, and what it says of the students who have left (decision 069). */
export type ReportContents = { groups: ClassGroup[]; leavers: { count: number; included: boolean } };

const done = (flag: boolean): TableCell =>
  flag ? { text: 'Done', color: pdfColours.primary, alignment: 'center' } : { text: '—', color: pdfColours.faint, alignment: 'center' };

/** Every student with her progress and the documents she still owes, grouped by class in class order; those who have left only `withLeavers`. */
async function classGroups(reads: Pick<Deps, 'db'>, withLeavers: boolean): Promise<ClassGroup[]> {
  const uploaded = new Map<string, Set<string>>();
  for (const row of await adminDataRepository.documentsUploaded(reads.db)) {
    const types = uploaded.get(row.student_id) ?? new Set<string>();
    types.add(row.file_type);
    uploaded.set(row.student_id, types);
  }
  const groups: ClassGroup[] = [];
  for await (const row of studentsInClassOrder(reads, { columns: ['first_name', 'last_name'], withLeavers })) {
    const classId = (row.class_id as string | null) ?? '';
    let group = groups.at(-1);
    if (!group || group.classId !== classId) groups.push((group = { classId, formLevel: row.form_level, students: [] }));
    const has = uploaded.get(row.id);
    group.students.push({
      id: row.id,
      name: nameWithLeftOn(listName(row) || row.id, row.left_on),
      classId,
      formLevel: row.form_level,
      steps: Object.fromEntries(progressSteps.map(({ key }) => [key, row[key] === 1])) as Record<ProgressFlagKey, boolean>,
      missing: documentTypeNames.filter((type) => !has?.has(type)),
    });
  }
  return groups;
}

const classTitle = (group: Pick<ClassGroup, 'classId' | 'formLevel'>) =>
  group.classId === '' ? 'No class' : group.formLevel === null ? `Class ${group.classId}` : `Form ${group.formLevel} ${group.classId}`;

/** The first page: students per form level and class, how many finished each step and submitted, and how many documents are missing. */
function summary({ groups, leavers }: ReportContents): Content[] {
  const rowOf = (label: string, students: ReportStudent[], bold = false): Array<string | number | TableCell> => {
    const cell = (value: string | number) => (bold ? { text: String(value), bold: true, alignment: 'right' as const } : value);
    return [
      bold ? { text: label, bold: true } : label,
      cell(students.length),
      ...progressSteps.map(({ key }) => cell(students.filter((student) => student.steps[key]).length)),
      cell(students.reduce((sum, student) => sum + student.missing.length, 0)),
    ];
  };
  const body: Array<Array<string | number | TableCell>> = [];
  const levels = [...new Set(groups.map((group) => group.formLevel))];
  for (const level of levels) {
    const inLevel = groups.filter((group) => group.formLevel === level);
    for (const group of inLevel) body.push(rowOf(classTitle(group), group.students));
    if (level !== null)
      body.push(
        rowOf(
          `Form ${level} in all`,
          inLevel.flatMap((group) => group.students),
          true,
        ),
      );
  }
  const everyone = groups.flatMap((group) => group.students);
  body.push(rowOf('The whole school', everyone, true));
  return [
    { text: 'Summary', style: 'heading' },
    {
      text: `${plural(everyone.length, 'student')} in ${plural(groups.length, 'class', 'classes')}.${leaversSentence(leavers.count, leavers.included)} Each column counts the students who have completed that step; "Documents missing" counts the documents still to upload.`,
      margin: [0, 0, 0, 6],
    },
    dataTable(
      [
        { header: 'Class', width: '*' },
        { header: 'Students', width: 50, alignment: 'right' },
        ...progressSteps.map(({ label }) => ({ header: label, width: 58, alignment: 'right' as const })),
        { header: 'Documents missing', width: 70, alignment: 'right' },
      ],
      body,
    ),
  ];
}

/** One class: its students with their progress through the six steps and the documents they still owe. */
function classSection(group: ClassGroup): Content[] {
  const submitted = group.students.filter((student) => student.steps.submit).length;
  return [
    { text: `${classTitle(group)} — ${plural(group.students.length, 'student')}, ${submitted} submitted`, style: 'heading', pageBreak: 'before' },
    dataTable(
      [
        { header: 'Student ID', width: 60 },
        { header: 'Name', width: 130 },
        ...progressSteps.map(({ label }) => ({ header: label, width: 48, alignment: 'center' as const })),
        { header: 'Documents still owed', width: '*' },
      ],
      group.students.map((student) => [
        student.id,
        student.name,
        ...progressSteps.map(({ key }) => done(student.steps[key])),
        student.missing.length === 0 ? { text: 'None', color: pdfColours.muted } : student.missing.map((type) => documentTypes[type].title).join(', '),
      ]),
    ),
  ];
}

/**
 * The registration report for all classes (SPEC §2 Reports): a summary of the school, then one
 * section per class, of the students at the school (with `withLeavers`, those who have left too,
 * each with the day she left); its summary says how many who have left it leaves out or lists
 * (decision 069). LETTER landscape, page numbers; the view is recorded in the audit log.
 */
export async function registrationReport(deps: Deps, actor: AdminActor, { withLeavers = false } = {}): Promise<Readable> {
  // Read from the standby while it keeps up (decision 073); the audit row goes to the primary.
  const reads = { db: deps.heavyReads() };
  const [groups, counts] = await Promise.all([classGroups(reads, withLeavers), adminDataRepository.studentCounts(reads.db)]);
  await writeAudit(deps.db, actor, {
    action: 'registration-report.viewed',
    detail: `all classes${withLeavers ? ', those who have left included' : ''}: ${studentsHeld(groups.reduce((sum, group) => sum + group.students.length, 0))}`,
  });
  return renderPdfStream(registrationReportDocument({ groups, leavers: { count: counts.leavers, included: withLeavers } }, deps.config), printedFor(actor));
}

/** The report's document: the summary page, then a section per class. */
export function registrationReportDocument(contents: ReportContents, settings: Pick<Deps['config'], 'schoolName' | 'schoolTimeZone'>): SchoolDocument {
  const { groups } = contents;
  const content: Content[] = [...summary(contents), ...groups.flatMap(classSection)];
  if (groups.length === 0) content.push({ text: 'There are no students yet.', margin: [0, 12, 0, 0] });
  return schoolDocument({
    schoolName: settings.schoolName,
    title: 'Registration Report — All Classes',
    orientation: 'landscape',
    timeZone: settings.schoolTimeZone,
    content,
  });
}
