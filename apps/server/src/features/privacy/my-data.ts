import {
  fileNames,
  academicYearLabel,
  documentTypes,
  fieldHeader,
  isDocumentType,
  messages,
  progressSteps,
  shownFieldValue,
  studentFields,
  termNames,
  type CodeNames,
} from '@school/contract';
import type { Deps } from '../../lib/deps.ts';
import { NotFound } from '../../lib/errors.ts';
import { zonedTimestamp } from '../../lib/time-zone.ts';
import { csvText } from '../../lib/xlsx/index.ts';
import { writeZip, type ZipFile } from '../../lib/zip/index.ts';
import type { StudentActor } from '../../session/actor.ts';
import { attendanceHistory } from '../attendance/index.ts';
import { auditRead } from '../audit/index.ts';
import { schoolAccountRepository } from '../auth/index.ts';
import { documentCopies, type DocumentCopy } from '../files/index.ts';
import { referenceLabels } from '../reference/index.ts';
import { registrationFormPdf } from '../registration-form/index.ts';
import { findStudentRecord } from '../registration/index.ts';
import { listReportCardTerms, reportCard } from '../term-reports/index.ts';

type StudentRecord = NonNullable<Awaited<ReturnType<typeof findStudentRecord>>>;
type Shown = ReturnType<typeof shownFieldValue>;

/**
 * Her record as the wizard shows it: each step's label, then each section's title, then each
 * field's label with its value (a parent's fields under the parent's title, so no two labels of a
 * section are alike), then the agreement.
 */
function labelledRecord(record: StudentRecord, names: CodeNames) {
  const steps: Record<string, Record<string, Record<string, Shown>>> = {};
  for (const field of studentFields) {
    const step = progressSteps.find((candidate) => candidate.key === field.step)!.label;
    const section = ((steps[step] ??= {})[field.section] ??= {});
    section[fieldHeader(field)] = shownFieldValue(field, (record as Record<string, unknown>)[field.name], names);
  }
  return {
    'Student ID': record.id,
    ...steps,
    Complete: { 'Agreed to Terms and Conditions': record.agree_terms_conditions === 1 ? 'Yes' : 'No' },
  };
}

/** The file ending a document's kind takes. */
const endingOf = (mimeType: string) => ({ 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' })[mimeType] ?? 'bin';

/** A document in the archive: named by its type's title ('documents/Birth Certificate.pdf'), kept as it is when it is already compressed (a photo). */
const documentFile = (document: DocumentCopy): ZipFile => ({
  name: `documents/${isDocumentType(document.type) ? documentTypes[document.type].title : document.type}.${endingOf(document.mimeType)}`,
  data: document.data,
  store: document.mimeType.startsWith('image/'),
});

/**
 * Her posted report cards, one PDF each ('report-cards/2025-2026 Term 1 Michaelmas.pdf'), printed
 * one after another: a session may have only two documents in the printer at once (decision 041).
 */
async function postedReportCards(deps: Deps, actor: StudentActor): Promise<ZipFile[]> {
  const posted = (await listReportCardTerms(deps, actor, actor.studentId)).filter((term) => term.posted === 1);
  const cards: ZipFile[] = [];
  for (const { year, term } of posted) {
    const { pdf } = await reportCard(deps, actor, { studentId: actor.studentId, year, term });
    cards.push({ name: `report-cards/${academicYearLabel(year)} Term ${term}${termNames[term] ? ` ${termNames[term]}` : ''}.pdf`, data: pdf });
  }
  return cards;
}

/** Her attendance, every day of scans, with the columns of her attendance screen's table (SPEC §2). */
async function attendanceCsv(deps: Deps, studentId: string): Promise<string> {
  const days = await attendanceHistory(deps, studentId);
  const mark = (value: number) => (value === 1 ? 'Yes' : 'No');
  return csvText(
    ['Date', 'AM', 'PM', 'Late', 'Time In', 'Time Out'],
    days.map((day) => [day.date_scanned, mark(day.attendance_am), mark(day.attendance_pm), mark(day.late), day.time_in, day.time_out]),
  );
}

/**
 * `GET /api/my-data` ('Download my data', decision 050): one ZIP of everything the school holds
 * about the signed-in student: her record as JSON under the wizard's labels (and her school account), her registration
 * form, her documents, her posted report cards and her attendance as CSV. The download is written
 * to the audit log.
 */
export async function myDataZip(deps: Deps, actor: StudentActor): Promise<{ zip: Buffer; name: string }> {
  const record = await findStudentRecord(deps, actor.studentId);
  if (!record) throw new NotFound(messages.ownRecordNotFound);
  const [names, documents, attendance, schoolAccount] = await Promise.all([
    referenceLabels(deps),
    documentCopies(deps, actor.studentId),
    attendanceCsv(deps, actor.studentId),
    schoolAccountRepository.ofStudent(deps.db, actor.studentId),
  ]);
  // Her documents in print, one at a time.
  const form = await registrationFormPdf(deps, actor, actor.studentId);
  const cards = await postedReportCards(deps, actor);
  const now = new Date();
  const local = zonedTimestamp(now, deps.config.schoolTimeZone);
  // The school account the office gave her (decision 076) is beside her record, not in it.
  const account = schoolAccount ? { 'School Account': schoolAccount.account } : {};
  const json = JSON.stringify({ 'Downloaded At': local, ...labelledRecord(record, names), ...account }, null, 2);
  const zip = await writeZip(
    [
      { name: 'my-record.json', data: json },
      { name: 'registration-form.pdf', data: form },
      ...documents.map(documentFile),
      ...cards,
      { name: 'attendance.csv', data: attendance },
    ],
    new Date(`${local.replace(' ', 'T')}Z`),
  );
  await auditRead(deps, actor, {
    action: 'my-data.downloaded',
    studentId: actor.studentId,
    detail: `${documents.length} documents, ${cards.length} report cards`,
  });
  return { zip, name: fileNames.myData(actor.studentId, local.slice(0, 10)) };
}
