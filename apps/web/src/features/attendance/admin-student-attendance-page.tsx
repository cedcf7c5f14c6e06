import Alert from '@mui/material/Alert';
import { useParams } from '../../lib/router/index.ts';
import { useSchoolTimeZone } from '../../api/get-school-config.ts';
import { formatSchoolDay } from '../../lib/format-day.ts';
import { useMay } from '../../lib/use-may.ts';
import { useNotificationStops } from './api/get-notification-stops.ts';
import { AttendanceView } from '../../components/light/attendance-view.tsx';

/**
 * `/admin/students/:studentId/attendance`: the same screen as the student's, for any student (a
 * row action of the students table), with the parents' addresses that stopped absence messages about her
 * for staff who may read her record (a teacher sees her attendance only, decision 048).
 */
export default function AdminStudentAttendancePage() {
  const { studentId } = useParams();
  const may = useMay();
  const timeZone = useSchoolTimeZone();
  const { data: stops } = useNotificationStops(may('records:read') ? studentId : undefined);
  return (
    <>
      {stops && stops.length > 0 && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Absence messages stopped with the link in one: {stops.map((stop) => `${stop.recipient} (${formatSchoolDay(stop.stopped_at, timeZone)})`).join(', ')}.
        </Alert>
      )}
      <AttendanceView studentId={studentId} />
    </>
  );
}
