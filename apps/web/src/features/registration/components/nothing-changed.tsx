import type { CompletenessStepKey } from '@school/contract';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../api/client.ts';
import { LightAlert } from '../../../components/light/light-alert.tsx';
import { lightButtonClass } from '../../../components/light/light-form.tsx';
import { confirmStep } from '../api/confirm-step.ts';
import { useAutosave } from '../autosave-context.tsx';

/** What the step asks of her, by what it holds. */
const asks = {
  fields:
    'Check the answers on this step. If they are all still right, press ‘Nothing has changed’. If something is different, change it: your change counts too.',
  documents: 'Check the documents below. If they are all still right, press ‘Nothing has changed’, or replace the one that is not.',
} as const;

/**
 * 'Nothing has changed' (decision 026): each step counts as done this year only once she has
 * reviewed it. Shown while the step is not yet reviewed and she may still edit; her edits review
 * the step too, so the button then goes away by itself.
 */
export function NothingChanged({ step, readOnly, kind = 'fields' }: { step: CompletenessStepKey; readOnly: boolean; kind?: keyof typeof asks }) {
  const { store, state } = useAutosave();
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  // The button she pressed goes away: focus moves to the answer that takes its place.
  const answer = useRef<HTMLDivElement>(null);
  useEffect(() => answer.current?.focus(), [outcome]);
  const reviewed = state.progress.reviewed[step] === 1;
  if (readOnly || (reviewed && !outcome)) return null;

  const confirm = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      // Her edits still waiting are saved first, so that the step is confirmed as she sees it.
      await store.flush();
      const answer = await confirmStep(step);
      store.setProgress(answer.progress);
      setOutcome({ ok: true, message: answer.message });
    } catch (caught) {
      setOutcome({ ok: false, message: caught instanceof ApiError ? caught.firstMessage : 'This step could not be confirmed just now. Please try again.' });
    } finally {
      setBusy(false);
    }
  };

  const titleId = `review-${step}-title`;
  return (
    <section className="lf-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="lf-noted">
        Still right?
      </h2>
      {!reviewed && (
        <>
          <p className="lf-secondary">{asks[kind]}</p>
          <button type="button" className={lightButtonClass('contained')} onClick={() => void confirm()} disabled={busy}>
            Nothing has changed
          </button>
        </>
      )}
      {outcome && (
        <LightAlert focusRef={answer} severity={outcome.ok ? 'success' : 'error'} className={reviewed ? undefined : 'lf-gap-top'}>
          {outcome.message}
        </LightAlert>
      )}
    </section>
  );
}
