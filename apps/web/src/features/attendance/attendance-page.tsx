import { useSession } from '../../api/get-session.ts';
import { AttendanceView } from '../../components/light/attendance-view.tsx';

/** `/attendance` (SPEC §2): the signed-in student's attendance this term. */
export default function AttendancePage() {
  const { data: session } = useSession();
  return <AttendanceView studentId={session?.userID} />;
}
