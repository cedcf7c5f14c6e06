import { LightIcon } from '../../../components/light/light-icon.tsx';
import './password-steps.css';

/** Where she is in changing her password: each step numbered, the ones done ticked, the current one marked for screen readers. */
export function PasswordSteps({ steps, active }: { steps: string[]; active: number }) {
  return (
    <ol className="password-steps" aria-label="Steps">
      {steps.map((label, index) => (
        <li
          key={label}
          className={index <= active ? 'password-step password-step-reached' : 'password-step'}
          aria-current={index === active ? 'step' : undefined}
        >
          <span className="password-step-mark" aria-hidden="true">
            {index < active ? <LightIcon name="check" size={16} /> : index + 1}
          </span>
          {label}
        </li>
      ))}
    </ol>
  );
}
