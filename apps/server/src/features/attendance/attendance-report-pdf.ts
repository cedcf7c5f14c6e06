import { attendancePercentages, displayName, type AttendanceRecord } from '@school/contract';
import {
  dataTable,
  DASH,
  labelValueTable,
  pageSizes,
  pdfColours,
  renderPdf,
  schoolDocument,
  type Content,
  type PrintRequester,
  type SchoolDocument,
} from '../../lib/pdf/index.ts';
import { excusedOn, type AttendanceFigures, type ExcusedSessions, type SchoolDay } from './school-sessions.ts';

export type AttendanceReportInput = {
  schoolName: string;
  timeZone: string;
  printedAt: Date;
  student: { id: string; first_name: string | null; last_name: string | null; class_id: string | null };
  start: string;
  end: string;
  figures: AttendanceFigures;
  /** The school days of the range that count (decision 022). */
  days: SchoolDay[];
  records: Array<Pick<AttendanceRecord, 'date_scanned' | 'attendance_am' | 'attendance_pm' | 'late' | 'time_in' | 'time_out'>>;
  /** The sessions accepted absence notes cover (decision 065): an absence among them reads 'Excused'. */
  excused: ExcusedSessions;
};

const weekday = (date: string) => new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', { weekday: 'short', timeZone: 'UTC' });
const mark = (held: boolean, present: number | undefined, excused: boolean) => (!held ? DASH : present === 1 ? 'Present' : excused ? 'Excused' : 'Absent');
const time = (value: string | null | undefined) => (value ? value.slice(0, 5) : null);

/**
 * The attendance report (SPEC §2): the student, the range, totals and both percentages, and each
 * school day, late days marked; an absence an accepted note excuses reads 'Excused', and is counted
 * apart from the other absences (decision 065).
 */
export function attendanceReportDefinition(input: AttendanceReportInput): SchoolDocument {
  const { student, figures } = input;
  const name = displayName(student) || DASH;
  const percentages = attendancePercentages({ possible_attendance: figures.possible, attendance: figures.present, lates: figures.lates });
  const byDate = new Map(input.records.map((record) => [record.date_scanned, record]));
  const rows = input.days.map((day) => {
    const record = byDate.get(day.date);
    const late = day.am && record?.late === 1;
    const excuse = excusedOn(day, record, input.excused);
    const style = late ? { bold: true, color: pdfColours.secondary } : {};
    return [
      { text: `${day.date} ${weekday(day.date)}`, ...style },
      { text: mark(day.am, record?.attendance_am, excuse === 'am' || excuse === 'both'), ...style },
      { text: mark(day.pm, record?.attendance_pm, excuse === 'pm' || excuse === 'both'), ...style },
      { text: late ? 'LATE' : '', ...style },
      { text: time(record?.time_in) ?? DASH, ...style },
      { text: time(record?.time_out) ?? DASH, ...style },
    ];
  });
  const content: Content[] = [
    { text: name, style: 'student' },
    { text: `Student ID ${student.id} · Class ${student.class_id ?? DASH} · ${input.start} to ${input.end}`, margin: [0, 2, 0, 6] },
    ...labelValueTable('Totals (sessions: AM and PM of each school day)', [
      ['Possible sessions', figures.possible],
      ['Present', `${figures.present} (${percentages.present}%)`],
      ['Absent', Math.max(figures.possible - figures.present - figures.excused, 0)],
      ['Excused (absence notes accepted)', figures.excused],
      ['Late mornings', figures.lates],
      ['Punctual', `${percentages.punctual}%`],
      ['School days', input.days.length],
    ]),
    { text: 'Day by day', style: 'heading' },
    input.days.length === 0
      ? { text: 'There were no school days in this range.', color: pdfColours.muted }
      : dataTable(
          [
            { header: 'Date', width: 95 },
            { header: 'AM' },
            { header: 'PM' },
            { header: 'Late', width: 45 },
            { header: 'Time In', width: 55 },
            { header: 'Time Out', width: 55 },
          ],
          rows,
        ),
  ];
  return schoolDocument({
    schoolName: input.schoolName,
    title: 'Student Attendance Report',
    pageSize: pageSizes.standard,
    timeZone: input.timeZone,
    printedAt: input.printedAt,
    footerNote: `Attendance of ${name} (${student.id}), ${input.start} to ${input.end}`,
    subject: `Student ${student.id}`,
    styles: { student: { fontSize: 14, bold: true } },
    content,
  });
}

/** Renders the attendance report to a PDF buffer, printed for `requester` (decision 041). */
export function renderAttendanceReport(requester: PrintRequester, input: AttendanceReportInput): Promise<Buffer> {
  return renderPdf(attendanceReportDefinition(input), requester);
}
