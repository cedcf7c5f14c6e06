import { passwordRules } from '@school/contract/limits';
import { passwordProblem, type PasswordForbidden } from '@school/contract/password-rule';
import { useState, type FormEvent, type ReactNode } from 'react';
import { ApiError } from '../../api/client.ts';
import { LightButton } from './light-button.tsx';
import { LightTextField } from './light-text-field.tsx';
import { FormAlerts } from './form-alerts.tsx';

/**
 * New password and its confirmation; when they differ nothing is sent (SPEC §5), nor when the
 * contract's password rule refuses it (the server's rule; the server alone knows the common
 * passwords). `intro` holds what comes first (a welcome, the current password), and `onSubmit`
 * gets the new password. Plain, as it follows straight on from the sign-in screens (decision 008).
 */
export function NewPasswordForm({
  onSubmit,
  submitLabel = 'Change Password',
  intro,
  rules = passwordRules.student,
  forbidden = {},
  rule = (password) => passwordProblem(password, forbidden),
  otherProblem = () => null,
}: {
  onSubmit: (password: string) => Promise<void>;
  submitLabel?: string;
  intro?: ReactNode;
  /** What a new password must be, under the field (the server's rules for this account). */
  rules?: string;
  /** What the account's new password must not contain or be (its student ID, its username). */
  forbidden?: PasswordForbidden;
  /** Why a new password is refused, or null: the contract's rule for the account (by default the student's and staff's, with `forbidden`). */
  rule?: (password: string) => string | null;
  /** What else the form holds that is wrong (a name left empty in `intro`), checked first; nothing is sent then. */
  otherProblem?: () => string | null;
}) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const other = otherProblem();
    if (other) return setError(other);
    if (password !== confirm) {
      setMismatch(true);
      return;
    }
    const problem = rule(password);
    if (problem) return setError(problem);
    setBusy(true);
    try {
      await onSubmit(password);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.firstMessage : 'The password could not be changed. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="light-stack" onSubmit={submit} noValidate>
      {intro}
      <FormAlerts error={error} />
      <LightTextField
        label="New Password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => {
          setPassword(event.target.value);
          setMismatch(false);
        }}
        required
        helperText={rules}
      />
      <LightTextField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={(event) => {
          setConfirm(event.target.value);
          setMismatch(false);
        }}
        required
        error={mismatch}
        helperText={mismatch ? 'The passwords do not match.' : ' '}
      />
      <LightButton type="submit" disabled={busy || !password || !confirm}>
        {submitLabel}
      </LightButton>
    </form>
  );
}
