import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Switch from '@mui/material/Switch';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from '../../../api/client.ts';
import type { FormLevelStatus } from '../api/get-registration-status.ts';
import { useUpdateRegistrationStatus, type RegistrationStatusChange } from '../api/update-registration-status.ts';

/** The row's form as the admin sees it, and the change it sends: open as 0/1, no deadline as null. */
const settingsSchema = z
  .object({ open: z.boolean(), deadline_local: z.string() })
  .transform(({ open, deadline_local }): RegistrationStatusChange => ({ open: open ? 1 : 0, deadline_local: deadline_local || null }));
type SettingsForm = z.input<typeof settingsSchema>;

/** One form level's registration: open or closed and its deadline, saved with the row's Save. */
export function FormLevelSettings({ status, onSaved }: { status: FormLevelStatus; onSaved: (message: string) => void }) {
  const update = useUpdateRegistrationStatus();
  const { control, handleSubmit, setError, formState } = useForm<SettingsForm, unknown, RegistrationStatusChange>({
    resolver: zodResolver(settingsSchema),
    // The saved settings; the form follows them whenever they are read again.
    values: { open: status.open === 1, deadline_local: status.deadline_local ?? '' },
  });
  const label = `Form ${status.form_level}`;

  const save = handleSubmit(async (change) => {
    try {
      await update.mutateAsync({ formLevel: status.form_level, change });
      onSaved(`${label} registration saved.`);
    } catch (caught) {
      setError('deadline_local', { message: caught instanceof ApiError ? caught.firstMessage : 'The setting could not be saved.' });
    }
  });

  return (
    <TableRow>
      <TableCell component="th" scope="row">
        {label}
      </TableCell>
      <TableCell>
        <Controller
          control={control}
          name="open"
          render={({ field }) => (
            <>
              <Switch
                checked={field.value}
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
                slotProps={{ input: { 'aria-label': `${label} registration open` } }}
              />
              {field.value ? 'Open' : 'Closed'}
            </>
          )}
        />
      </TableCell>
      <TableCell>
        <Controller
          control={control}
          name="deadline_local"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              type="datetime-local"
              size="small"
              label="Deadline"
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'aria-label': `${label} deadline` } }}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ?? ' '}
            />
          )}
        />
      </TableCell>
      <TableCell>{status.message}</TableCell>
      <TableCell>
        <Button variant="contained" size="small" disabled={!formState.isDirty || formState.isSubmitting} onClick={save}>
          Save
        </Button>
      </TableCell>
    </TableRow>
  );
}
