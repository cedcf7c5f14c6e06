import { messages, contactPeople, hasContact, listName, phoneText, type ContactPerson, type ParentsContact, type ParentsContactRow } from '@school/contract';
import type { Readable } from 'node:stream';
import type { AdminActor } from '../../session/actor.ts';
import type { Deps } from '../../lib/deps.ts';
import { NotFound } from '../../lib/errors.ts';
import { dataTable, printedFor, renderPdfStream, schoolDocument, type TableCell } from '../../lib/pdf/index.ts';
import { workbookStream, type SheetColumn } from '../../lib/xlsx/index.ts';
import { studentsHeld, writeAudit } from '../audit/index.ts';
import { leaversSentence, nameWithLeftOn, plural } from './leavers.ts';
import { adminDataRepository } from './repository.ts';

/** Whom a Parents Contact lists: `all` or one class, with or without the students who have left (decision 069). */
type ContactList = { classId: string; withLeavers: boolean };

/**
 * `all`, or a class of the school (404 for any other): its students, and how many of the class's
 * students who have left are not among them.
 */
async function contactRows(deps: Deps, { classId, withLeavers }: ContactList): Promise<{ students: ParentsContactRow[]; leftOut: number }> {
  // Read from the standby while it keeps up (decision 073); the audit row goes to the primary.
  const db = deps.heavyReads();
  if (classId !== 'all' && !(await adminDataRepository.findClass(db, classId))) throw new NotFound(messages.noSuchClass(classId));
  const inClass = classId === 'all' ? null : classId;
  const [students, counts] = await Promise.all([
    adminDataRepository.parentsContact(db, inClass, { withLeavers }),
    adminDataRepository.studentCounts(db, inClass),
  ]);
  return { students, leftOut: withLeavers ? 0 : counts.leavers };
}

const audit = (deps: Deps, actor: AdminActor, { classId, withLeavers }: ContactList, format: string, students: readonly unknown[]) =>
  writeAudit(deps.db, actor, {
    action: 'parents-contact.viewed',
    detail: `${classId === 'all' ? 'all classes' : `class ${classId}`}${withLeavers ? ', those who have left included' : ''} (${format}): ${studentsHeld(students.length)}`,
  });

/**
 * Parents Contact (SPEC §2 Reports): each student of the class (or school) with her parents',
 * guardian's and emergency contact's details; the students who have left only when asked for,
 * else how many were left out.
 */
export async function parentsContact(deps: Deps, actor: AdminActor, list: ContactList): Promise<ParentsContact> {
  const { students, leftOut } = await contactRows(deps, list);
  await audit(deps, actor, list, 'screen', students);
  return { class_id: list.classId, students, leavers_left_out: leftOut };
}

/** One contact column's cell, a line each: name, then each number under its label, then the e-mail. */
function person(contact: ContactPerson): TableCell {
  if (!hasContact(contact)) return { text: '—', color: '#888888' };
  return {
    stack: [
      { text: [contact.name ?? '', contact.note ? ` (${contact.note})` : ''].join(''), bold: true },
      ...contact.phones.map((phone) => ({ text: `${phone.label} ${phone.number}` })),
      ...(contact.email ? [{ text: contact.email }] : []),
    ],
  };
}

const title = (classId: string) => (classId === 'all' ? 'Parents Contact — All Classes' : `Parents Contact — Class ${classId}`);

/** The same list on landscape letter pages: one row per student, a column per parent, guardian and emergency contact. */
export async function parentsContactPdf(deps: Deps, actor: AdminActor, list: ContactList): Promise<Readable> {
  const { classId, withLeavers } = list;
  const { students, leftOut } = await contactRows(deps, list);
  await audit(deps, actor, list, 'pdf', students);
  const leavers = withLeavers ? students.filter((row) => row.left_on !== null).length : leftOut;
  return renderPdfStream(
    schoolDocument({
      schoolName: deps.config.schoolName,
      title: title(classId),
      orientation: 'landscape',
      timeZone: deps.config.schoolTimeZone,
      content: [
        { text: `${plural(students.length, 'student')}.${leaversSentence(leavers, withLeavers)}`, margin: [0, 0, 0, 6] },
        students.length === 0
          ? { text: 'There are no students in this class.' }
          : dataTable(
              [
                { header: 'Student', width: 110 },
                { header: 'Mother', width: '*' },
                { header: 'Father', width: '*' },
                { header: 'Guardian', width: '*' },
                { header: 'Emergency contact', width: '*' },
              ],
              students.map((row) => [
                { stack: [{ text: nameWithLeftOn(listName(row), row.left_on), bold: true }, `${row.id}${row.class_id ? ` · ${row.class_id}` : ''}`] },
                ...contactPeople(row).map(person),
              ]),
            ),
      ],
    }),
    printedFor(actor),
  );
}

const column = (header: string, value: (row: ParentsContactRow) => string | null, width?: number): SheetColumn<ParentsContactRow> => ({ header, value, width });

/** The same list as a workbook: one column per detail, formula-safe; with the students who have left, the day each left last. */
export async function parentsContactWorkbook(deps: Deps, actor: AdminActor, list: ContactList): Promise<Readable> {
  const { classId, withLeavers } = list;
  const { students } = await contactRows(deps, list);
  await audit(deps, actor, list, 'xlsx', students);
  const parent = (label: string, pick: (row: ParentsContactRow) => [string | null, string | null, string | null, string | null]) => [
    column(`${label} Name`, (row) => pick(row)[0], 24),
    column(`${label} Mobile Phone`, (row) => phoneText(pick(row)[1]), 16),
    column(`${label} Home Phone`, (row) => phoneText(pick(row)[2]), 16),
    column(`${label} E-mail`, (row) => pick(row)[3], 26),
  ];
  return workbookStream([
    {
      name: classId === 'all' ? 'All Classes' : `Class ${classId}`,
      columns: [
        column('Student ID', (row) => row.id, 12),
        column('Last Name', (row) => row.last_name, 16),
        column('First Name', (row) => row.first_name, 16),
        column('Class', (row) => row.class_id),
        ...parent('Mother', (row) => [row.mother_name, row.mobile_phone_mother, row.mother_home_phone, row.email_mother]),
        ...parent('Father', (row) => [row.father_name, row.mobile_phone_father, row.father_home_phone, row.email_father]),
        ...parent('Guardian', (row) => [row.guardian_name, row.mobile_phone_guardian, row.home_phone_guardian, row.email_guardian]),
        column('Emergency Contact', (row) => row.emergency_contact, 24),
        column('Emergency Contact Phone', (row) => phoneText(row.emergency_home_phone), 16),
        column('Relation to Child', (row) => row.relation_to_child, 16),
        ...(withLeavers ? [{ ...column('Left the School On', (row) => row.left_on, 18), type: 'date' as const }] : []),
      ],
      rows: students,
    },
  ]);
}
