import { messages } from '@school/contract/messages';
import { displayName } from '@school/contract/names';
import { PdfDialog } from '../../../components/mui/pdf-dialog.tsx';
import { useStepUp } from '../../../components/mui/step-up-dialog.tsx';
import type { StudentRow } from '../api/get-students.ts';

/**
 * Row action Registration Form: the student's registration form PDF in a full-width dialog. Past
 * the hour's allowance of records read, the form asks for a second factor first.
 */
export function RegistrationFormDialog({ student, onClose }: { student: StudentRow; onClose: () => void }) {
  const title = `Registration Form – ${displayName(student)}`;
  const { guard, dialog } = useStepUp();
  return (
    <>
      <PdfDialog title={title} source={`/api/registration-form/${encodeURIComponent(student.id)}`} note={messages.legalSheet} onClose={onClose} guard={guard} />
      {dialog}
    </>
  );
}
