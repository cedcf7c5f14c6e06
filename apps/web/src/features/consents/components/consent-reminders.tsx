import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { consentMessages } from '@school/contract/consents';
import { useState } from 'react';
import { ApiError } from '../../../api/client.ts';
import { useSendConsentReminders, type ConsentRemindersAnswer } from '../api/send-consent-reminders.ts';

/**
 * 'Remind those who have not answered' (decision 067): first counts who would receive it (a dry
 * run, as the registration reminders do), then sends it on her word: one message to each parent or
 * guardian who has not answered, naming her daughters and the closing day.
 */
export function ConsentReminders({ formId, open }: { formId: string; open: boolean }) {
  const reminders = useSendConsentReminders();
  const [preview, setPreview] = useState<ConsentRemindersAnswer | null>(null);
  const [sent, setSent] = useState<ConsentRemindersAnswer | null>(null);
  const failure =
    reminders.error instanceof ApiError ? reminders.error.firstMessage : reminders.error ? 'The reminder could not be sent. Please try again.' : null;

  async function count() {
    setSent(null);
    setPreview(await reminders.mutateAsync({ formId, body: { dry_run: true } }));
  }
  async function send() {
    setSent(await reminders.mutateAsync({ formId, body: { dry_run: false } }));
    setPreview(null);
  }

  return (
    <Paper component="section" aria-labelledby="consent-reminders-title" sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}>
      <Typography id="consent-reminders-title" variant="h6" component="h2" gutterBottom>
        Remind those who have not answered
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        An e-mail to each parent or guardian linked in the portal who has not answered: the form’s title, her daughters and the closing day.
      </Typography>
      {!open && <Alert severity="info">{consentMessages.closedNoReminder}</Alert>}
      {failure && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {failure}
        </Alert>
      )}
      {preview && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {preview.guardians === 0
            ? 'Every parent and guardian linked in the portal has answered: there is no one to remind.'
            : `${consentMessages.reminderCount(preview.guardians, preview.students)} The reminder would go to ${preview.recipients === 1 ? '1 address' : `${preview.recipients} addresses`}.`}
        </Alert>
      )}
      {sent && (
        <Alert severity="success" sx={{ mb: 2 }}>
          Reminder queued for {sent.recipients === 1 ? '1 parent or guardian' : `${sent.recipients} parents and guardians`}. Its messages are listed under
          Messages.
        </Alert>
      )}
      {open && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button variant={preview ? 'outlined' : 'contained'} onClick={() => void count().catch(() => undefined)} disabled={reminders.isPending}>
            Count who would receive it
          </Button>
          {preview && preview.guardians > 0 && (
            <Button variant="contained" onClick={() => void send().catch(() => undefined)} disabled={reminders.isPending}>
              Send the reminder
            </Button>
          )}
        </Box>
      )}
    </Paper>
  );
}
