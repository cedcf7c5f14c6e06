import type { InputHTMLAttributes, ReactNode } from 'react';
import './light-form-controls.css';

type LightCheckProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'role'> & {
  id: string;
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
};

/** A yes/no question as a switch with its label beside it (Space turns it, as a checkbox's). */
export function LightSwitch({ label, onCheckedChange, ...input }: LightCheckProps) {
  return (
    <label className="lf-switch">
      <input type="checkbox" role="switch" {...input} onChange={(event) => onCheckedChange(event.target.checked)} />
      <span className="lf-switch-track" aria-hidden="true" />
      {label}
    </label>
  );
}

/** A tick box with its label beside it (an agreement). */
export function LightCheckbox({ label, onCheckedChange, ...input }: LightCheckProps) {
  return (
    <label className="lf-check">
      <input type="checkbox" {...input} onChange={(event) => onCheckedChange(event.target.checked)} />
      {label}
    </label>
  );
}
