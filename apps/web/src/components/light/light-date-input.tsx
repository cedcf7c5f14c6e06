import { isRealDate } from '@school/contract/days';
import { useRef } from 'react';
import { asTypedDate } from '../../lib/format-day.ts';
import type { LightControlProps } from './light-form.tsx';

type LightDateInputProps = {
  /** The ids and states `LightFormField` gives its control. */
  control: LightControlProps;
  /** The field's label, which names the calendar button. */
  label: string;
  /** The text shown: a day 'yyyy-MM-dd', or a date typed in part. */
  value: string;
  min?: string;
  max?: string;
  required?: boolean;
  disabled?: boolean;
  /** Text typed, its dashes put in. */
  onType: (text: string) => void;
  /** A whole day chosen in the calendar: a choice made. */
  onPick: (day: string) => void;
  onFocus?: () => void;
  onBlur?: () => void;
};

/**
 * A day typed or picked in the light kit, shown and given back as yyyy-MM-dd whatever the
 * browser's locale (a date input would show 09/17/2014 in one browser and 17/09/2014 in
 * another). Digits typed on the number keypad get their dashes; the button beside opens the
 * browser's own calendar (the phone's date wheel), offering only the days from `min` to `max`,
 * whose choice is written here the same way. Drawn inside `LightFormField`'s box.
 */
export function LightDateInput({ control, label, value, min, max, required, disabled, onType, onPick, onFocus, onBlur }: LightDateInputProps) {
  const calendar = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        {...control}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        maxLength={10}
        placeholder="yyyy-mm-dd"
        value={value}
        required={required}
        disabled={disabled}
        onFocus={onFocus}
        onBlur={onBlur}
        onChange={(event) => onType(asTypedDate(event.target.value))}
      />
      <button
        type="button"
        className="lf-date-button lf-focus"
        aria-label={`Choose ${label} from a calendar`}
        disabled={disabled}
        onClick={() => calendar.current?.showPicker?.()}
      >
        {/* Drawn here, not among the light icons: the first script of every screen holds those. */}
        <svg viewBox="0 0 24 24" width="24" height="24" fill="currentColor" aria-hidden="true" focusable="false">
          <path d="M20 3h-1V1h-2v2H7V1H5v2H4c-1.1 0-2 .9-2 2v16c0 1.1.9 2 2 2h16c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2m0 18H4V8h16z" />
        </svg>
      </button>
      {/* The browser's calendar, opened by the button and anchored under it; never seen or reached itself. */}
      <input
        ref={calendar}
        className="lf-date-picker"
        type="date"
        tabIndex={-1}
        aria-hidden
        min={min}
        max={max}
        value={isRealDate(value) ? value : ''}
        onChange={(event) => event.target.value && onPick(event.target.value)}
      />
    </>
  );
}
