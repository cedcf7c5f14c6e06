import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { PageTitle } from '../../components/light/page-title.tsx';
import { cardsOnPhone } from '../../components/mui/table-cards.ts';
import { useRegistrationStatus } from './api/get-registration-status.ts';
import { FormLevelSettings } from './components/form-level-settings.tsx';
import { RemindersPanel } from './components/reminders-panel.tsx';

/** `/admin/registration-settings`: per form level, open or closed and a deadline in the school's time zone; and a reminder to those who have not finished. */
export default function RegistrationSettingsPage() {
  const { data, error } = useRegistrationStatus();
  const [saved, setSaved] = useState<string | null>(null);
  return (
    <>
      <PageTitle>Registration Settings</PageTitle>
      {error ? (
        <Alert severity="error">The registration settings could not be loaded.</Alert>
      ) : (
        <Paper sx={{ p: { xs: 1.5, sm: 2 } }}>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Students may edit their registration only while their form is open and before its deadline ({data?.[0]?.time_zone ?? 'school time'}).
          </Typography>
          {saved && (
            <Alert severity="success" onClose={() => setSaved(null)} sx={{ mb: 2 }}>
              {saved}
            </Alert>
          )}
          <Table size="small" aria-label="Registration settings" sx={cardsOnPhone}>
            <TableHead>
              <TableRow>
                <TableCell>Form</TableCell>
                <TableCell>Registration</TableCell>
                <TableCell>Deadline</TableCell>
                <TableCell>Students see</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {(data ?? []).map((status) => (
                <FormLevelSettings key={status.form_level} status={status} onSaved={setSaved} />
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
      <RemindersPanel />
    </>
  );
}
