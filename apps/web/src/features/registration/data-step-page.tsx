import type { StepKey } from '@school/contract';
import { useOutletContext } from 'react-router';
import { StepForm } from './components/step-form.tsx';

/** Steps 1–4: every field of the step, saving as the student goes. */
export function DataStepPage({ step }: { step: StepKey }) {
  const { readOnly } = useOutletContext<{ readOnly: boolean }>();
  return <StepForm step={step} readOnly={readOnly} />;
}
