import type { Insertable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { AttendanceRecordsTable } from '../../db/schema.ts';
import { nowIso } from '../../db/database.ts';
import { zonedTimestamp } from '../../lib/time-zone.ts';
import { attendanceRepository } from './repository.ts';
import type { BellTimes } from './school-sessions.ts';

/** A card scan as a scanner or an imported file gives it. */
export type IncomingScan = { scan_id: string; student_id: string; scanned_at: Date; direction: 'in' | 'out' };

/**
 * A student's record of a day from her scans (decision 023): she came at her first 'in' scan and
 * left at her last 'out' scan. Arriving before midday makes her present in the AM session, and
 * late when after SCHOOL_DAY_START; she is present in the PM session unless she left before midday
 * (arriving after midday: PM only). No 'in' scan: absent that day.
 */
export function dayRecord(
  studentId: string,
  date: string,
  scans: Array<{ time: string; direction: 'in' | 'out' }>,
  bells: BellTimes,
): Insertable<AttendanceRecordsTable> {
  const ins = scans.filter((scan) => scan.direction === 'in').map((scan) => scan.time);
  const outs = scans.filter((scan) => scan.direction === 'out').map((scan) => scan.time);
  const timeIn = ins.length ? ins.reduce((a, b) => (a < b ? a : b)) : null;
  const lastOut = outs.length ? outs.reduce((a, b) => (a > b ? a : b)) : null;
  const timeOut = lastOut && (!timeIn || lastOut > timeIn) ? lastOut : null;
  const midday = `${bells.midday}:00`;
  const am = timeIn !== null && timeIn < midday;
  const pm = timeIn !== null && (timeOut === null || timeOut >= midday);
  return {
    student_id: studentId,
    date_scanned: date,
    attendance_am: am ? 1 : 0,
    attendance_pm: pm ? 1 : 0,
    late: am && timeIn! > `${bells.dayStart}:00` ? 1 : 0,
    time_in: timeIn,
    time_out: timeOut,
    time_scanned_in: timeIn,
    time_scanned_out: lastOut,
  };
}

/**
 * Keeps the new scans (a scan id seen before is skipped) and rewrites the record of every student
 * day they touch from all of that day's scans, in the transaction given. Answers the ids kept and
 * how many student days changed.
 */
export async function storeScans(
  trx: Executor,
  scans: IncomingScan[],
  options: { source: string; timeZone: string; bells: BellTimes },
): Promise<{ kept: Set<string>; days: number }> {
  const receivedAt = nowIso();
  const rows = scans.map((scan) => ({
    scan_id: scan.scan_id,
    student_id: scan.student_id,
    scanned_at: scan.scanned_at.toISOString(),
    school_date: zonedTimestamp(scan.scanned_at, options.timeZone).slice(0, 10),
    direction: scan.direction,
    source: options.source,
    received_at: receivedAt,
  }));
  const kept = new Set(await attendanceRepository.insertScans(trx, rows));
  const touched = new Map<string, { student: string; date: string }>();
  for (const row of rows) if (kept.has(row.scan_id)) touched.set(`${row.student_id} ${row.school_date}`, { student: row.student_id, date: row.school_date });
  for (const { student, date } of touched.values()) {
    const dayScans = (await attendanceRepository.scansOfDay(trx, student, date)).map((scan) => ({
      time: zonedTimestamp(new Date(scan.scanned_at), options.timeZone).slice(11, 19),
      direction: scan.direction,
    }));
    await attendanceRepository.upsertRecord(trx, dayRecord(student, date, dayScans, options.bells));
  }
  return { kept, days: touched.size };
}
