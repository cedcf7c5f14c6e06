import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { messages } from '@school/contract/messages';
import { useState, type FormEvent, type ReactNode } from 'react';
import { ApiError } from '../../../api/client.ts';
import { ConfirmItIsYouDialog, useConfirmThenRetry } from '../../../components/mui/confirm-it-is-you.tsx';
import { confirmEnrolmentCode, enrolmentCheckAsked, sendEnrolmentCode } from '../api/enrolment-code.ts';

/**
 * Where the school requires a second factor, the first one is set up only once the session shows
 * it is hers (decision 057): `guard(run)` runs an enrolment call; when the portal asks, the dialog
 * takes her password, has a code sent to her notice address, takes the code, and runs the call
 * again. Cancelling rejects with the portal's refusal.
 */
export function useEnrolmentCheck(): { guard: <T>(run: () => Promise<T>) => Promise<T>; dialog: ReactNode } {
  const [sent, setSent] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { guard, open, confirmed, cancel } = useConfirmThenRetry(enrolmentCheckAsked, () => {
    setSent(null);
    setPassword('');
    setCode('');
    setError(null);
  });

  async function step(call: () => Promise<void>) {
    setError(null);
    setBusy(true);
    try {
      await call();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.firstMessage : messages.unreachable);
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (sent === null) {
      if (!password) return setError(messages.required);
      return void step(async () => setSent((await sendEnrolmentCode({ current_password: password })).message));
    }
    if (!code.trim()) return setError(messages.enterCode);
    void step(async () => {
      await confirmEnrolmentCode({ code: code.trim() });
      confirmed();
    });
  }

  const dialog = (
    <ConfirmItIsYouDialog
      id="enrolment-check"
      open={open}
      ask={sent ?? messages.enrolmentVerificationRequired}
      error={error}
      onSubmit={submit}
      onCancel={cancel}
      actions={
        <>
          {sent !== null && (
            <Button onClick={() => setSent(null)} disabled={busy}>
              Send a new code
            </Button>
          )}
          <Button type="submit" variant="contained" disabled={busy}>
            {sent === null ? 'Send the code' : 'Confirm'}
          </Button>
        </>
      }
    >
      {sent === null ? (
        <TextField
          label="Your password"
          type="password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          autoComplete="current-password"
          autoFocus
          fullWidth
        />
      ) : (
        <TextField
          label="Code from the message"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="one-time-code"
          autoFocus
          fullWidth
        />
      )}
    </ConfirmItIsYouDialog>
  );
  return { guard, dialog };
}
