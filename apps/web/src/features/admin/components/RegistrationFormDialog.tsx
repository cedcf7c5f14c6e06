import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { StudentRow } from '../api/students.ts';

/** Row action Registration Form: the student's registration form PDF in a full-width dialog. */
export function RegistrationFormDialog({ student, onClose }: { student: StudentRow; onClose: () => void }) {
  const title = `Registration Form – ${[student.first_name, student.last_name].filter(Boolean).join(' ')}`;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" aria-labelledby="registration-form-title">
      <DialogTitle id="registration-form-title">{title}</DialogTitle>
      <DialogContent sx={{ p: 0, height: '80vh' }}>
        <iframe title={title} src={`/api/registration-form/${encodeURIComponent(student.id)}`} style={{ border: 0, width: '100%', height: '100%' }} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
