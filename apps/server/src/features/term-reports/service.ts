import { messages, academicYearLabel, displayName, type PostedTerm, type ReportCardTerm } from '@school/contract';
import type { AdminActor, FamilyActor } from '../../session/actor.ts';
import type { Deps } from '../../lib/deps.ts';
import { Invalid, NotFound } from '../../lib/errors.ts';
import type { FileOwner } from '../../lib/file-store/index.ts';
import { printedFor } from '../../lib/pdf/index.ts';
import { zonedTimestamp } from '../../lib/time-zone.ts';
import { scannedTermAttendance } from '../attendance/index.ts';
import { auditRead, writeAudit } from '../audit/index.ts';
import { cancelReportsPosted, notifyReportsPosted } from '../notifications/index.ts';
import { averageOf, classPositions } from './grading.ts';
import { renderReportCard, type TermAttendance } from './report-card-pdf.ts';
import { asTerm, presentPostedTerm, presentReportCardTerm } from './presenter.ts';
import { termReportsRepository as repository } from './repository.ts';

type TermKey = { year: number; term: string };

/**
 * `GET /api/report-card-terms/{student id}`: every term the student has a report for, newest first,
 * posted or not; a guardian's list holds the posted terms only, and her read is audit-logged (decision 063).
 */
export async function listReportCardTerms(deps: Deps, actor: FamilyActor, studentId: string): Promise<ReportCardTerm[]> {
  const rows = await repository.termsOfStudent(deps.db, studentId);
  if (actor.kind !== 'guardian') return rows.map(presentReportCardTerm);
  await auditRead(deps, actor, { action: 'report-card-list.viewed', studentId });
  return rows.filter((row) => row.posted === 1).map(presentReportCardTerm);
}

/** `GET /api/term-reports-posted`: every term with reports and whether it is posted, newest first. */
export async function listPostedTerms(deps: Deps): Promise<PostedTerm[]> {
  return (await repository.postings(deps.db)).map(presentPostedTerm);
}

/**
 * `POST /api/post-term-reports`: posts a term (its students see their reports at once; the date
 * posted is now, in school time) or withdraws it (they no longer do). A term with neither
 * results nor uploaded cards cannot be posted. Both are written to the audit log.
 */
export async function postTermReports(deps: Deps, actor: AdminActor, { year, term, posted }: TermKey & { posted: boolean }): Promise<PostedTerm> {
  const label = `${academicYearLabel(year)} Term ${term}`;
  if (posted && (await repository.reportsInTerm(deps.db, year, term)) === 0) {
    throw new Invalid(messages.noResultsToPost(label), { term: [messages.noResultsYet(label)] });
  }
  const posting = { year, term, posted: posted ? 1 : 0, date_posted: posted ? zonedTimestamp(new Date(), deps.config.schoolTimeZone) : null };
  await deps.writeTransaction(async (trx) => {
    const before = await repository.posting(trx, year, term);
    await repository.setPosting(trx, posting);
    // Notices go when a term becomes posted (not when a posted term is posted again); a withdrawal cancels those not yet sent.
    if (posted && before?.posted !== 1) await notifyReportsPosted(trx, deps, actor, { year, term });
    if (!posted) await cancelReportsPosted(trx, { year, term });
    await writeAudit(trx, actor, { action: posted ? 'term-reports.posted' : 'term-reports.withdrawn', detail: label });
  });
  return { ...posting, term: asTerm(term) };
}

/**
 * The student's attendance for the term, as the report card prints it: from the card scans, counted
 * as on the attendance screen (decision 022); for a term without scans, the figures imported with
 * the term's results.
 */
export async function attendanceForCard(deps: Deps, { studentId, year, term }: { studentId: string } & TermKey): Promise<TermAttendance | null> {
  const scanned = await scannedTermAttendance(deps, { studentId, year, term });
  if (scanned) return scanned;
  const summary = await repository.summary(deps.db, studentId, year, term);
  if (!summary || summary.days_possible === null) return null;
  return { possible: summary.days_possible, present: summary.days_present ?? 0, lates: summary.lates ?? 0 };
}

/** A report card as it is sent: an uploaded PDF's bytes, or one generated from the term's results. */
export type ReportCard = { pdf: Buffer; uploaded: boolean };

/**
 * `GET /api/report-card/{student}/{year}/{term}`: the student's report card for the term. A
 * student, and her guardian (decision 063), gets hers only once the term is posted (404 before);
 * staff get any. The uploaded card wins over the generated one (decision 021). Every view is audit-logged.
 */
export async function reportCard(deps: Deps, actor: FamilyActor, { studentId, year, term }: { studentId: string } & TermKey): Promise<ReportCard> {
  const notFound = new NotFound(messages.noPostedReportCard);
  const [summary, posting, card, student] = await Promise.all([
    repository.summary(deps.db, studentId, year, term),
    repository.posting(deps.db, year, term),
    repository.card(deps.db, studentId, year, term),
    repository.student(deps.db, studentId),
  ]);
  if (!student || (!summary && !card)) throw notFound;
  if (actor.kind !== 'admin' && posting?.posted !== 1) throw notFound;

  await auditRead(deps, actor, { action: 'report-card.viewed', studentId, detail: `${academicYearLabel(year)} Term ${term}` });
  if (card) return { pdf: await deps.files.read(card.stored_name), uploaded: true };

  const [results, classMarks, attendance] = await Promise.all([
    repository.results(deps.db, studentId, year, term),
    repository.classMarks(deps.db, year, term, summary!.class_id),
    attendanceForCard(deps, { studentId, year, term }),
  ]);
  const { positions, ranked } = classPositions(classMarks);
  const position = positions.get(studentId);
  const pdf = await renderReportCard(printedFor(actor), {
    schoolName: deps.config.schoolName,
    timeZone: deps.config.schoolTimeZone,
    student: { id: student.id, name: displayName(student) },
    term: { year, term, form_level: summary!.form_level, class_id: summary!.class_id, date_posted: posting?.posted === 1 ? posting.date_posted : null },
    results,
    average: averageOf(results.map((result) => result.mark)),
    position: position === undefined ? null : { position, of: ranked },
    attendance,
    conduct: summary!.conduct,
    teacherRemark: summary!.teacher_comment,
    principalRemark: summary!.principal_comment,
  });
  return { pdf, uploaded: false };
}

/** Uploaded report cards name stored files: the start-up check asks for them (decision 013). */
export const reportCardFileOwner: FileOwner = {
  async keys(db) {
    return (await repository.cardKeys(db)).map((card) => ({
      key: card.stored_name,
      describe: `student ${card.student_id}, report card ${card.year} term ${card.term}`,
    }));
  },
};
