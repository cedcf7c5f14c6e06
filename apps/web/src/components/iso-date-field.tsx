import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { format, isValid, parseISO } from 'date-fns';
import { useState } from 'react';

/** What `onChange` is given for a date typed only in part or impossible: the server refuses it with its message. */
export const UNFINISHED_DATE = 'unfinished';

const toDate = (value: string): Date | null => (value && isValid(parseISO(value)) ? parseISO(value) : null);

/**
 * A date an admin types or picks, shown and given back as yyyy-MM-dd whatever the browser's
 * locale: a native date input would show 09/08/2025, which a Trinidad reader takes for 9 August.
 * `onChange` gets '' when the field is empty.
 */
export function IsoDateField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  // The picker's own date (a half-typed one included) beside the string it stands for; a new
  // string from outside (a row removed above this one) replaces it.
  const [shown, setShown] = useState(() => ({ value, date: toDate(value) }));
  if (value !== shown.value) setShown({ value, date: toDate(value) });
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns}>
      <DatePicker
        label={label}
        value={shown.date}
        format="yyyy-MM-dd"
        onChange={(next) => {
          const text = next === null ? '' : isValid(next) ? format(next, 'yyyy-MM-dd') : UNFINISHED_DATE;
          setShown({ value: text, date: next });
          onChange(text);
        }}
        slotProps={{ textField: { size: 'small', sx: { width: 170 } } }}
      />
    </LocalizationProvider>
  );
}
