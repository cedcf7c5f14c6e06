import type { StepKey } from '@school/contract';
import { fieldsOfStep, missingFields } from '@school/contract/field-rules';
import { useOutletContext } from '../../lib/router/index.ts';
import { useAutosave } from './autosave-context.tsx';
import { NothingChanged } from './components/nothing-changed.tsx';
import { useFieldJudge } from './field-judge.ts';
import { StepForm } from './components/step-form.tsx';

/**
 * Steps 1–4: every field of the step, saving as the student goes, and 'Nothing has changed' while
 * the step is not yet reviewed this year. A step with a field still to fill in does not offer it:
 * filling the field in is what it needs, and that reviews it. On the first paint a step with
 * nothing left to fill in counts as complete (its values were judged when saved); the contract's
 * schemas, arriving just after, also judge each value.
 */
export function DataStepPage({ step }: { step: StepKey }) {
  const { readOnly } = useOutletContext<{ readOnly: boolean }>();
  const { store } = useAutosave();
  const judge = useFieldJudge(fieldsOfStep(step));
  const record = store.current();
  // The schemas judge the values only of a step with nothing left to fill in: one still missing a
  // value is incomplete whatever they say, and a phone is spared building them (issue 54).
  const complete = missingFields(record, step).length === 0 && (judge?.isStepComplete(record, step) ?? true);
  return (
    <div className="lf-stack">
      {complete && <NothingChanged step={step} readOnly={readOnly} />}
      <StepForm step={step} readOnly={readOnly} />
    </div>
  );
}
