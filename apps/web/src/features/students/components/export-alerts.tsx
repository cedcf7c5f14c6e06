import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useExportAlerts } from '../api/get-export-alerts.ts';

/**
 * The admins' warning that someone is exporting much of the school's data today (decision 049):
 * each staff member past half of the day's allowance, with her count, student records opened one
 * by one counted in (one export per 100, decision 057). Nothing while all is quiet.
 */
export function ExportAlerts() {
  const { data } = useExportAlerts();
  if (!data || data.staff.length === 0) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      <AlertTitle>Many whole-school exports today</AlertTitle>
      {data.staff.map((member) => (
        <div key={member.username}>
          {member.display_name} ({member.username}): {member.exports} of {data.daily_limit} exports allowed in a day
          {member.records_read > 0 ? `, ${member.records_read} student records opened counted in (100 records count as one export).` : '.'}
        </div>
      ))}
    </Alert>
  );
}
