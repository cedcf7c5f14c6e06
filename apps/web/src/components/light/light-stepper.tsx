import { LightIcon } from './light-icon.tsx';
import './light-form-controls.css';
import { Link } from '../../lib/router/index.ts';

/** One step of a stepper: where it leads, its name, and whether it is done. */
export type LightStep = { to: string; label: string; complete: boolean };

type LightStepperProps = { steps: LightStep[]; current: number; label: string };

/** A step's name for screen readers, saying whether it is complete (the tick's meaning). */
const stepName = ({ label, complete }: LightStep) => (complete ? `${label} (complete)` : label);

/**
 * The steps of a long form as links: a menu beside the form (each name with a tick when done), or,
 * on a phone, a bar at the foot of the screen with the steps' numbers (a tick when done) and the
 * current step's name under them, since six names do not fit legibly. Both carry `data-step-link`,
 * so a step reached from them can move focus to its heading.
 */
export function LightStepper({ steps, current, label }: LightStepperProps) {
  const here = steps[current];
  return (
    <>
      <nav aria-label={label} className="lf-card lf-stepper-side">
        {steps.map((step, index) => (
          <Link
            key={step.to}
            to={step.to}
            className="light-menu-item"
            data-step-link
            aria-current={index === current ? 'step' : undefined}
            aria-label={stepName(step)}
          >
            <LightIcon name={step.complete ? 'checkCircle' : 'circle'} className={step.complete ? 'lf-done' : 'lf-todo'} />
            <span>{step.label}</span>
          </Link>
        ))}
      </nav>
      <nav aria-label={label} className="lf-stepper-bar">
        <div>
          {steps.map((step, index) => (
            <Link key={step.to} to={step.to} data-step-link aria-current={index === current ? 'step' : undefined} aria-label={stepName(step)}>
              <span aria-hidden="true">{step.complete && index !== current ? <LightIcon name="checkCircle" className="lf-done" /> : index + 1}</span>
            </Link>
          ))}
        </div>
        {here && (
          <p data-step-current aria-hidden="true">
            {`Step ${current + 1} of ${steps.length}: ${here.label}`}
            {here.complete ? ' (complete)' : ''}
          </p>
        )}
      </nav>
    </>
  );
}
