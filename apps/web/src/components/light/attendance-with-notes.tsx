import { useStudentAttendance } from '../../api/get-student-attendance.ts';
import { AbsenceNotes } from './absence-notes.tsx';
import { AttendanceView } from './attendance-view.tsx';

/**
 * A girl's attendance and, under it, her absence notes (decision 065): the student's own at
 * /attendance (`ownNotes`), or a guardian's daughter's (`firstName` given). The notes come once the
 * attendance has loaded (or failed to), so that nothing of theirs is drawn where the attendance is
 * about to be and pushed down when it comes.
 */
export function AttendanceWithNotes({ studentId, firstName, ownNotes = false }: { studentId: string; firstName?: string; ownNotes?: boolean }) {
  const { isPending } = useStudentAttendance(studentId);
  return (
    <>
      <AttendanceView studentId={studentId} firstName={firstName} />
      {!isPending && <AbsenceNotes studentId={studentId} firstName={firstName} ownNotes={ownNotes} />}
    </>
  );
}
