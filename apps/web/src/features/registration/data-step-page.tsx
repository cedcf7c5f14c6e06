import type { StepKey } from '@school/contract';
import { useOutletContext } from 'react-router';
import { useAutosave } from './autosave-context.tsx';
import { NothingChanged } from './components/nothing-changed.tsx';
import { useFieldJudge } from './field-judge.ts';
import { StepForm } from './components/step-form.tsx';

/**
 * Steps 1–4: every field of the step, saving as the student goes, and 'Nothing has changed' while
 * the step is not yet reviewed this year. A step with a field still to fill in does not offer it:
 * filling the field in is what it needs, and that reviews it. Whether the step is complete is
 * judged by the contract's schemas, which arrive just after the fields are drawn.
 */
export function DataStepPage({ step }: { step: StepKey }) {
  const { readOnly } = useOutletContext<{ readOnly: boolean }>();
  const { store } = useAutosave();
  const judge = useFieldJudge();
  return (
    <div className="lf-stack">
      {judge?.isStepComplete(store.current(), step) && <NothingChanged step={step} readOnly={readOnly} />}
      <StepForm step={step} readOnly={readOnly} />
    </div>
  );
}
