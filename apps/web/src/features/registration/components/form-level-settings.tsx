import { zodResolver } from '@hookform/resolvers/zod';
import { isRealDate } from '@school/contract';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from '../../../api/client.ts';
import { IsoDateField } from '../../../components/mui/iso-date-field.tsx';
import type { FormLevelStatus } from '../api/get-registration-status.ts';
import { useUpdateRegistrationStatus, type RegistrationStatusChange } from '../api/update-registration-status.ts';

const DATE_HINT = 'yyyy-MM-dd';
const TIME_HINT = 'HH:mm';

/**
 * The row's form as the admin sees it, and the change it sends: open as 0/1, the deadline's date
 * (yyyy-MM-dd, as every date in the portal) and time (24-hour HH:mm) as one 'yyyy-MM-ddTHH:mm', or
 * null when both are empty. An impossible date such as 2026-13-45 is refused, never rolled over.
 */
const settingsSchema = z
  .object({ open: z.boolean(), deadline_date: z.string().trim(), deadline_time: z.string().trim() })
  .superRefine(({ deadline_date: date, deadline_time: time }, context) => {
    if (!date && !time) return;
    if (!isRealDate(date)) context.addIssue({ code: 'custom', path: ['deadline_date'], message: `Enter a real date as ${DATE_HINT}, e.g. 2026-09-25.` });
    if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(time))
      context.addIssue({ code: 'custom', path: ['deadline_time'], message: `Enter a time as ${TIME_HINT}, e.g. 16:00.` });
  })
  .transform(({ open, deadline_date, deadline_time }): RegistrationStatusChange => ({
    open: open ? 1 : 0,
    deadline_local: deadline_date || deadline_time ? `${deadline_date}T${deadline_time}` : null,
  }));
type SettingsForm = z.input<typeof settingsSchema>;

/** One form level's registration: open or closed and its deadline, saved with the row's Save. */
export function FormLevelSettings({ status, onSaved }: { status: FormLevelStatus; onSaved: (message: string) => void }) {
  const update = useUpdateRegistrationStatus();
  const { control, handleSubmit, setError, formState } = useForm<SettingsForm, unknown, RegistrationStatusChange>({
    resolver: zodResolver(settingsSchema),
    // The saved settings; the form follows them whenever they are read again.
    values: { open: status.open === 1, deadline_date: status.deadline_local?.slice(0, 10) ?? '', deadline_time: status.deadline_local?.slice(11, 16) ?? '' },
  });
  const label = `Form ${status.form_level}`;

  const save = handleSubmit(async (change) => {
    try {
      await update.mutateAsync({ formLevel: status.form_level, change });
      onSaved(`${label} registration saved.`);
    } catch (caught) {
      setError('deadline_date', { message: caught instanceof ApiError ? caught.firstMessage : 'The setting could not be saved.' });
    }
  });

  return (
    <TableRow>
      <TableCell component="th" scope="row" sx={{ fontWeight: { xs: 600, md: 'inherit' } }}>
        {label}
      </TableCell>
      <TableCell data-label="Registration">
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
      <TableCell data-label="Deadline">
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', pt: { xs: 1, md: 0 } }}>
          <Controller
            control={control}
            name="deadline_date"
            render={({ field, fieldState }) => (
              <IsoDateField
                label="Deadline date"
                ariaLabel={`${label} deadline`}
                value={field.value}
                onChange={(value) => field.onChange(value)}
                onBlur={field.onBlur}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? DATE_HINT}
              />
            )}
          />
          <Controller
            control={control}
            name="deadline_time"
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                size="small"
                label="Time"
                placeholder={TIME_HINT}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'aria-label': `${label} deadline time`, inputMode: 'numeric', maxLength: 5 } }}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? `${TIME_HINT}, 24-hour`}
                sx={{ width: 100 }}
              />
            )}
          />
        </Stack>
      </TableCell>
      <TableCell data-label="Students see">{status.message}</TableCell>
      <TableCell>
        <Button variant="contained" size="small" disabled={!formState.isDirty || formState.isSubmitting} onClick={save}>
          Save
        </Button>
      </TableCell>
    </TableRow>
  );
}
