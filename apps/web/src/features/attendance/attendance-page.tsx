import { useSession } from '../../api/get-session.ts';
import { AttendanceWithNotes } from '../../components/light/attendance-with-notes.tsx';
import { AttendanceView } from '../../components/light/attendance-view.tsx';

/**
 * `/attendance` (SPEC §2): the signed-in student's attendance this term, and her absence notes
 * (decision 065): those her guardians sent, and a note of her own where the school allows it.
 */
export default function AttendancePage() {
  const { data: session } = useSession();
  return session?.userID ? <AttendanceWithNotes studentId={session.userID} ownNotes /> : <AttendanceView studentId={null} />;
}
