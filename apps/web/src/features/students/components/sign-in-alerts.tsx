import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useSchoolTimeZone } from '../../../api/get-school-config.ts';
import { formatSchoolTime } from '../../../lib/format-day.ts';
import { useSignInAlerts } from '../api/get-sign-in-alerts.ts';

/**
 * The admins' warning that someone is guessing students' dates of birth (decision 015): each
 * address seen spraying in the last day, with when. Nothing is shown while all is quiet.
 */
export function SignInAlerts() {
  const { data } = useSignInAlerts();
  const timeZone = useSchoolTimeZone();
  if (!data || data.alerts.length === 0) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      <AlertTitle>Someone may be guessing students' dates of birth</AlertTitle>
      {data.alerts.map((alert) => (
        <div key={`${alert.at}-${alert.address}`}>
          {formatSchoolTime(alert.at, timeZone)}: {alert.message}
        </div>
      ))}
    </Alert>
  );
}
