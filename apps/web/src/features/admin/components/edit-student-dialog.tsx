import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { fieldByName, type StudentRecord } from '@school/contract';
import { messages } from '@school/contract/messages';
import { useQueryClient } from '@tanstack/react-query';
import { format, isValid, parseISO } from 'date-fns';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../api/client.ts';
import { fetchStudentRecord, saveStudentRecord, type StudentRow } from '../api/students.ts';

type Status = 'idle' | 'updating' | 'updated' | 'failed';
const textFields = [
  ['first_name', 'First Name'],
  ['last_name', 'Last Name'],
  ['birth_certificate_no', 'Birth Certificate Pin'],
] as const;

/** Row action Edit (SPEC §2, §5): saves itself when a text field loses focus or a date is chosen. */
export function EditStudentDialog({ student, onClose }: { student: StudentRow; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [record, setRecord] = useState<StudentRecord | null>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<Status>('idle');

  useEffect(() => {
    fetchStudentRecord(student.id)
      .then((loaded) => {
        setRecord(loaded);
        setValues(Object.fromEntries(['first_name', 'last_name', 'birth_certificate_no', 'date_of_birth'].map((name) => [name, String(loaded[name] ?? '')])));
      })
      .catch(() => setStatus('failed'));
  }, [student.id]);

  async function save(name: string, value: string) {
    if (!record) return;
    if (name !== 'date_of_birth' && !value.trim()) return setErrors((current) => ({ ...current, [name]: messages.adminRequired }));
    setErrors((current) => ({ ...current, [name]: '' }));
    if (String(record[name] ?? '') === value) return;
    setStatus('updating');
    let base = record;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      try {
        const answer = await saveStudentRecord({ ...base, [name]: value });
        setRecord(answer.record);
        setStatus('updated');
        await queryClient.invalidateQueries({ queryKey: ['admin', 'students'] });
        return;
      } catch (caught) {
        // Someone saved meanwhile: apply this change to the newest record (the wizard's rule).
        if (caught instanceof ApiError && caught.status === 409 && caught.body.record) {
          base = caught.body.record as StudentRecord;
          continue;
        }
        if (caught instanceof ApiError && caught.body.errors?.[name]) setErrors((current) => ({ ...current, [name]: caught.firstMessage }));
        break;
      }
    }
    setStatus('failed');
  }

  const dateValue = values.date_of_birth ? parseISO(values.date_of_birth) : null;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="edit-student-title">
      <DialogTitle id="edit-student-title">Edit Student</DialogTitle>
      <DialogContent>
        {!record && status !== 'failed' && <CircularProgress aria-label="Loading the student" />}
        {record && (
          <LocalizationProvider dateAdapter={AdapterDateFns}>
            <Stack spacing={2} sx={{ pt: 1 }}>
              {textFields.map(([name, label]) => (
                <TextField
                  key={name}
                  label={label}
                  value={values[name] ?? ''}
                  required
                  error={Boolean(errors[name])}
                  helperText={errors[name] || ' '}
                  onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
                  onBlur={(event) => save(name, event.target.value)}
                  slotProps={{ htmlInput: { maxLength: fieldByName.get(name)?.max } }}
                />
              ))}
              <DatePicker
                label="Date of Birth"
                value={dateValue && isValid(dateValue) ? dateValue : null}
                minDate={new Date(1950, 0, 1)}
                disableFuture
                openTo="year"
                views={['year', 'month', 'day']}
                format="yyyy-MM-dd"
                onAccept={(date) => {
                  if (!date || !isValid(date)) return;
                  const value = format(date, 'yyyy-MM-dd');
                  setValues((current) => ({ ...current, date_of_birth: value }));
                  void save('date_of_birth', value);
                }}
              />
            </Stack>
          </LocalizationProvider>
        )}
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minHeight: 32, mt: 1 }} role="status" aria-live="polite">
          {status === 'updating' && (
            <>
              <CircularProgress size={18} />
              <Typography>Updating</Typography>
            </>
          )}
          {status === 'updated' && (
            <>
              <CheckCircleIcon color="success" />
              <Typography>{messages.updated}</Typography>
            </>
          )}
          {status === 'failed' && (
            <>
              <ErrorOutlineIcon color="error" />
              <Typography color="error">{messages.updateFailed}</Typography>
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
