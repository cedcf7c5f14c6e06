import { useId, type InputHTMLAttributes } from 'react';

type LightTextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  /** Shown below the field; a single space keeps its line without saying anything. */
  helperText?: string;
  error?: boolean;
};

/** A text input with its label above and its hint or error below, tied together for screen readers. */
export function LightTextField({ label, helperText, error = false, required, ...input }: LightTextFieldProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  const describes = Boolean(helperText?.trim());
  return (
    <div className={error ? 'light-field light-invalid' : 'light-field'}>
      <label htmlFor={id}>
        {label}
        {required && (
          <span className="light-required" aria-hidden="true">
            *
          </span>
        )}
      </label>
      <input id={id} required={required} aria-invalid={error || undefined} aria-describedby={describes ? helperId : undefined} {...input} />
      {helperText !== undefined && (
        <p id={helperId} className="light-helper">
          {helperText}
        </p>
      )}
    </div>
  );
}
