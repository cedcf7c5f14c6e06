import fs from 'node:fs/promises';
import path from 'node:path';
import { academicYearLabel } from '@school/contract/api-types';
import type { SignedInActor } from '../../auth/actor.ts';
import type { Deps } from '../../deps.ts';
import { NotFound } from '../../lib/errors.ts';
import { zonedTimestamp } from '../../lib/time-zone.ts';
import { writeAudit } from '../audit/audit-log.ts';
import { presentStudentRecord } from '../registration/presenter.ts';
import { registrationRepository } from '../registration/repository.ts';
import { renderRegistrationForm, type DocumentReceived } from './registration-form-pdf.ts';

/** The four document types of SPEC §3 with their printed names. */
export const documentTypes: Array<[string, string]> = [
  ['birth_certificate', 'Birth certificate'],
  ['immunization_card', 'Immunization card'],
  ['sea_slip', 'SEA slip'],
  ['picture', 'Photo of the student'],
];

/** The school year a date falls in: September starts a new one. */
function academicYear(now: Date, timeZone: string): string {
  const [year, month] = zonedTimestamp(now, timeZone).split('-').map(Number);
  return academicYearLabel(month >= 9 ? year : year - 1);
}

/** Builds the student's registration form PDF; every view is written to the audit log. */
export async function registrationFormPdf(deps: Deps, actor: SignedInActor, studentId: string): Promise<Buffer> {
  const { db, settings } = deps;
  const student = await registrationRepository.findStudent(db, studentId);
  if (!student) throw new NotFound('There is no student with that ID.');
  const [religions, ethnicGroups, houses, files] = await Promise.all([
    db.selectFrom('religions').select(['code', 'religion']).execute(),
    db.selectFrom('ethnic_groups').select(['id', 'group_type']).execute(),
    db.selectFrom('houses').select(['id', 'name']).execute(),
    db.selectFrom('uploaded_files').select(['file_type', 'stored_name', 'created_at']).where('student_id', '=', studentId).execute(),
  ]);
  const zone = settings.schoolTimeZone;
  const received = new Map(files.map((file) => [file.file_type, file]));
  const documents: DocumentReceived[] = documentTypes.map(([type, label]) => {
    const file = received.get(type);
    return { type, label, received: file ? zonedTimestamp(new Date(file.created_at), zone).slice(0, 10) : null };
  });
  const picture = received.get('picture');
  const photo = picture ? await fs.readFile(path.join(settings.dataDir, 'uploads', picture.stored_name)).catch(() => null) : null;

  await writeAudit(db, actor, { action: 'registration-form.viewed', studentId });

  const record = presentStudentRecord(student);
  return renderRegistrationForm({
    schoolName: settings.schoolName,
    academicYear: academicYear(new Date(), zone),
    timeZone: zone,
    printedAt: new Date(),
    record,
    labels: {
      religions: new Map(religions.map((row) => [row.code, row.religion])),
      ethnicGroups: new Map(ethnicGroups.map((row) => [row.id, row.group_type])),
      houses: new Map(houses.map((row) => [row.id, row.name])),
    },
    documents,
    photo,
    terms: typeof record.terms_and_conditions === 'string' ? record.terms_and_conditions : null,
  });
}
