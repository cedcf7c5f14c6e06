import { useEffect, useRef, type ReactNode } from 'react';
import './light-form-controls.css';

/** What a field's own control needs to be tied to its label and message for screen readers. */
export type LightControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  'aria-required': true | undefined;
};

type LightFormFieldProps = {
  /** The control's DOM id, which the label names. */
  id: string;
  label: string;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  /** The hint or message under the box; a single space keeps its line without saying anything. */
  helperText?: string;
  /** Text fixed before the value (a phone number's 1868). */
  prefix?: string;
  /** A mark beside the field, lined up with its box (the save indicator). */
  aside?: ReactNode;
  /** Draws the control itself, given the ids and states it must carry. */
  children: (control: LightControlProps) => ReactNode;
  /** Extra class on the box (a select's). */
  boxClass?: string;
};

/**
 * A form field: its label above, the box holding the control, the hint or message below; the
 * label, the required mark and the message tied to the control for screen readers.
 */
export function LightFormField({ id, label, required, disabled, error, helperText, prefix, aside, children, boxClass }: LightFormFieldProps) {
  const helperId = `${id}-helper-text`;
  const describes = Boolean(helperText?.trim());
  const classes = ['lf-field-main', error && 'lf-invalid', disabled && 'lf-disabled'].filter(Boolean).join(' ');
  // A message that appears is brought into view, as little as needed: under the field, it can be
  // behind a bar fixed at the screen's foot (the wizard's steps on a phone, which the page's
  // scroll padding keeps clear).
  const helper = useRef<HTMLParagraphElement>(null);
  const message = error && describes ? helperText : null;
  useEffect(() => {
    if (message) helper.current?.scrollIntoView?.({ block: 'nearest' });
  }, [message]);
  return (
    <div className="lf-field">
      <div className={classes}>
        <label htmlFor={id} id={`${id}-label`}>
          {label}
          {required && <span aria-hidden="true"> *</span>}
        </label>
        <div className={boxClass ? `lf-box ${boxClass}` : 'lf-box'}>
          {prefix && <span className="lf-prefix">{prefix}</span>}
          {children({ id, 'aria-invalid': error || undefined, 'aria-describedby': describes ? helperId : undefined, 'aria-required': required || undefined })}
        </div>
        {helperText !== undefined && (
          <p id={helperId} ref={helper} className="lf-helper">
            {helperText}
          </p>
        )}
      </div>
      {aside && <div className="lf-mark">{aside}</div>}
    </div>
  );
}

/** How a light button looks: filled (the main action), outlined, or plain text; red for a removal. */
export const lightButtonClass = (look: 'contained' | 'outlined' | 'text' = 'outlined', danger = false) =>
  ['lf-button', look !== 'outlined' && `lf-${look}`, danger && 'lf-danger'].filter(Boolean).join(' ');
