import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { notificationKindLabels, notificationKinds } from '@school/contract/notifications';
import { useNotificationSettings } from '../api/get-notification-settings.ts';
import { useSaveNotificationSettings } from '../api/save-notification-settings.ts';
import { PreviewDialog } from './preview-dialog.tsx';
import { useStepUp } from '../../../components/mui/step-up-dialog.tsx';

/** What each kind sends, in a line, beside its switch. */
const kindHelp: Record<(typeof notificationKinds)[number], string> = {
  report_posted: 'When a term is posted: to each student and the parents she lives with.',
  absence: 'After the school day: to the parents of a student who was absent or late.',
  reminders: 'When you send one from Registration Settings: to students who have not finished.',
  staff_security: 'A sign-in from a new browser, or a second factor added or removed: to that staff member, if she has an e-mail.',
};

/** The school's switches for each kind of message, a change saved at once, and a preview of each kind's message. */
export function NotificationSettingsPanel() {
  const { data, error } = useNotificationSettings();
  const save = useSaveNotificationSettings();
  // A change needs a second factor given in the last 15 minutes: asked for, then saved again.
  const { guard, dialog } = useStepUp();
  const [preview, setPreview] = useState<(typeof notificationKinds)[number] | null>(null);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="notification-settings-title" sx={{ p: 2, mb: 3 }}>
      {dialog}
      <Typography id="notification-settings-title" variant="h6" component="h2">
        Notifications
      </Typography>
      {(error || save.error) && (
        <Alert severity="error" role="alert" sx={{ my: 1 }}>
          The settings could not be {error ? 'loaded' : 'saved'}. Please try again.
        </Alert>
      )}
      <FormGroup>
        {notificationKinds.map((kind) => (
          <Box key={kind} sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start' }}>
            <FormControlLabel
              control={
                <Switch
                  checked={data?.[kind] ?? false}
                  disabled={!data || save.isPending}
                  onChange={(event) => {
                    if (data) void guard(() => save.mutateAsync({ ...data, [kind]: event.target.checked })).catch(() => undefined);
                  }}
                />
              }
              label={
                <span>
                  {notificationKindLabels[kind]}
                  <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                    {kindHelp[kind]}
                  </Typography>
                </span>
              }
              sx={{ my: 0.5, alignItems: 'flex-start', '& .MuiSwitch-root': { mt: -0.5 } }}
            />
            <Button size="small" onClick={() => setPreview(kind)} aria-label={`Preview: ${notificationKindLabels[kind]}`} sx={{ ml: 6, mb: 1 }}>
              Preview
            </Button>
          </Box>
        ))}
      </FormGroup>
      {preview && <PreviewDialog kind={preview} onClose={() => setPreview(null)} />}
    </Paper>
  );
}
