import type { ReactNode } from 'react';
import './light-form-controls.css';

type LightRadioGroupProps = {
  id: string;
  label: string;
  value: string;
  options: Array<{ value: string; label: string }>;
  onChange: (value: string) => void;
  disabled?: boolean;
  /** A mark beside the question (the save indicator). */
  aside?: ReactNode;
};

/** A question answered by one of a few choices in a row, named by its label (arrows move between them). */
export function LightRadioGroup({ id, label, value, options, onChange, disabled, aside }: LightRadioGroupProps) {
  const labelId = `${id}-label`;
  return (
    <div className="lf-radios">
      <div className="lf-radios-head">
        <span id={labelId} className="lf-label">
          {label}
        </span>
        {aside}
      </div>
      <div role="radiogroup" id={id} aria-labelledby={labelId}>
        {options.map((option) => (
          <label key={option.value} className="lf-radio">
            <input type="radio" name={id} value={option.value} checked={value === option.value} disabled={disabled} onChange={() => onChange(option.value)} />
            {option.label}
          </label>
        ))}
      </div>
    </div>
  );
}
