import type { SecondFactorKind } from '@school/contract/responses';
import { messages } from '@school/contract/messages';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../../api/client.ts';
import { passkeyProblem } from '../../../api/passkeys.ts';
import { FormAlerts } from '../../../components/light/form-alerts.tsx';
import { LightButton } from '../../../components/light/light-button.tsx';
import { LightTextField } from '../../../components/light/light-text-field.tsx';
import { LoadingOverlay } from '../../../components/light/loading-overlay.tsx';
import { signInWithCode, signInWithPasskey } from '../api/second-factor-sign-in.ts';
import { problemOf, useThrottleWait } from '../problems.ts';

/** What the second step tells the page: she is signed in, or her sign-in waited too long and she starts again (with the server's words). */
export type SecondStepOutcome = { signedIn: true } | { signedIn: false; problem: string };

/**
 * The second step of a guardian's sign-in (decision 062), when her password was right and her
 * account has a second factor: a code from her authenticator app (or a recovery code), or her
 * passkey, as `factors` says she has. Focus moves to it as it appears; a wrong code is announced
 * in the server's words; while her codes are locked the button waits out the time the server gave.
 */
export function SecondStep({ factors, onDone }: { factors: SecondFactorKind[]; onDone: (outcome: SecondStepOutcome) => void | Promise<void> }) {
  const hasApp = factors.includes('app');
  const hasPasskey = factors.includes('passkey');
  const wait = useThrottleWait();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  // The step replaces the password form: her keyboard and screen reader go on from its first control.
  useEffect(() => form.current?.querySelector<HTMLElement>('[data-step-start]')?.focus(), []);

  /** A sign-in that waited more than 5 minutes (401) starts again; any other refusal is told here. */
  async function settle(caught: unknown, describe: (caught: unknown) => string) {
    if (caught instanceof ApiError && caught.status === 401) return onDone({ signedIn: false, problem: caught.firstMessage });
    wait.note(caught);
    setError(describe(caught));
  }

  async function giveCode(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!code.trim()) return setError(messages.enterCode);
    setBusy(true);
    try {
      await signInWithCode({ code: code.trim() });
      await onDone({ signedIn: true });
    } catch (caught) {
      await settle(caught, (problem) => problemOf(problem, messages.signInFailed));
    } finally {
      setBusy(false);
    }
  }

  async function givePasskey() {
    setError(null);
    setBusy(true);
    try {
      await signInWithPasskey();
      await onDone({ signedIn: true });
    } catch (caught) {
      await settle(caught, passkeyProblem);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={form} className="light-stack" onSubmit={giveCode} noValidate aria-label="Second step of sign-in">
      <LoadingOverlay open={busy} label="Signing in" />
      <FormAlerts error={error} />
      <p className="light-text">Your account asks for a second step after your password.</p>
      {hasPasskey && (
        <LightButton data-step-start={hasApp ? undefined : ''} onClick={givePasskey} disabled={busy || wait.waiting}>
          Use a passkey
        </LightButton>
      )}
      {hasApp && (
        <>
          <LightTextField
            data-step-start=""
            label="Code"
            helperText={`${hasPasskey ? 'Or enter the' : 'The'} 6 digits your authenticator app shows for this portal, or one of your recovery codes.`}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="one-time-code"
            inputMode="text"
            maxLength={40}
          />
          <LightButton type="submit" disabled={busy || wait.waiting}>
            Continue
          </LightButton>
        </>
      )}
    </form>
  );
}
