import { createHash } from 'node:crypto';
import { isRealDate, messages, type AttendanceImportAnswer } from '@school/contract';
import { z } from 'zod';
import type { AdminActor } from '../../session/actor.ts';
import type { Deps } from '../../lib/deps.ts';
import { zonedLocalToUtc } from '../../lib/time-zone.ts';
import type { ReceivedFile } from '../../lib/uploads/index.ts';
import { readSpreadsheet, validateRows, type ImportColumn, type ImportError } from '../../lib/xlsx/index.ts';
import { serverSecret } from '../../db/server-secret.ts';
import { writeAudit } from '../audit/index.ts';
import { notifyAbsenceDay } from '../notifications/index.ts';
import { attendanceRepository } from './repository.ts';
import { storeScans, type IncomingScan } from './scan-days.ts';
import { endedSchoolDays } from './school-day-end.ts';
import { schoolClock } from './school-sessions.ts';
import { bellTimes, readCalendar } from './term-calendar.ts';

/** A scan id made from what a file's row says, so importing the same file again finds the same scans. */
const fileScanId = (studentId: string, date: string, time: string, direction: string) =>
  `file-${createHash('sha256').update(`${studentId}|${date}|${time}|${direction}`).digest('hex').slice(0, 32)}`;

type ScanField = 'student_id' | 'date' | 'time_in' | 'time_out' | 'time' | 'direction';

/** The card system's export: one row per student per day (Time In, Time Out) or one row per scan (Time, and Direction when it has one). */
export const scanFileColumns: Array<ImportColumn<ScanField>> = [
  { field: 'student_id', header: 'Student ID', aliases: ['id', 'student', 'card id'], required: true },
  { field: 'date', header: 'Date', aliases: ['date scanned', 'scan date'], required: true },
  { field: 'time_in', header: 'Time In', aliases: ['in'] },
  { field: 'time_out', header: 'Time Out', aliases: ['out'] },
  { field: 'time', header: 'Time', aliases: ['scan time', 'time scanned'] },
  { field: 'direction', header: 'Direction', aliases: ['in out', 'type'] },
];

const pad = (value: number) => String(value).padStart(2, '0');

/** A date cell: an Excel date, or text yyyy-MM-dd. */
const dateCell = z.union([z.date(), z.string()]).transform((value, context) => {
  const text = value instanceof Date ? value.toISOString().slice(0, 10) : value.trim();
  if (!isRealDate(text)) {
    context.addIssue({ code: 'custom', message: messages.scanDate });
    return z.NEVER;
  }
  return text;
});

/** A time cell: an Excel time, a fraction of a day, or text HH:mm or HH:mm:ss; as HH:mm:ss. */
const timeCell = z
  .union([z.date(), z.number(), z.string()])
  .nullable()
  .transform((value, context) => {
    if (value === null) return null;
    if (value instanceof Date) return `${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}:${pad(value.getUTCSeconds())}`;
    if (typeof value === 'number') {
      if (value < 0 || value >= 1) {
        context.addIssue({ code: 'custom', message: messages.scanTime });
        return z.NEVER;
      }
      const seconds = Math.round(value * 86400);
      return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
    }
    const match = /^([01]?\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/.exec(value.trim());
    if (!match) {
      context.addIssue({ code: 'custom', message: messages.scanTime });
      return z.NEVER;
    }
    return `${pad(Number(match[1]))}:${match[2]}:${match[3] ?? '00'}`;
  });

const scanRowSchema = z
  .object({
    student_id: z.union([z.string(), z.number()], { message: messages.studentIdMissing }).transform((value) => String(value).trim()),
    date: dateCell,
    time_in: timeCell,
    time_out: timeCell,
    time: timeCell,
    direction: z
      .string()
      .nullable()
      .transform((value, context) => {
        if (value === null) return null;
        const direction = value.trim().toLowerCase();
        if (direction !== 'in' && direction !== 'out') {
          context.addIssue({ code: 'custom', message: "The direction is 'in' or 'out'." });
          return z.NEVER;
        }
        return direction as 'in' | 'out';
      }),
  })
  .refine((row) => row.time_in !== null || row.time_out !== null || row.time !== null, {
    message: messages.scanNoTime,
    path: ['time_in'],
  });

/** A wall-clock date and time of the school as an instant. */
const schoolInstant = (date: string, time: string, timeZone: string): Date =>
  new Date(Date.parse(zonedLocalToUtc(`${date}T${time.slice(0, 5)}`, timeZone)) + Number(time.slice(6, 8)) * 1000);

/** The scans a file's rows hold: undirected scans of a day are 'in' for the earliest and 'out' for the rest. */
function scansOfRows(rows: Array<z.output<typeof scanRowSchema>>, timeZone: string): Array<IncomingScan & { date: string; time: string }> {
  const scans: Array<IncomingScan & { date: string; time: string }> = [];
  const add = (studentId: string, date: string, time: string, direction: 'in' | 'out') =>
    scans.push({
      scan_id: fileScanId(studentId, date, time, direction),
      student_id: studentId,
      scanned_at: schoolInstant(date, time, timeZone),
      direction,
      date,
      time,
    });
  const undirected = new Map<string, { studentId: string; date: string; times: string[] }>();
  for (const row of rows) {
    if (row.time_in) add(row.student_id, row.date, row.time_in, 'in');
    if (row.time_out) add(row.student_id, row.date, row.time_out, 'out');
    if (row.time && row.direction) add(row.student_id, row.date, row.time, row.direction);
    else if (row.time) {
      const key = `${row.student_id} ${row.date}`;
      const entry = undirected.get(key) ?? { studentId: row.student_id, date: row.date, times: [] };
      entry.times.push(row.time);
      undirected.set(key, entry);
    }
  }
  for (const { studentId, date, times } of undirected.values()) times.sort().forEach((time, index) => add(studentId, date, time, index === 0 ? 'in' : 'out'));
  return scans;
}

/**
 * Imports the card system's export (decision 023): every row checked, unknown students refused, a
 * dry run that changes nothing, and scans kept once by a scan id made from their content, so the
 * same file imported twice adds nothing. With any error nothing is imported.
 */
export async function importAttendanceScans(deps: Deps, actor: AdminActor, props: { dry_run: boolean; file: ReceivedFile }): Promise<AttendanceImportAnswer> {
  const dryRun = props.dry_run;
  const zone = deps.config.schoolTimeZone;
  const { rows, errors: readErrors } = await readSpreadsheet(props.file, scanFileColumns);
  const { valid, errors: rowErrors } = validateRows(rows, scanFileColumns, scanRowSchema);
  const errors: ImportError[] = [...readErrors, ...rowErrors];
  if (rows.length === 0 && errors.length === 0) errors.push({ row: 0, column: null, message: messages.noScanRows });
  const known = await attendanceRepository.existingStudentIds(
    deps.db,
    valid.map((row) => row.value.student_id),
  );
  for (const { row, value } of valid)
    if (!known.has(value.student_id)) errors.push({ row, column: 'Student ID', message: messages.noStudentWithId(value.student_id) });
  const scans = scansOfRows(
    valid.map((row) => row.value),
    zone,
  );
  const unique = [...new Map(scans.map((scan) => [scan.scan_id, scan])).values()];
  const seen = await attendanceRepository.knownScanIds(
    deps.db,
    unique.map((scan) => scan.scan_id),
  );
  const fresh = unique.filter((scan) => !seen.has(scan.scan_id));
  const answer = {
    dry_run: dryRun,
    rows: rows.length,
    scans: unique.length,
    new_scans: fresh.length,
    duplicates: unique.length - fresh.length,
    days: new Set(fresh.map((scan) => `${scan.student_id} ${scan.date}`)).size,
    preview: unique.slice(0, 20).map((scan) => ({
      student_id: scan.student_id,
      date: scan.date,
      time: scan.time.slice(0, 5),
      direction: scan.direction,
      new: seen.has(scan.scan_id) ? 'no' : 'yes',
    })),
    errors: errors.sort((a, b) => a.row - b.row),
  };
  if (dryRun || errors.length > 0) return answer;
  const secret = await serverSecret(deps.db);
  const ended = new Set(endedSchoolDays(deps, await readCalendar(deps), schoolClock(new Date(), zone)));
  const stored = await deps.writeTransaction(async (trx) => {
    const result = await storeScans(trx, fresh, { source: 'import', timeZone: zone, bells: bellTimes(deps) });
    // An import of an ended school day of the last few tells its absences, or corrects what was told (decision 047).
    for (const date of [...new Set(fresh.map((scan) => scan.date))].sort()) if (ended.has(date)) await notifyAbsenceDay(trx, deps, secret, actor, date);
    await writeAudit(trx, actor, {
      action: 'attendance.imported',
      detail: `${result.kept.size} new scans, ${result.days} student days from ${rows.length} rows`,
    });
    return result;
  });
  return { ...answer, new_scans: stored.kept.size, duplicates: unique.length - stored.kept.size, days: stored.days };
}
