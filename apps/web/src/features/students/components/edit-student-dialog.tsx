import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { birthDateRange, fieldByName, limits, type StudentRecord } from '@school/contract';
import { messages } from '@school/contract/messages';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ApiError } from '../../../api/client.ts';
import { getStudent, getStudentQueryOptions } from '../../../api/get-student.ts';
import { IsoDateField, UNFINISHED_DATE } from '../../../components/mui/iso-date-field.tsx';
import { Spinner } from '../../../components/mui/spinner.tsx';
import { useStepUp } from '../../../components/mui/step-up-dialog.tsx';
import { saveStudent } from '../../../api/save-student.ts';
import { saveWithConflictRetry } from '../../../lib/save-with-conflict-retry.ts';
import { getStudentsQueryOptions, type StudentRow } from '../api/get-students.ts';
import { getSchoolAccountQueryOptions, setSchoolAccount } from '../api/school-account.ts';
import { useSignInProvider } from '../../../api/get-school-config.ts';

type Status = 'idle' | 'updating' | 'updated' | 'failed';
const textFields = [
  ['first_name', 'First Name'],
  ['last_name', 'Last Name'],
  ['birth_certificate_no', 'Birth Certificate Pin'],
] as const;
type Editable = (typeof textFields)[number][0] | 'date_of_birth';
const editable: Editable[] = [...textFields.map(([name]) => name), 'date_of_birth'];

/** Row action Edit (SPEC §2, §5): saves itself when a text field loses focus or a date is chosen. */
export function EditStudentDialog({ student, onClose }: { student: StudentRow; onClose: () => void }) {
  // Past the hour's allowance of records read, the record asks for a second factor first.
  const { guard, dialog } = useStepUp();
  // Read afresh each time the dialog opens: another admin or the student may have changed it.
  const { data, isError } = useQuery({ ...getStudentQueryOptions(student.id), queryFn: () => guard(() => getStudent(student.id)), gcTime: 0, retry: false });
  return (
    <>
      {dialog}
      <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="edit-student-title">
        <DialogTitle id="edit-student-title">Edit Student</DialogTitle>
        <DialogContent>
          {data ? (
            <StudentFields initial={data.record} />
          ) : (
            <>
              {!isError && <Spinner label="Loading the student" />}
              <EditStatus status={isError ? 'failed' : 'idle'} />
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Close</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function StudentFields({ initial }: { initial: StudentRecord }) {
  const queryClient = useQueryClient();
  const [record, setRecord] = useState(initial);
  const [values, setValues] = useState(() => Object.fromEntries(editable.map((name) => [name, String(initial[name] ?? '')])) as Record<Editable, string>);
  const [errors, setErrors] = useState<Partial<Record<Editable, string>>>({});
  const [status, setStatus] = useState<Status>('idle');
  // Whether the date has been typed in since it was last saved or refused: it is judged when the field is left.
  const typedRef = useRef(false);
  const setError = (name: Editable, message: string) => setErrors((current) => ({ ...current, [name]: message }));

  async function save(name: Editable, value: string) {
    if (name !== 'date_of_birth' && !value.trim()) return setError(name, messages.adminRequired);
    setError(name, '');
    if (String(record[name] ?? '') === value) return;
    setStatus('updating');
    try {
      const answer = await saveWithConflictRetry({ record, change: { [name]: value }, save: saveStudent, onConflict: setRecord });
      setRecord(answer.record);
      setStatus('updated');
      await queryClient.invalidateQueries({ queryKey: getStudentsQueryOptions().queryKey });
    } catch (caught) {
      const refused = caught instanceof ApiError ? caught.body.errors?.[name]?.[0] : undefined;
      if (refused) setError(name, refused);
      setStatus('failed');
    }
  }

  const range = birthDateRange();
  /** A whole, plausible date is saved; anything else gets its message and is not sent. */
  const commitDate = (value: string) => {
    if (value === UNFINISHED_DATE || value === '') return setError('date_of_birth', messages.invalidDate);
    if (value < range.earliest || value > range.latest) return setError('date_of_birth', messages.birthDateRange(range.earliest, range.latest));
    void save('date_of_birth', value);
  };
  // A field that is not saved must not sit beside a message saying all is saved.
  const shown = status === 'updated' && Object.values(errors).some(Boolean) ? 'idle' : status;
  return (
    <>
      <Stack spacing={2} sx={{ pt: 1 }}>
        {textFields.map(([name, label]) => (
          <TextField
            key={name}
            label={label}
            value={values[name]}
            required
            error={Boolean(errors[name])}
            helperText={errors[name] || ' '}
            onChange={(event) => {
              // A new edit: the last save's 'Updated Successfully.' no longer speaks for what is in the fields.
              setStatus((current) => (current === 'updated' ? 'idle' : current));
              setValues((current) => ({ ...current, [name]: event.target.value }));
            }}
            onBlur={(event) => save(name, event.target.value)}
            slotProps={{ htmlInput: { maxLength: fieldByName.get(name)?.max } }}
          />
        ))}
        <IsoDateField
          label="Date of Birth"
          size="medium"
          value={values.date_of_birth}
          required
          // Only plausible dates for a secondary student (decision 027), the same range the server keeps.
          min={range.earliest}
          max={range.latest}
          error={Boolean(errors.date_of_birth)}
          helperText={errors.date_of_birth || ' '}
          onChange={(value, source) => {
            setStatus((current) => (current === 'updated' ? 'idle' : current));
            setValues((current) => ({ ...current, date_of_birth: value }));
            // A day picked from the calendar saves at once; a typed one when the field is left.
            typedRef.current = source === 'typed';
            if (source === 'picked') commitDate(value);
          }}
          onBlur={() => {
            if (!typedRef.current) return;
            typedRef.current = false;
            commitDate(values.date_of_birth);
          }}
        />
        <SchoolAccountField studentId={record.id} onStatus={setStatus} />
      </Stack>
      <EditStatus status={shown} />
    </>
  );
}

/**
 * Her school account (decision 076), shown only while students may sign in with the school's
 * provider: the office sets or empties it, and it saves itself when the field is left, as the
 * dialog's other fields do. An address another student has is refused under the field.
 */
function SchoolAccountField({ studentId, onStatus }: { studentId: string; onStatus: (status: Status) => void }) {
  const provider = useSignInProvider('students');
  const queryClient = useQueryClient();
  const { data } = useQuery({ ...getSchoolAccountQueryOptions(studentId), enabled: provider !== null, gcTime: 0, retry: false });
  const [value, setValue] = useState<string | null>(null);
  const [error, setError] = useState('');
  if (!provider || !data) return null;
  const shown = value ?? data.school_account ?? '';

  async function save(typed: string) {
    setError('');
    if (typed.trim().toLowerCase() === (data?.school_account ?? '')) return;
    onStatus('updating');
    try {
      const saved = await setSchoolAccount(studentId, typed);
      queryClient.setQueryData(getSchoolAccountQueryOptions(studentId).queryKey, saved);
      setValue(saved.school_account ?? '');
      onStatus('updated');
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.firstMessage : messages.updateFailed);
      onStatus('failed');
    }
  }

  return (
    <TextField
      label="School Account"
      type="email"
      value={shown}
      error={Boolean(error)}
      helperText={error || `Her ${provider} address, with which she may sign in. Never one she typed herself.`}
      onChange={(event) => setValue(event.target.value)}
      onBlur={(event) => save(event.target.value)}
      slotProps={{ htmlInput: { maxLength: limits.schoolAccount, autoComplete: 'off' } }}
    />
  );
}

/** SPEC §5: 'Updating', then 'Updated Successfully.' with a check mark or 'Error Occured.' with an alert icon. */
function EditStatus({ status }: { status: Status }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minHeight: 32, mt: 1 }} role="status" aria-live="polite">
      {status === 'updating' && (
        <>
          <Spinner small />
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
  );
}
