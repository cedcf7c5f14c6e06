import type { ClosedDay, Term } from '@school/contract';
import type { Insertable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { AttendanceRecordsTable, AttendanceScansTable } from '../../db/schema.ts';

const recordColumns = ['date_scanned', 'attendance_am', 'attendance_pm', 'late', 'time_in', 'time_out', 'time_scanned_in', 'time_scanned_out'] as const;

/** Rows per statement, well under both databases' limits on bound values. */
const CHUNK = 200;
const chunks = <T>(items: T[]): T[][] => Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, index) => items.slice(index * CHUNK, (index + 1) * CHUNK));

export const attendanceRepository = {
  /** The student's name and class, for the screen's title and the report. */
  findStudent(db: Executor, studentId: string) {
    return db.selectFrom('students').select(['id', 'first_name', 'last_name', 'class_id']).where('id', '=', studentId).executeTakeFirst();
  },

  /** Which of these student IDs exist. */
  async existingStudentIds(db: Executor, ids: string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (const part of chunks([...new Set(ids)])) {
      if (part.length === 0) continue;
      for (const row of await db.selectFrom('students').select('id').where('id', 'in', part).execute()) found.add(row.id);
    }
    return found;
  },

  /** Every day of scans the student has, oldest first. */
  allRecords(db: Executor, studentId: string) {
    return db.selectFrom('attendance_records').select(recordColumns).where('student_id', '=', studentId).orderBy('date_scanned').execute();
  },

  /** The student's day records from `from` to `to`, newest first. */
  recordsBetween(db: Executor, studentId: string, from: string, to: string) {
    return db
      .selectFrom('attendance_records')
      .select(recordColumns)
      .where('student_id', '=', studentId)
      .where('date_scanned', '>=', from)
      .where('date_scanned', '<=', to)
      .orderBy('date_scanned', 'desc')
      .execute();
  },

  /** The day records of several students from `from` to `to` (the days absence notes cover). */
  recordsOf(db: Executor, studentIds: string[], from: string, to: string) {
    return db
      .selectFrom('attendance_records')
      .select(['student_id', ...recordColumns])
      .where('student_id', 'in', studentIds)
      .where('date_scanned', '>=', from)
      .where('date_scanned', '<=', to)
      .execute();
  },

  /**
   * The accepted absence notes of these students that reach into `from`–`to` (decision 065): read
   * here, where the sessions they excuse are counted; the notes' own feature writes them.
   */
  acceptedNotesOf(db: Executor, studentIds: string[], from: string, to: string) {
    return db
      .selectFrom('absence_notes')
      .select(['student_id', 'from_date', 'to_date', 'sessions'])
      .where('student_id', 'in', studentIds)
      .where('status', '=', 'accepted')
      .where('from_date', '<=', to)
      .where('to_date', '>=', from)
      .execute();
  },

  /** Whether any student has a day record from `from` to `to`: did the school record card scans then. */
  async anyRecordBetween(db: Executor, from: string, to: string): Promise<boolean> {
    const row = await db
      .selectFrom('attendance_records')
      .select('id')
      .where('date_scanned', '>=', from)
      .where('date_scanned', '<=', to)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  },

  listTerms(db: Executor): Promise<Term[]> {
    return db.selectFrom('terms').select(['year', 'term', 'start_date', 'end_date']).orderBy('start_date').execute() as Promise<Term[]>;
  },

  listClosedDays(db: Executor): Promise<ClosedDay[]> {
    return db.selectFrom('closed_days').select(['date', 'reason']).orderBy('date').execute();
  },

  /** Replaces the whole calendar (pass the transaction). */
  async replaceCalendar(trx: Executor, terms: Term[], closedDays: ClosedDay[]): Promise<void> {
    await trx.deleteFrom('terms').execute();
    await trx.deleteFrom('closed_days').execute();
    if (terms.length) await trx.insertInto('terms').values(terms).execute();
    for (const part of chunks(closedDays)) await trx.insertInto('closed_days').values(part).execute();
  },

  /** Which of these scan ids are already kept. */
  async knownScanIds(db: Executor, scanIds: string[]): Promise<Set<string>> {
    const known = new Set<string>();
    for (const part of chunks([...new Set(scanIds)])) {
      if (part.length === 0) continue;
      for (const row of await db.selectFrom('attendance_scans').select('scan_id').where('scan_id', 'in', part).execute()) known.add(row.scan_id);
    }
    return known;
  },

  /** Keeps the scans whose ids are new; answers the ids it kept (a scan id seen before, even by a concurrent batch, is skipped). */
  async insertScans(trx: Executor, scans: Array<Insertable<AttendanceScansTable>>): Promise<string[]> {
    const kept: string[] = [];
    for (const part of chunks(scans)) {
      if (part.length === 0) continue;
      const rows = await trx
        .insertInto('attendance_scans')
        .values(part)
        .onConflict((conflict) => conflict.column('scan_id').doNothing())
        .returning('scan_id')
        .execute();
      kept.push(...rows.map((row) => row.scan_id));
    }
    return kept;
  },

  /** Every scan of a student on one school date, earliest first. */
  scansOfDay(db: Executor, studentId: string, schoolDate: string) {
    return db
      .selectFrom('attendance_scans')
      .select(['scanned_at', 'direction'])
      .where('student_id', '=', studentId)
      .where('school_date', '=', schoolDate)
      .orderBy('scanned_at')
      .execute();
  },

  /** Writes a student's record of a day, replacing the one there was. */
  upsertRecord(trx: Executor, record: Insertable<AttendanceRecordsTable>) {
    const { student_id: _student, date_scanned: _date, ...changes } = record;
    return trx
      .insertInto('attendance_records')
      .values(record)
      .onConflict((conflict) => conflict.columns(['student_id', 'date_scanned']).doUpdateSet(changes))
      .execute();
  },

  findScannerByHash(db: Executor, tokenHash: string) {
    return db.selectFrom('scanner_tokens').select(['id', 'name', 'revoked_at']).where('token_hash', '=', tokenHash).executeTakeFirst();
  },

  markScannerUsed(db: Executor, id: number, at: string) {
    return db.updateTable('scanner_tokens').set({ last_used_at: at }).where('id', '=', id).execute();
  },

  listScanners(db: Executor) {
    return db.selectFrom('scanner_tokens').select(['name', 'created_at', 'revoked_at', 'last_used_at']).orderBy('name').execute();
  },

  createScanner(db: Executor, name: string, tokenHash: string, at: string) {
    return db.insertInto('scanner_tokens').values({ name, token_hash: tokenHash, created_at: at, revoked_at: null, last_used_at: null }).execute();
  },

  async revokeScanner(db: Executor, name: string, at: string): Promise<boolean> {
    const result = await db.updateTable('scanner_tokens').set({ revoked_at: at }).where('name', '=', name).where('revoked_at', 'is', null).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },
};
