import { useParams } from 'react-router';
import { AttendanceView } from './components/attendance-view.tsx';

/** `/admin/students/:studentId/attendance`: the same screen as the student's, for any student (a row action of the students table). */
export default function AdminStudentAttendancePage() {
  const { studentId } = useParams();
  return <AttendanceView studentId={studentId} />;
}
