import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { notificationKindLabels, notificationKinds } from '@school/contract/notifications';
import { useNotificationSettings } from '../api/get-notification-settings.ts';
import { useSaveNotificationSettings } from '../api/save-notification-settings.ts';

/** What each kind sends, in a line, beside its switch. */
const kindHelp: Record<(typeof notificationKinds)[number], string> = {
  report_posted: 'When a term is posted: to each student and the parents she lives with.',
  absence: 'After the school day: to the parents of a student who was absent or late.',
  reminders: 'When you send one from Registration Settings: to students who have not finished.',
  staff_security: 'A new device or a second factor changed: to the staff member.',
};

/** The school's switches for each kind of message; a change is saved at once. */
export function NotificationSettingsPanel() {
  const { data, error } = useNotificationSettings();
  const save = useSaveNotificationSettings();
  return (
    <Paper variant="outlined" component="section" aria-labelledby="notification-settings-title" sx={{ p: 2, mb: 3 }}>
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
          <FormControlLabel
            key={kind}
            control={
              <Switch
                checked={data?.[kind] ?? false}
                disabled={!data || save.isPending}
                onChange={(event) => data && save.mutate({ ...data, [kind]: event.target.checked })}
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
        ))}
      </FormGroup>
    </Paper>
  );
}
