import type { AuditAction, FieldValue, Retention, RetentionCounts, RetentionEraseResult, RetentionStudent } from '@school/contract';
import type { Insertable } from 'kysely';
import type { AdminActor } from '../../session/actor.ts';
import { nowIso, type Executor } from '../../db/database.ts';
import type { AuditLogTable } from '../../db/schema.ts';
import type { Deps } from '../../lib/deps.ts';
import { zonedTimestamp } from '../../lib/time-zone.ts';
import { eraseNoteData, noteDataOf } from '../absence-notes/index.ts';
import { auditRow, studentsHeld, writeAuditRows } from '../audit/index.ts';
import { nextVersion } from '../registration/index.ts';
import { erasedHealthValues, healthFieldsHeld, retentionDueOn } from './health-data.ts';
import { retentionRepository as repository, type Leaver } from './repository.ts';

/** The school's date today, 'yyyy-MM-dd'. */
const schoolToday = (deps: Pick<Deps, 'config'>) => zonedTimestamp(new Date(), deps.config.schoolTimeZone).slice(0, 10);

/** Who erases: an admin on the New School Year screen, or the scheduled command (the audit log's `system`). */
export type Eraser = AdminActor | 'command';

/** Each student's sum of `amount` over her rows. */
function countBy<T extends { student_id: string }>(rows: readonly T[], amount: (row: T) => number): Map<string, number> {
  const sums = new Map<string, number>();
  for (const row of rows) sums.set(row.student_id, (sums.get(row.student_id) ?? 0) + amount(row));
  return sums;
}

/** The leavers not yet erased, each with her due day and what an erasure would take (counts only), split into due and upcoming. */
async function leaversWithCounts(db: Executor, deps: Pick<Deps, 'config'>): Promise<{ today: string; due: RetentionStudent[]; upcoming: RetentionStudent[] }> {
  const today = schoolToday(deps);
  const leavers = await repository.leaversNotErased(db);
  const ids = leavers.map((leaver) => leaver.student_id);
  const [documents, snapshots, notes] = await Promise.all([repository.documentsOf(db, ids), repository.snapshotsOf(db, ids), noteDataOf(db, ids)]);
  const documentsOf = countBy(documents, () => 1);
  const snapshotFieldsOf = countBy(snapshots, (snapshot) => healthFieldsHeld(JSON.parse(snapshot.record) as Record<string, FieldValue>));
  // An absence note's words count as a health field, its file as a document (decision 065).
  const noteWordsOf = countBy(
    notes.map((note) => ({ ...note, student_id: note.studentId })),
    (note) => Number(note.words),
  );
  const noteFilesOf = countBy(
    notes.map((note) => ({ ...note, student_id: note.studentId })),
    (note) => Number(note.fileKey !== null),
  );
  const count = (leaver: Leaver): RetentionCounts => ({
    health_fields: healthFieldsHeld(leaver) + (noteWordsOf.get(leaver.student_id) ?? 0),
    snapshot_fields: snapshotFieldsOf.get(leaver.student_id) ?? 0,
    documents: (documentsOf.get(leaver.student_id) ?? 0) + (noteFilesOf.get(leaver.student_id) ?? 0),
  });
  const listed = leavers
    .map((leaver: Leaver) => ({
      student_id: leaver.student_id,
      first_name: leaver.first_name,
      last_name: leaver.last_name,
      class_id: leaver.class_id,
      left_on: leaver.left_on,
      due_on: retentionDueOn(leaver.left_on, deps.config.retentionYears),
      ...count(leaver),
    }))
    .sort((a, b) => a.due_on.localeCompare(b.due_on) || a.student_id.localeCompare(b.student_id));
  return { today, due: listed.filter((entry) => entry.due_on <= today), upcoming: listed.filter((entry) => entry.due_on > today) };
}

/** GET /api/retention: the rule, the leavers whose health data and documents are due to be erased, and those due later. */
export async function loadRetention(deps: Deps): Promise<Retention> {
  return { retention_years: deps.config.retentionYears, ...(await leaversWithCounts(deps.db, deps)) };
}

const totals = (entries: readonly RetentionCounts[]): RetentionCounts => ({
  health_fields: entries.reduce((sum, entry) => sum + entry.health_fields, 0),
  snapshot_fields: entries.reduce((sum, entry) => sum + entry.snapshot_fields, 0),
  documents: entries.reduce((sum, entry) => sum + entry.documents, 0),
});

/** What an erasure did (or would do), in words and counts. */
function eraseResult(dryRun: boolean, students: number, counts: RetentionCounts): RetentionEraseResult {
  const what = `health data and documents of ${students} ${students === 1 ? 'student' : 'students'} who left (${counts.health_fields} health fields, ${counts.snapshot_fields} in past years' records, ${counts.documents} documents)`;
  const message = students === 0 ? 'Nothing is due to be erased.' : dryRun ? `Erasing would remove the ${what}.` : `Erased the ${what}.`;
  return { dry_run: dryRun, students, ...counts, message };
}

/** An audit row of the erasure: counts only, never the data. */
function erasureAudit(by: Eraser, entry: { action: AuditAction; studentId?: string; detail: string }): Insertable<AuditLogTable> {
  if (by !== 'command') return auditRow(by, entry);
  return {
    at: nowIso(),
    actor_kind: 'system',
    actor_id: 'npm run retention',
    action: entry.action,
    student_id: entry.studentId ?? null,
    ip: null,
    detail: entry.detail,
    request_id: null,
  };
}

const countsText = (counts: RetentionCounts) =>
  `${counts.health_fields} health fields, ${counts.snapshot_fields} in past years' records, ${counts.documents} documents`;

/**
 * POST /api/retention/erase and `npm run retention`: erases the health data (every Health Data
 * field, in her record and in the snapshots of past years) and the documents (the immunization
 * card among them) of each leaver whose RETENTION_YEARS have passed, in one transaction, audited
 * with counts (decision 046). A dry run only counts. Each leaving is claimed once, so calls at
 * the same time never erase twice and their counts add up to what was due; the documents' bytes
 * go from the file store with the commit. It ends by taking what it removed out of the
 * database's files (`reclaimErasedSpace`), so erased data is not found there byte by byte.
 */
export async function eraseDueData(deps: Deps, by: Eraser, { dry_run: dryRun }: { dry_run: boolean }): Promise<RetentionEraseResult> {
  if (dryRun) {
    const { due } = await leaversWithCounts(deps.db, deps);
    return eraseResult(true, due.length, totals(due));
  }
  const result = await eraseInOneTransaction(deps, by);
  // Also when nothing was due: a re-run finishes what an interrupted erasure left undone.
  await removeErasedFilesLeft(deps);
  await reclaimErasedSpace(deps, { storedFiles: result.documents > 0 });
  return result;
}

/**
 * Removes from the store the bytes of documents an erasure took out of the rows, if they are
 * still there: the store removes them just after the erasure's commit, so only a process ended in
 * between leaves any. Run after every erasure and at start-up (`finishErasuresAtStart`). Answers
 * how many it found.
 */
export async function removeErasedFilesLeft(deps: Pick<Deps, 'db' | 'files'>): Promise<number> {
  const keys = await repository.erasedFilesLeft(deps.db);
  for (const key of keys) await deps.files.remove(key);
  await repository.forgetErasedFiles(deps.db, keys);
  return keys.length;
}

/** How long an erasure waits for what holds back taking its rows out of the files, and the pause between looks. */
const RECLAIM_WAIT_MS = 10_000;
const RECLAIM_PAUSE_MS = 50;

/**
 * Takes what was erased out of the database's files (the repository says how, for each database).
 * While a reader holds up SQLite's checkpoint, or a transaction older than the erasure runs on the
 * PostgreSQL server, it looks again, for up to ten seconds; then it does what it can: SQLite's own
 * checkpoints carry the zeroed pages into the file as it runs, and PostgreSQL's rewrite keeps only
 * the rows such a transaction could still read.
 */
async function reclaimErasedSpace(deps: Pick<Deps, 'db' | 'dialect' | 'config'>, { storedFiles }: { storedFiles: boolean }): Promise<void> {
  const since = await repository.transactionsMark(deps.db, deps.dialect);
  const until = Date.now() + RECLAIM_WAIT_MS;
  const options = { storedFiles: storedFiles && deps.config.fileStore === 'database', since };
  while (!(await repository.reclaimErasedSpace(deps.db, deps.dialect, { ...options, force: Date.now() >= until })))
    await new Promise((resolve) => setTimeout(resolve, RECLAIM_PAUSE_MS));
}

/**
 * The erasure itself: claims the due leavings, empties their health data, removes their documents
 * and their absence notes' words and files, audits, in one transaction.
 */
function eraseInOneTransaction(deps: Deps, by: Eraser): Promise<RetentionEraseResult> {
  return deps.files.change(async (trx, change) => {
    const { due } = await leaversWithCounts(trx, deps);
    const erasedAt = nowIso();
    const claimed = new Set(
      (
        await repository.claim(
          trx,
          due.map((entry) => ({ student_id: entry.student_id, left_on: entry.left_on, erased_at: erasedAt })),
        )
      ).map((row) => row.student_id),
    );
    const erasing = due.filter((entry) => claimed.has(entry.student_id));
    const ids = erasing.map((entry) => entry.student_id);
    if (ids.length === 0) return eraseResult(false, 0, totals([]));
    // Read again under the claim: what this transaction erases, whatever changed since the list was read.
    const [documents, snapshots, notes] = await Promise.all([repository.documentsOf(trx, ids), repository.snapshotsOf(trx, ids), noteDataOf(trx, ids)]);
    await repository.eraseHealthFields(trx, ids, nextVersion(erasedAt));
    for (const snapshot of snapshots) {
      const record = JSON.parse(snapshot.record) as Record<string, FieldValue>;
      if (healthFieldsHeld(record) > 0) await repository.rewriteSnapshot(trx, snapshot.id, JSON.stringify({ ...record, ...erasedHealthValues }));
    }
    await repository.deleteDocuments(
      trx,
      ids,
      documents.map((document) => document.id),
    );
    // Her absence notes' words and files (decision 065); the days they excuse stay, as her attendance does.
    await eraseNoteData(trx, notes);
    const erasedKeys = [...documents.map((document) => document.stored_name), ...notes.flatMap((note) => (note.fileKey ? [note.fileKey] : []))];
    // Named until their bytes are gone: a process ended after the commit leaves them to the next start or erasure.
    await repository.recordErasedFiles(trx, erasedKeys, erasedAt);
    for (const key of erasedKeys) await change.release(key);
    await repository.clearStepFlags(trx, ids);
    const counts = totals(erasing);
    const rows = erasing.map((entry) => erasureAudit(by, { action: 'student.data-erased', studentId: entry.student_id, detail: countsText(entry) }));
    rows.push(erasureAudit(by, { action: 'retention.erased', detail: `${studentsHeld(ids.length)}: ${countsText(counts)}` }));
    await writeAuditRows(trx, rows);
    return eraseResult(false, ids.length, counts);
  });
}
