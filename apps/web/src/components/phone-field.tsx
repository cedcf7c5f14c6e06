import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { phoneDigits, phonePrefix } from '@school/contract/limits';
import type { ClipboardEvent, FocusEventHandler, KeyboardEvent, ReactNode } from 'react';

/** The fixed country and area code shown before every phone number (SPEC §5, §9). */
export const PHONE_PREFIX = phonePrefix;
/** Digits after the prefix. */
export const PHONE_DIGITS = phoneDigits;

/**
 * Lets only digit keypresses through (SPEC §5). Editing and navigation keys (Backspace, arrows,
 * Tab) and shortcuts (copy, paste, undo) still work.
 */
export function acceptDigitKeys(event: KeyboardEvent<HTMLElement>): void {
  if (event.key.length === 1 && !/\d/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey) event.preventDefault();
}

/**
 * A pasted number as the field wants it: spaces, dashes, dots, brackets and a leading + are
 * dropped, and so is a leading 1868 when the rest is a full number. Letters stay, so the field's
 * validation can say 'Only Numbers Allowed' instead of silently changing what was pasted.
 */
export function cleanPastedNumber(text: string, digits: number = PHONE_DIGITS): string {
  const compact = text.replace(/[\s\-().+]/g, '');
  return compact.length === PHONE_PREFIX.length + digits && compact.startsWith(PHONE_PREFIX) ? compact.slice(PHONE_PREFIX.length) : compact;
}

/** Puts pasted text, cleaned, in place of the selection, capped at `maxLength`. */
export function pasteDigits(event: ClipboardEvent<HTMLInputElement>, maxLength: number, onChange: (value: string) => void): void {
  const input = event.currentTarget;
  const pasted = cleanPastedNumber(event.clipboardData.getData('text'), maxLength);
  event.preventDefault();
  const start = input.selectionStart ?? input.value.length;
  const end = input.selectionEnd ?? input.value.length;
  onChange((input.value.slice(0, start) + pasted + input.value.slice(end)).slice(0, maxLength));
}

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
