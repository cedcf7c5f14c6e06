import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../api/client.ts';
import { registrationStatusQuery, updateRegistrationStatus, type FormLevelStatus } from '../api/registration-status.ts';

function FormLevelRow({ status, onSaved }: { status: FormLevelStatus; onSaved: (message: string) => void }) {
  const [open, setOpen] = useState(status.open === 1);
  const [deadline, setDeadline] = useState(status.deadline_local ?? '');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setOpen(status.open === 1);
    setDeadline(status.deadline_local ?? '');
  }, [status]);
  const changed = open !== (status.open === 1) || deadline !== (status.deadline_local ?? '');

  async function save() {
    setError(null);
    try {
      await updateRegistrationStatus(status.form_level, { open: open ? 1 : 0, deadline_local: deadline || null });
      onSaved(`Form ${status.form_level} registration saved.`);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.firstMessage : 'The setting could not be saved.');
    }
  }

  return (
    <TableRow>
      <TableCell component="th" scope="row">
        Form {status.form_level}
      </TableCell>
      <TableCell>
        <Switch
          checked={open}
          onChange={(event) => setOpen(event.target.checked)}
          slotProps={{ input: { 'aria-label': `Form ${status.form_level} registration open` } }}
        />
        {open ? 'Open' : 'Closed'}
      </TableCell>
      <TableCell>
        <TextField
          type="datetime-local"
          size="small"
          label="Deadline"
          value={deadline}
          onChange={(event) => setDeadline(event.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'aria-label': `Form ${status.form_level} deadline` } }}
          error={Boolean(error)}
          helperText={error ?? ' '}
        />
      </TableCell>
      <TableCell>{status.message}</TableCell>
      <TableCell>
        <Button variant="contained" size="small" disabled={!changed} onClick={save}>
          Save
        </Button>
      </TableCell>
    </TableRow>
  );
}

/** Registration Settings: per form level, open or closed and a deadline in the school's time zone. */
export function RegistrationSettings() {
  const queryClient = useQueryClient();
  const { data, error } = useQuery(registrationStatusQuery);
  const [saved, setSaved] = useState<string | null>(null);
  if (error) return <Alert severity="error">The registration settings could not be loaded.</Alert>;
  return (
    <Paper sx={{ p: { xs: 1, sm: 2 }, overflowX: 'auto' }}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Students may edit their registration only while their form is open and before its deadline ({data?.[0]?.time_zone ?? 'school time'}).
      </Typography>
      {saved && (
        <Alert severity="success" onClose={() => setSaved(null)} sx={{ mb: 2 }}>
          {saved}
        </Alert>
      )}
      <Table size="small" aria-label="Registration settings">
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
            <FormLevelRow
              key={status.form_level}
              status={status}
              onSaved={(message) => {
                setSaved(message);
                void queryClient.invalidateQueries({ queryKey: ['admin', 'registration-status'] });
              }}
            />
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
