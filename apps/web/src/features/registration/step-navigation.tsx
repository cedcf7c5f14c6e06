import { lightButtonClass } from '../../components/light/light-form.tsx';
import { LightIcon } from '../../components/light/light-icon.tsx';
import { steps } from './steps.ts';
import { Link } from '../../lib/router/index.ts';

/**
 * The end of every step: Back to the step before and Continue to the next (from Complete, to the
 * dashboard, which shows the registration's state). Continue never waits for the step to be
 * complete; the Complete step says what is still missing.
 */
export function StepNavigation({ current }: { current: number }) {
  const previous = current > 0 ? `/registration/${steps[current - 1].path}` : null;
  const next = current < steps.length - 1 ? `/registration/${steps[current + 1].path}` : '/dashboard';
  return (
    <nav aria-label="Step" className="lf-row lf-step-nav">
      {previous ? (
        <Link to={previous} data-step-link className={lightButtonClass('outlined')}>
          <LightIcon name="arrowBack" />
          Back
        </Link>
      ) : (
        <span />
      )}
      <Link to={next} data-step-link className={lightButtonClass('contained')}>
        Continue
        <LightIcon name="arrowForward" />
      </Link>
    </nav>
  );
}
