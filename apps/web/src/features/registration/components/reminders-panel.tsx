import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ApiError } from '../../../api/client.ts';
import { useSendRegistrationReminders, type RegistrationRemindersAnswer } from '../api/send-registration-reminders.ts';

const counted = ({ students, recipients }: RegistrationRemindersAnswer) =>
  `${students} ${students === 1 ? 'student' : 'students'} and ${recipients} ${recipients === 1 ? 'address' : 'addresses'} (hers and her parents')`;

/**
 * 'Remind students who have not finished': first counts who would receive the reminder (a dry
 * run), then sends it on the admin's word: the steps still to do and the deadline, to each student
 * of an open form who has not finished and to the parents she lives with.
 */
export function RemindersPanel() {
  const reminders = useSendRegistrationReminders();
  const [preview, setPreview] = useState<RegistrationRemindersAnswer | null>(null);
  const [sent, setSent] = useState<RegistrationRemindersAnswer | null>(null);
  const failure =
    reminders.error instanceof ApiError ? reminders.error.body.message : reminders.error ? 'The reminder could not be sent. Please try again.' : null;

  async function count() {
    setSent(null);
    setPreview(await reminders.mutateAsync({ dry_run: true }));
  }
  async function send() {
    setSent(await reminders.mutateAsync({ dry_run: false }));
    setPreview(null);
  }

  return (
    <Paper component="section" aria-labelledby="reminders-title" sx={{ p: { xs: 1.5, sm: 2 }, mt: 3 }}>
      <Typography id="reminders-title" variant="h6" component="h2" gutterBottom>
        Remind students who have not finished
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        An e-mail to each student of an open form who has not finished, and to the parents she lives with: the steps still to do and the deadline.
      </Typography>
      {failure && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {failure}
        </Alert>
      )}
      {preview && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {preview.students === 0 ? 'Every student of an open form has finished: there is no one to remind.' : `It would go to ${counted(preview)}.`}
        </Alert>
      )}
      {sent && (
        <Alert severity="success" sx={{ mb: 2 }}>
          Reminder queued for {counted(sent)}. Its messages are listed under Messages.
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant={preview ? 'outlined' : 'contained'} onClick={count} disabled={reminders.isPending}>
          Count who would receive it
        </Button>
        {preview && preview.students > 0 && (
          <Button variant="contained" onClick={send} disabled={reminders.isPending}>
            Send the reminder
          </Button>
        )}
      </Box>
    </Paper>
  );
}
