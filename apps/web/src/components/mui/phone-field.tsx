import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { phoneDigits, phonePrefix } from '@school/contract/limits';
import type { ClipboardEvent, FocusEventHandler, ReactNode } from 'react';
import { acceptDigitKeys, pasteDigits } from '../light/light-form-digits.ts';

/** The fixed country and area code shown before every phone number (SPEC §5, §9). */
export const PHONE_PREFIX = phonePrefix;
/** Digits after the prefix. */
export const PHONE_DIGITS = phoneDigits;

export { acceptDigitKeys, cleanPastedNumber, pasteDigits } from '../light/light-form-digits.ts';

export type PhoneFieldProps = {
  id: string;
  label: string;
  /** The seven digits, without the prefix. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: FocusEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  onFocus?: FocusEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  error?: boolean;
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** Shown at the end of the field, e.g. a save indicator. */
  endAdornment?: ReactNode;
};

/**
 * A Trinidad and Tobago phone number: the fixed 1868 prefix, then seven digits typed on a numeric
 * keypad; keypresses other than digits are ignored.
 */
export function PhoneField({ id, label, value, onChange, onBlur, onFocus, error, helperText, required, disabled, endAdornment }: PhoneFieldProps) {
  return (
    <TextField
      id={id}
      label={label}
      value={value}
      fullWidth
      required={required}
      disabled={disabled}
      error={error}
      helperText={helperText}
      onChange={(event) => onChange(event.target.value)}
      onKeyDown={acceptDigitKeys}
      onBlur={onBlur}
      onFocus={onFocus}
      slotProps={{
        htmlInput: {
          maxLength: PHONE_DIGITS,
          inputMode: 'numeric',
          autoComplete: 'off',
          onPaste: (event: ClipboardEvent<HTMLInputElement>) => pasteDigits(event, PHONE_DIGITS, onChange),
        },
        input: {
          startAdornment: <InputAdornment position="start">{PHONE_PREFIX}</InputAdornment>,
          endAdornment: endAdornment ? <InputAdornment position="end">{endAdornment}</InputAdornment> : undefined,
        },
      }}
    />
  );
}
