import { documentTypeNames } from '@school/contract/documents';
import { fieldsOfStep } from '@school/contract/field-rules';
import { stepKeys } from '@school/contract/progress-steps';
import { stepStates, type CompletenessFacts, type StepState } from '@school/contract/step-states';
import { Link, useOutletContext } from '../../lib/router/index.ts';
import { LightAlert } from '../../components/light/light-alert.tsx';
import { LightIcon } from '../../components/light/light-icon.tsx';
import { LightCheckbox } from '../../components/light/light-switch.tsx';
import { RegistrationComplete } from '../../components/light/registration-complete.tsx';
import { SaveIndicator } from '../../components/light/save-indicator.tsx';
import { useFiles } from './api/get-files.ts';
import { useAutosave } from './autosave-context.tsx';
import { GuardianAgreement } from './components/guardian-agreement.tsx';
import { useFieldJudge } from './field-judge.ts';
import { steps } from './steps.ts';
import type { StepContext } from './wizard-layout.tsx';

/** What a step still needs, in one sentence. */
function needs(state: StepState): string {
  const parts: string[] = [];
  if (state.missing.length > 0) parts.push(`Fill in: ${state.missing.join(', ')}.`);
  if (state.invalid.length > 0) parts.push(`Correct: ${state.invalid.join(', ')}.`);
  if (state.note) parts.push(state.note);
  return parts.join(' ');
}

/** The fields whose values the step judges: those of every data step. */
const judgedFields = stepKeys.flatMap(fieldsOfStep);

/** Her steps' states before the contract's schemas have come: each saved value was judged when it was saved. */
const statesOnFirstPaint = (record: Parameters<typeof stepStates>[0], facts: CompletenessFacts) => stepStates(record, facts, () => true);

/**
 * Step 6 (SPEC §2): each step's state (decision 026), then the school's terms and the agreement
 * checkbox, which can be ticked only once every step is complete; once it is, the confirmation
 * that the registration is complete; and, when the school asks for it, whether a linked parent
 * agreed too (decision 067). The step draws before the schema library has come (issue
 * 38); it judges every value again once it has, as the server does before taking her agreement.
 */
export default function CompleteStepPage() {
  const { readOnly, terms, academicYear, completedOn } = useOutletContext<StepContext>();
  const { store, state } = useAutosave();
  const agreed = store.value('agree_terms_conditions') === 1;
  const { reviewed } = state.progress;
  const judge = useFieldJudge(judgedFields);
  // Her documents name what is still to upload. The Documents flag, once set, says they are all in
  // and reviewed; until her documents have come, it tells while the step is reviewed.
  const { data: files } = useFiles(String(state.record.id));
  const documentsDone = state.progress.documents === 1;
  const missingDocuments = documentsDone || !files ? undefined : documentTypeNames.filter((type) => !files.some((file) => file.type === type));
  const states = (judge?.registrationStepStates ?? statesOnFirstPaint)(store.current(), {
    documentsComplete: documentsDone || (missingDocuments ? missingDocuments.length === 0 : reviewed.documents !== 1),
    missingDocuments,
    reviewed: (key) => reviewed[key] === 1,
  });
  const checking = (step: StepState) => step.key === 'documents' && !files && !step.complete;
  const incomplete = states.filter((step) => !step.complete);
  const pathOf = (key: StepState['key']) => `/registration/${steps.find((step) => step.flag === key)?.path ?? ''}`;
  const reason =
    incomplete.length > 0
      ? `You can agree once every step is complete: ${incomplete.map((step) => step.label).join(', ')} ${incomplete.length === 1 ? 'is' : 'are'} still incomplete.`
      : null;

  const agreeError = state.errors.get('agree_terms_conditions');
  return (
    <div className="lf-stack">
      <section className="lf-card" aria-labelledby="steps-title">
        <h2 id="steps-title" className="lf-titled">
          Your registration
        </h2>
        {state.progress.submit === 1 ? (
          <RegistrationComplete academicYear={academicYear} completedOn={completedOn} />
        ) : incomplete.length === 0 ? (
          <LightAlert severity="success" role="alert">
            Every step is complete. Read the terms below and agree to finish your registration.
          </LightAlert>
        ) : (
          <LightAlert severity="info" role="alert">
            {incomplete.length === 1 ? 'One step still needs' : `${incomplete.length} steps still need`} attention before you can agree to the terms.
          </LightAlert>
        )}
        <ul aria-label="Step states" className="lf-states">
          {states.map((step) => (
            <li key={step.key}>
              {step.complete ? (
                <LightIcon name="checkCircle" className="lf-done" title="Done" />
              ) : (
                <LightIcon name="errorOutline" className="lf-warn" title="Incomplete" />
              )}
              <div>
                <Link to={pathOf(step.key)} className="lf-link">
                  {step.label}
                </Link>
                <p className="lf-secondary">{step.complete ? 'Done' : checking(step) ? 'Checking your documents…' : needs(step)}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <section className="lf-card" aria-labelledby="terms-title">
        <h2 id="terms-title" className="lf-titled">
          Terms and Conditions
        </h2>
        <p className="lf-secondary lf-version">{terms.version}</p>
        <ol className="lf-terms">
          {terms.items.map((term) => (
            <li key={term}>{term}</li>
          ))}
        </ol>
        <div className="lf-row" style={{ flexWrap: 'nowrap', gap: 0 }}>
          <LightCheckbox
            id="agree-terms"
            label="I have read and agree to the terms and conditions."
            checked={agreed}
            // Withdrawing stays possible; agreeing waits for every step.
            disabled={readOnly || (!agreed && incomplete.length > 0)}
            aria-describedby={reason ? 'agree-reason' : undefined}
            onCheckedChange={(checked) => store.commit('agree_terms_conditions', checked ? 1 : 0)}
          />
          <SaveIndicator status={state.status.get('agree_terms_conditions')} label="Agreement" />
        </div>
        {reason && !agreed && (
          <p id="agree-reason" className="lf-helper">
            {reason}
          </p>
        )}
        {agreeError && <p className="lf-helper lf-error-text">{agreeError}</p>}
      </section>
      <GuardianAgreement />
    </div>
  );
}
