import { documentTypeNames, documentTypes, messages } from '@school/contract';
import type { SignedInActor } from '../../session/actor.ts';
import type { Deps } from '../../lib/deps.ts';
import { NotFound } from '../../lib/errors.ts';
import { printedFor } from '../../lib/pdf/index.ts';
import { utcToZonedLocal, zonedTimestamp } from '../../lib/time-zone.ts';
import { auditRead } from '../audit/index.ts';
import { guardianAgreementOf } from '../consents/index.ts';
import { documentsReceived, readStudentPhoto } from '../files/index.ts';
import { referenceLabels } from '../reference/index.ts';
import { currentAcademicYear, findStudentRecord } from '../registration/index.ts';
import { renderRegistrationForm, type DocumentReceived } from './registration-form-pdf.ts';

/** Builds the student's registration form PDF; every view is written to the audit log. */
export async function registrationFormPdf(deps: Deps, actor: SignedInActor, studentId: string): Promise<Buffer> {
  const { config: settings } = deps;
  const record = await findStudentRecord(deps, studentId);
  if (!record) throw new NotFound(messages.noSuchStudent);
  const [labels, files, photo, academicYear, agreement] = await Promise.all([
    referenceLabels(deps),
    documentsReceived(deps, studentId),
    readStudentPhoto(deps, studentId),
    currentAcademicYear(deps),
    guardianAgreementOf(deps.db, studentId),
  ]);
  const zone = settings.schoolTimeZone;
  const received = new Map<string, string>(files.map((file) => [file.type, file.receivedAt]));
  const documents: DocumentReceived[] = documentTypeNames.map((type) => {
    const at = received.get(type);
    return { type, label: documentTypes[type].title, received: at ? zonedTimestamp(new Date(at), zone).slice(0, 10) : null };
  });

  await auditRead(deps, actor, { action: 'registration-form.viewed', studentId });

  return renderRegistrationForm(printedFor(actor), {
    schoolName: settings.schoolName,
    academicYear,
    timeZone: zone,
    printedAt: new Date(),
    record,
    labels,
    documents,
    photo,
    terms: typeof record.terms_and_conditions === 'string' ? record.terms_and_conditions : null,
    guardianAgreement: {
      asked: agreement.asked,
      given: agreement.given,
      answers: agreement.answers.map((answer) => ({
        guardian_name: answer.guardian_name,
        relationship: answer.relationship,
        agreed: answer.answer === 'agree',
        typed_name: answer.typed_name,
        at: utcToZonedLocal(answer.answered_at, zone).replace('T', ' '),
      })),
    },
  });
}
