import CalendarIcon from '@mui/icons-material/CalendarMonthOutlined';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useRef, useState } from 'react';
import { isRealDate } from '@school/contract/field-rules';
import { asTypedDate } from '../../lib/format-day.ts';

/** What `onChange` is given for a date typed only in part or impossible: the caller refuses it with its message. */
export const UNFINISHED_DATE = 'unfinished';

/** How the date came: typed (saved when the field is left) or picked from the calendar (a choice made). */
export type DateSource = 'typed' | 'picked';

const meaning = (text: string) => (text === '' ? '' : isRealDate(text) ? text : UNFINISHED_DATE);

type IsoDateFieldProps = {
  label: string;
  /** What screen readers call the field when its label alone would not tell it apart (one form level's deadline among five). */
  ariaLabel?: string;
  value: string;
  onChange: (value: string, source: DateSource) => void;
  onBlur?: () => void;
  min?: string;
  max?: string;
  required?: boolean;
  error?: boolean;
  helperText?: string;
  size?: 'small' | 'medium';
  /** As wide as its place (a column of filters), not the small field's 190 px. */
  fullWidth?: boolean;
};

/**
 * A date a member of staff types or picks, shown and given back as yyyy-MM-dd whatever the
 * browser's locale: a date input would show 09/08/2025, which a Trinidad reader takes for
 * 9 August. Digits typed get their dashes; the button opens the browser's own calendar (the
 * phone's date wheel), whose choice is written here the same way. `onChange` gets '' when the
 * field is empty and UNFINISHED_DATE for a date typed in part or impossible.
 */
export function IsoDateField({
  label,
  ariaLabel,
  value,
  onChange,
  onBlur,
  min,
  max,
  required,
  error,
  helperText,
  size = 'small',
  fullWidth = false,
}: IsoDateFieldProps) {
  // The text as typed (a half-typed date included) beside the value it stands for; a new value
  // from outside (a row removed above this one) replaces it.
  const [shown, setShown] = useState({ value, text: value });
  if (value !== shown.value) setShown({ value, text: value });
  const calendar = useRef<HTMLInputElement>(null);
  const change = (text: string, source: DateSource) => {
    const next = meaning(text);
    setShown({ value: next, text });
    onChange(next, source);
  };
  return (
    <TextField
      label={label}
      value={shown.text}
      size={size}
      required={required}
      error={error}
      helperText={helperText}
      placeholder="yyyy-mm-dd"
      onChange={(event) => change(asTypedDate(event.target.value), 'typed')}
      onBlur={onBlur}
      fullWidth={fullWidth}
      sx={size === 'small' && !fullWidth ? { width: 190 } : undefined}
      slotProps={{
        // The label stays above the box, so an empty field shows how to type a date.
        inputLabel: { shrink: true },
        htmlInput: { 'aria-label': ariaLabel, inputMode: 'numeric', autoComplete: 'off', maxLength: 10 },
        input: {
          endAdornment: (
            <InputAdornment position="end" sx={{ position: 'relative' }}>
              <IconButton edge="end" size={size} aria-label={`Choose ${ariaLabel ?? label} from a calendar`} onClick={() => calendar.current?.showPicker?.()}>
                <CalendarIcon fontSize="small" />
              </IconButton>
              {/* The browser's calendar, opened by the button and anchored under it; never seen or reached itself. */}
              <input
                ref={calendar}
                type="date"
                tabIndex={-1}
                aria-hidden
                min={min}
                max={max}
                value={isRealDate(shown.text) ? shown.text : ''}
                onChange={(event) => event.target.value && change(event.target.value, 'picked')}
                style={{ position: 'absolute', right: 0, bottom: 0, width: 1, height: 1, opacity: 0, border: 0, padding: 0, pointerEvents: 'none' }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
