import { documentTypes, fieldByName, fieldHeader, isDocumentType, type AuditAction } from '@school/contract';

/** A document type's title in a sentence, or a plain word when the row names none the portal knows. */
const documentTitle = (detail: string | null) => (detail && isDocumentType(detail) ? documentTypes[detail].title : 'a document');

/** 'fields: email, allergy' (the row of a save) as the wizard's labels: 'E-mail, Allergies'. */
function fieldLabels(detail: string | null): string {
  const names = (detail ?? '')
    .replace(/^fields:\s*/, '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return names.map((name) => (fieldByName.get(name) ? fieldHeader(fieldByName.get(name)!) : name)).join(', ');
}

/** A range or a term the row notes ('2026-01-05 to 2026-01-30', '2025-2026 Term 1'), after a colon. */
const noted = (detail: string | null) => (detail ? `: ${detail}` : '');

/**
 * What staff, or her guardians, may do with a student's registration record, documents, report cards
 * and attendance, and a guardian's link to her, by the audit log's action, in words for her
 * (decisions 050 and 063). Her privacy page lists staff and guardian rows of these actions only, each told from its action and its note: a row's note names fields, a
 * document type, a term or a range, never another student or any value.
 */
const wordsByAction = {
  'student.record-viewed': () => 'Viewed your registration record',
  'student.record-updated': (detail) => `Changed your registration record: ${fieldLabels(detail)}`,
  'registration-form.viewed': () => 'Opened your registration form (PDF)',
  'file.list-viewed': () => 'Viewed the list of your documents',
  'file.downloaded': (detail) => `Opened your document: ${documentTitle(detail)}`,
  'file.uploaded': (detail) => `Uploaded a document for you: ${documentTitle(detail)}`,
  'file.deleted': (detail) => `Removed your document: ${documentTitle(detail)}`,
  'student-data-file.viewed': () => 'Viewed your data files record',
  'student-data-file.saved': () => 'Changed your data files record',
  'report-card-list.viewed': () => 'Viewed the list of your report cards',
  'registration-status.viewed': () => 'Viewed how far your registration is',
  'report-card.viewed': (detail) => `Opened your report card${noted(detail)}`,
  'attendance.viewed': () => 'Viewed your attendance',
  'attendance-report.viewed': (detail) => `Opened your attendance report${noted(detail)}`,
  'student.password-reset': () => 'Reset your password',
  'guardian-link.added': (detail) => `Linked to you as your ${detail ?? 'guardian'}`,
  // A guardian's proposed change to her own details in the record (decision 066); the office's approval shows as its change.
  'contact-change.sent': (detail) => `Proposed new contact details for your record: ${fieldLabels(detail)}`,
  'consent.answered': (detail) => `Answered a consent form for you${noted(detail)}`,
  'registration-agreement.viewed': () => 'Viewed whether a parent or guardian agreed to your registration',
} satisfies Partial<Record<AuditAction, (detail: string | null) => string>>;
export const recordAccessWords: Readonly<Record<string, (detail: string | null) => string>> = wordsByAction;

/** The actions a student's privacy page lists. */
export const recordAccessActions: readonly string[] = Object.keys(recordAccessWords);
