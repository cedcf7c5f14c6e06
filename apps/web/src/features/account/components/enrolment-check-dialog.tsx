import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { messages } from '@school/contract/messages';
import { useCallback, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ApiError } from '../../../api/client.ts';
import { confirmEnrolmentCode, enrolmentCheckAsked, sendEnrolmentCode } from '../api/enrolment-code.ts';

/**
 * Where the school requires a second factor, the first one is set up only once the session shows
 * it is hers (decision 057): `guard(run)` runs an enrolment call; when the portal asks, the dialog
 * takes her password, has a code sent to her notice address, takes the code, and runs the call
 * again. Cancelling rejects with the portal's refusal.
 */
export function useEnrolmentCheck(): { guard: <T>(run: () => Promise<T>) => Promise<T>; dialog: ReactNode } {
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const waiting = useRef<{ resolve: () => void; reject: () => void } | null>(null);

  const guard = useCallback(async <T,>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (caught) {
      if (!enrolmentCheckAsked(caught)) throw caught;
      setSent(null);
      setPassword('');
      setCode('');
      setError(null);
      setOpen(true);
      await new Promise<void>((resolve, reject) => {
        waiting.current = { resolve, reject: () => reject(caught) };
      });
      return run();
    }
  }, []);

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
      setOpen(false);
      waiting.current?.resolve();
    });
  }

  function cancel() {
    setOpen(false);
    waiting.current?.reject();
  }

  const dialog = (
    <Dialog open={open} onClose={cancel} aria-labelledby="enrolment-check-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="enrolment-check-title">Confirm it is you</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>{sent ?? messages.enrolmentVerificationRequired}</Typography>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
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
        </DialogContent>
        <DialogActions>
          <Button onClick={cancel}>Cancel</Button>
          {sent !== null && (
            <Button onClick={() => setSent(null)} disabled={busy}>
              Send a new code
            </Button>
          )}
          <Button type="submit" variant="contained" disabled={busy}>
            {sent === null ? 'Send the code' : 'Confirm'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
  return { guard, dialog };
}
