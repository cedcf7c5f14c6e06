import { attendancePercentages } from '@school/contract/attendance';
import { termNames, academicYearLabel } from '@school/contract/api-types';
import { displayName } from '@school/contract/names';
import { lazy, Suspense, useState } from 'react';
import { LightAlert } from './light-alert.tsx';
import { LightButton } from './light-button.tsx';
import { LightSpinner } from './light-spinner.tsx';
import { failureMessage, LoadFailed } from './load-failed.tsx';
import { LoadingOverlay } from './loading-overlay.tsx';
import { PageTitle } from './page-title.tsx';
import { today } from '../../lib/format-day.ts';
import { useStudentAttendance } from '../../api/get-student-attendance.ts';
import { AttendanceDoughnut } from './attendance-doughnut.tsx';
import { AttendanceTable } from './attendance-table.tsx';
import './attendance.css';

/** The report's dialog, with its date pickers, loads when it is opened (MUI, in MUI's theme). */
const ReportDialog = lazy(async () => ({ default: (await import('../mui/attendance-report-dialog.tsx')).ReportDialog }));

const colours = { present: '#0b2a5b', absent: '#b0bec5', excused: '#7e57c2', early: '#2e7d32', late: '#b71c1c' };

/**
 * The attendance screen (SPEC §2) of one student: the student herself at /attendance, an admin from
 * the students table, a guardian on her dashboard (`firstName` given: a part of that screen, under
 * its title, speaking of the girl by her name).
 */
export function AttendanceView({ studentId, firstName }: { studentId: string | null | undefined; firstName?: string }) {
  const { data, error, isPending, refetch } = useStudentAttendance(studentId);
  const [reporting, setReporting] = useState(false);
  const part = firstName !== undefined;
  // The title comes at once, the records under it when they arrive.
  const title = <PageTitle level={part ? 2 : 1}>{part ? 'Attendance' : 'Student Attendance Records'}</PageTitle>;
  if (error || isPending || !data)
    return (
      <div>
        {title}
        {error ? (
          <LoadFailed message={failureMessage(error, 'Attendance could not be loaded just now.')} onRetry={() => void refetch()} />
        ) : (
          <LightSpinner label="Loading attendance" centred />
        )}
      </div>
    );
  const name = displayName(data);
  const { present, punctual } = attendancePercentages(data);
  // Absences an accepted absence note excuses are counted apart (decision 065); a server older than notes sends none.
  const excused = data.excused ?? 0;
  const absent = Math.max(data.possible_attendance - data.attendance - excused, 0);
  const term = data.term ? `${termNames[data.term] ?? data.term} Term ${data.year ? academicYearLabel(data.year) : ''}`.trim() : 'No term yet';
  return (
    <div>
      {title}
      <dl className="attendance-facts">
        {[
          ['Name', name || '—'],
          ['Term', term],
          ['Student ID', data.student_id],
          ['Class', data.class_id ?? '—'],
        ].map(([label, value]) => (
          <div key={label}>
            <dt>{label}:</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="attendance-doughnuts">
        <AttendanceDoughnut
          title="Attendance"
          percent={present}
          parts={[
            { label: 'Present', value: data.attendance, color: colours.present },
            { label: 'Absent', value: absent, color: colours.absent },
            { label: 'Excused', value: excused, color: colours.excused },
          ]}
          figures={[`Present: ${data.attendance}`, `Absent: ${absent}`, `Excused: ${excused}`]}
          headingLevel={part ? 3 : 2}
        />
        <AttendanceDoughnut
          title="Punctual"
          percent={punctual}
          parts={[
            { label: 'Early', value: Math.max(data.attendance - data.lates, 0), color: colours.early },
            { label: 'Late', value: data.lates, color: colours.late },
          ]}
          figures={[`Late: ${data.lates}`]}
          headingLevel={part ? 3 : 2}
        />
      </div>
      <p className="light-small light-secondary attendance-note">
        Counted in sessions: a morning and an afternoon for each school day of the term so far ({data.possible_attendance} sessions).
      </p>
      <div className="attendance-report">
        <LightButton onClick={() => setReporting(true)}>Generate Report</LightButton>
      </div>
      {data.attendance_records.length === 0 ? (
        <LightAlert severity="info">
          {data.term
            ? `No attendance has been recorded yet this term. ${part ? `${firstName}’s` : 'Your'} card scans at the school gate will show here, day by day.`
            : 'The school has not set this term’s dates yet, so there is no attendance to show.'}
        </LightAlert>
      ) : (
        <AttendanceTable records={data.attendance_records} headingLevel={part ? 3 : 2} />
      )}
      {reporting && studentId && (
        <Suspense fallback={<LoadingOverlay open label="Opening the report" />}>
          <ReportDialog studentId={studentId} from={data.term_start} to={today()} onClose={() => setReporting(false)} />
        </Suspense>
      )}
    </div>
  );
}
