import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { attendancePercentages } from '@school/contract/attendance';
import { termNames, academicYearLabel } from '@school/contract/api-types';
import { displayName } from '@school/contract/names';
import { lazy, Suspense, useState } from 'react';
import { failureMessage, LoadFailed } from '../../../components/load-failed.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useStudentAttendance } from '../api/get-student-attendance.ts';
import { AttendanceDoughnut } from './attendance-doughnut.tsx';
import { AttendanceTable } from './attendance-table.tsx';

/** The report's dialog, with its date pickers, loads when it is opened. */
const ReportDialog = lazy(async () => ({ default: (await import('./report-dialog.tsx')).ReportDialog }));

const colours = { present: '#0b2a5b', absent: '#b0bec5', early: '#2e7d32', late: '#b71c1c' };

const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

/** The attendance screen (SPEC §2) of one student: the student herself at /attendance, an admin from the students table. */
export function AttendanceView({ studentId }: { studentId: string | null | undefined }) {
  const { data, error, isPending, refetch } = useStudentAttendance(studentId);
  const [reporting, setReporting] = useState(false);
  if (error) return <LoadFailed message={failureMessage(error, 'Attendance could not be loaded just now.')} onRetry={() => void refetch()} />;
  if (isPending || !data)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label="Loading attendance" />
      </Box>
    );
  const name = displayName(data);
  const { present, punctual } = attendancePercentages(data);
  const absent = Math.max(data.possible_attendance - data.attendance, 0);
  const term = data.term ? `${termNames[data.term] ?? data.term} Term ${data.year ? academicYearLabel(data.year) : ''}`.trim() : 'No term yet';
  return (
    <Box>
      <PageTitle>Student Attendance Records</PageTitle>
      <Box
        component="dl"
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          columnGap: 3,
          rowGap: 0.5,
          m: 0,
          mb: 2,
          '& dt': { color: 'text.secondary' },
          '& dd': { m: 0, fontWeight: 600 },
        }}
      >
        {[
          ['Name', name || '—'],
          ['Term', term],
          ['Student ID', data.student_id],
          ['Class', data.class_id ?? '—'],
        ].map(([label, value]) => (
          <Box key={label} sx={{ display: 'flex', gap: 1 }}>
            <dt>{label}:</dt>
            <dd>{value}</dd>
          </Box>
        ))}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <AttendanceDoughnut
          title="Attendance"
          percent={present}
          parts={[
            { label: 'Present', value: data.attendance, color: colours.present },
            { label: 'Absent', value: absent, color: colours.absent },
          ]}
          figures={[`Present: ${data.attendance}`, `Absent: ${absent}`]}
        />
        <AttendanceDoughnut
          title="Punctual"
          percent={punctual}
          parts={[
            { label: 'Early', value: Math.max(data.attendance - data.lates, 0), color: colours.early },
            { label: 'Late', value: data.lates, color: colours.late },
          ]}
          figures={[`Late: ${data.lates}`]}
        />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Counted in sessions: a morning and an afternoon for each school day of the term so far ({data.possible_attendance} sessions).
      </Typography>
      <Box sx={{ mb: 2 }}>
        <Button variant="contained" onClick={() => setReporting(true)}>
          Generate Report
        </Button>
      </Box>
      {data.attendance_records.length === 0 ? (
        <Alert severity="info">
          {data.term
            ? 'No attendance has been recorded yet this term. Your card scans at the school gate will show here, day by day.'
            : 'The school has not set this term’s dates yet, so there is no attendance to show.'}
        </Alert>
      ) : (
        <AttendanceTable records={data.attendance_records} />
      )}
      {reporting && studentId && (
        <Suspense fallback={<CircularProgress aria-label="Opening the report" sx={{ position: 'fixed', top: '50%', left: '50%' }} />}>
          <ReportDialog studentId={studentId} from={data.term_start} to={today()} onClose={() => setReporting(false)} />
        </Suspense>
      )}
    </Box>
  );
}
