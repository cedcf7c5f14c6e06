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
import { ApiError } from '../api/client.ts';
import { getPasskeys, givePasskey, passkeyProblem } from '../api/passkeys.ts';
import { asksForStepUp, stepUp } from '../api/step-up.ts';

/**
 * Whole-school exports ask for a second factor given in the last 15 minutes (decision 049).
 * `guard(run)` runs a download; when the server asks for the code, the dialog asks her for it and
 * the download runs again once it is accepted. Cancelling rejects with the server's refusal.
 */
export function useStepUp(): { guard: <T>(run: () => Promise<T>) => Promise<T>; dialog: ReactNode } {
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Whether she has a passkey to give in place of a code (decision 043).
  const [hasPasskey, setHasPasskey] = useState(false);
  const waiting = useRef<{ resolve: () => void; reject: () => void } | null>(null);

  const guard = useCallback(async <T,>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (caught) {
      if (!asksForStepUp(caught)) throw caught;
      setCode('');
      setError(null);
      setOpen(true);
      getPasskeys().then(
        (list) => setHasPasskey(list.passkeys.length > 0),
        () => setHasPasskey(false),
      );
      await new Promise<void>((resolve, reject) => {
        waiting.current = { resolve, reject: () => reject(caught) };
      });
      return run();
    }
  }, []);

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) return setError(messages.enterCode);
    setBusy(true);
    try {
      await stepUp({ code: code.trim() });
      setOpen(false);
      waiting.current?.resolve();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.firstMessage : messages.unreachable);
    } finally {
      setBusy(false);
    }
  }

  async function confirmWithPasskey() {
    setError(null);
    setBusy(true);
    try {
      await givePasskey('/api/account/step-up/passkey/options', '/api/account/step-up/passkey');
      setOpen(false);
      waiting.current?.resolve();
    } catch (caught) {
      setError(passkeyProblem(caught));
    } finally {
      setBusy(false);
    }
  }

  function cancel() {
    setOpen(false);
    waiting.current?.reject();
  }

  const dialog = (
    <Dialog open={open} onClose={cancel} aria-labelledby="step-up-title">
      <form onSubmit={confirm} noValidate>
        <DialogTitle id="step-up-title">Confirm it is you</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>{messages.stepUpRequired}</Typography>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          {hasPasskey && (
            <Button variant="outlined" onClick={confirmWithPasskey} disabled={busy} sx={{ mb: 2 }}>
              Use a passkey
            </Button>
          )}
          <TextField label="Code" value={code} onChange={(event) => setCode(event.target.value)} autoComplete="one-time-code" autoFocus fullWidth />
        </DialogContent>
        <DialogActions>
          <Button onClick={cancel}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            Confirm
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
  return { guard, dialog };
}
