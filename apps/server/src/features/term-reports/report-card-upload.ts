import { messages, academicYearLabel, type ReportCardsUploadAnswer } from '@school/contract';
import type { AdminActor } from '../../session/actor.ts';
import { nowIso } from '../../db/database.ts';
import type { Deps } from '../../lib/deps.ts';
import { Invalid, stoppedWrite } from '../../lib/errors.ts';
import type { ReceivedFile } from '../../lib/uploads/index.ts';
import type { ImportError } from '../../lib/xlsx/index.ts';
import { openZip, ZipRefused, type ZipArchive, type ZipEntry } from '../../lib/zip/index.ts';
import { writeAudit } from '../audit/index.ts';
import { termReportsRepository as repository } from './repository.ts';

/** What one ZIP of report cards may hold (decision 021): a school's cards with room to spare, and no more. */
export const reportCardZipLimits = {
  /** The ZIP as uploaded. */
  maxZipBytes: 200 * 1024 * 1024,
  /** Cards in one ZIP. */
  maxEntries: 2000,
  /** All cards once unzipped. */
  maxUncompressedBytes: 400 * 1024 * 1024,
  /** One card once unzipped. */
  maxEntryBytes: 5 * 1024 * 1024,
};

/** Why an entry's name is refused, or null when it is a plain `{student_id}.pdf`. */
function nameProblem(entry: ZipEntry): string | null {
  const { name } = entry;
  if (entry.unsafeName === 'absolute') return 'An absolute path is not allowed: put the PDFs at the top of the ZIP.';
  if (entry.unsafeName === 'parent') return "A name with '..' is not allowed: put the PDFs at the top of the ZIP.";
  if (/[\\/]/.test(name)) return 'Folders are not allowed: put the PDFs at the top of the ZIP.';
  if (!/^[A-Za-z0-9_-]{1,20}\.pdf$/i.test(name)) return 'The name must be the student ID followed by .pdf, e.g. 20260001.pdf.';
  return null;
}

/**
 * `POST /api/report-cards/upload`: one ZIP of PDFs named `{student_id}.pdf` for one term. The
 * archive is checked before anything is inflated (entries, total size, bombs); then each entry:
 * its name (no folders, `..` or absolute paths), its size, that it is a PDF by content, and that
 * the student exists. Any error and nothing is stored; otherwise every card is stored in the file
 * store, replacing the student's earlier card for the term, and is what she gets for that term:
 * all of them or, whatever stops the upload (a fault, a lost connection, a killed server), none.
 */
export async function uploadReportCards(
  deps: Deps,
  actor: AdminActor,
  input: {
    year: number;
    term: string;
    dry_run: boolean;
    file: ReceivedFile;
    /** Run after each card's bytes are stored, before the next: other requests go first. */
    betweenFiles?: () => Promise<void>;
  },
): Promise<ReportCardsUploadAnswer> {
  const { year, term } = input;
  const refused = (message: string) => new Invalid(message, { file: [message] });
  if (input.file.kind !== 'zip' || input.file.extension !== '.zip') throw refused('The file must be a ZIP file of PDFs.');
  let zip: ZipArchive;
  try {
    const { maxEntries, maxUncompressedBytes } = reportCardZipLimits;
    // Each name is judged below, so that the admin is told which entry is at fault.
    zip = await openZip(input.file.path, { maxEntries, maxUncompressedBytes }, { unsafeNames: 'list' });
  } catch (error) {
    if (error instanceof ZipRefused) throw refused(`This ZIP cannot be taken (${error.message}). It may hold at most ${reportCardZipLimits.maxEntries} PDFs.`);
    throw error;
  }
  const errors: ImportError[] = [];
  const cards: Array<{ studentId: string; entry: ZipEntry }> = [];
  const problem = (index: number, name: string, message: string) => errors.push({ row: index + 1, column: name.slice(0, 200), message });
  const files = zip.entries.map((entry, index) => ({ entry, index }));
  const students = new Set(
    (
      await repository.studentsWithClass(
        deps.db,
        files.map(({ entry }) => entry.name.replace(/\.pdf$/i, '')).filter((id) => id.length <= 20),
      )
    ).map((student) => student.id),
  );
  const seen = new Set<string>();
  for (const { entry, index } of files) {
    const nameIssue = nameProblem(entry);
    if (nameIssue) {
      problem(index, entry.name, nameIssue);
      continue;
    }
    const studentId = entry.name.replace(/\.pdf$/i, '');
    if (entry.size > reportCardZipLimits.maxEntryBytes)
      problem(index, entry.name, `The PDF is larger than ${reportCardZipLimits.maxEntryBytes / (1024 * 1024)} MB.`);
    else if (!students.has(studentId)) problem(index, entry.name, `There is no student with the ID ${studentId}.`);
    else if (seen.has(studentId)) problem(index, entry.name, `The ZIP holds two cards for student ${studentId}.`);
    else if (!(await zip.read(entry)).subarray(0, 5).equals(Buffer.from('%PDF-'))) problem(index, entry.name, 'The file is not a PDF.');
    else {
      seen.add(studentId);
      cards.push({ studentId, entry });
    }
  }
  if (cards.length === 0 && errors.length === 0) errors.push({ row: 0, column: null, message: messages.zipNoPdfs });
  const answer: ReportCardsUploadAnswer = {
    dry_run: input.dry_run,
    cards: cards.length,
    preview: cards.slice(0, 20).map(({ studentId, entry }) => ({ 'Student ID': studentId, File: entry.name, 'Size (KB)': Math.ceil(entry.size / 1024) })),
    errors,
  };
  if (input.dry_run || errors.length > 0) return answer;

  const classOf = new Map(
    (
      await repository.studentsWithClass(
        deps.db,
        cards.map((card) => card.studentId),
      )
    ).map((student) => [student.id, student]),
  );
  const bytesOf = (entry: ZipEntry) => () => zip.read(entry);
  // Whole or nothing (decision 042): every card's bytes are stored where no row names them yet,
  // then one short transaction records them all, replaces the earlier cards and posts the term.
  try {
    await deps.files.putMany(
      cards.map(({ entry }) => bytesOf(entry)),
      { extension: '.pdf', between: input.betweenFiles },
      async (trx, keys, change) => {
        const ids = cards.map((card) => card.studentId);
        for (const previous of await repository.cardsOf(trx, ids, year, term)) await change.release(previous.stored_name);
        const createdAt = nowIso();
        await repository.saveCards(
          trx,
          cards.map(({ studentId, entry }, index) => ({
            student_id: studentId,
            year,
            term,
            stored_name: keys[index],
            size_bytes: entry.size,
            created_at: createdAt,
          })),
        );
        await repository.addSummariesIfMissing(
          trx,
          ids.flatMap((id) => {
            const student = classOf.get(id);
            return student?.class_id && student.form_level !== null
              ? [{ student_id: id, year, term, form_level: student.form_level, class_id: student.class_id }]
              : [];
          }),
        );
        await repository.ensurePosting(trx, year, term);
        await writeAudit(trx, actor, { action: 'report-cards.uploaded', detail: `${academicYearLabel(year)} Term ${term}: ${cards.length} report cards` });
      },
    );
  } catch (error) {
    throw stoppedWrite(error, messages.uploadStopped, { taken: messages.uploadTaken, otherwise: messages.uploadCardNotWritten });
  }
  return answer;
}
