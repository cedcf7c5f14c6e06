import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { messages } from '@school/contract/messages';
import { formatDay } from '../lib/format-day.ts';

/**
 * The confirmation a student sees once her registration is complete (every step done and the
 * terms agreed), on the wizard's Complete step and on her dashboard: the school year, the day, and
 * what to do if something changes.
 */
export function RegistrationComplete({ academicYear, completedOn }: { academicYear: string; completedOn: string | null }) {
  return (
    <Alert severity="success" role="status" data-testid="registration-complete">
      <AlertTitle sx={{ fontWeight: 700 }}>{messages.registrationComplete(academicYear)}</AlertTitle>
      {completedOn && `Completed on ${formatDay(completedOn)}. `}
      {messages.registrationChanges}
    </Alert>
  );
}
