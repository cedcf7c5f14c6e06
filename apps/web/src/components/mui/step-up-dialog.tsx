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
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { getSecondFactors, givePasskey, passkeyProblem, type SecondFactors } from '../../api/passkeys.ts';
import { stepUp, stepUpAsked } from '../../api/step-up.ts';

/** What the dialog offers before her account has answered: the code box (an app's or a recovery code). */
const ASSUMED_FACTORS: SecondFactors = { app: true, passkey: false };

/** What the dialog asks of her, for the factors she has. */
function stepUpWords(factors: SecondFactors): string {
  if (factors.app && factors.passkey) return messages.stepUpAppOrPasskey;
  return factors.passkey ? messages.stepUpPasskeyOnly : messages.stepUpRequired;
}

/** A staff member's own account page, where she sets up a second factor. */
const MY_ACCOUNT_PATH = '/admin/account';

/** The dialog telling a staff member without a second factor to set one up before the export. */
function EnrolFirstDialog({ message, onClose }: { message: string | null; onClose: () => void }) {
  return (
    <Dialog open={message !== null} onClose={onClose} aria-labelledby="enrol-first-title" aria-describedby="enrol-first-text">
      <DialogTitle id="enrol-first-title">Set up a second factor first</DialogTitle>
      <DialogContent>
        <Typography id="enrol-first-text">{message}</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Not now</Button>
        <Button variant="contained" component={RouterLink} to={MY_ACCOUNT_PATH}>
          Go to My Account
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Whole-school exports ask for a second factor given in the last 15 minutes (decision 049): every
 * page with one runs it through `guard(run)`. When the server asks for the code, the dialog asks
 * her for it (or a passkey) and the export runs again once it is accepted; cancelling rejects with
 * the server's refusal. A staff member with no factor is told to set one up first, with the way
 * to My Account, and the export rejects with the refusal at once.
 */
export function useStepUp(): { guard: <T>(run: () => Promise<T>) => Promise<T>; dialog: ReactNode } {
  const [open, setOpen] = useState(false);
  const [enrolFirst, setEnrolFirst] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // What she can give (decision 043): a code from her app, her passkey, or either. Until her
  // account answers, the code box shows: a recovery code is typed there too.
  const [factors, setFactors] = useState<SecondFactors>(ASSUMED_FACTORS);
  const waiting = useRef<{ resolve: () => void; reject: () => void } | null>(null);

  const guard = useCallback(async <T,>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (caught) {
      const asked = stepUpAsked(caught);
      if (asked === 'enrol') setEnrolFirst((caught as ApiError).message);
      if (asked !== 'code') throw caught;
      setCode('');
      setError(null);
      setOpen(true);
      setFactors(ASSUMED_FACTORS);
      getSecondFactors().then(setFactors, () => setFactors(ASSUMED_FACTORS));
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
    <>
      <Dialog open={open} onClose={cancel} aria-labelledby="step-up-title">
        <form onSubmit={confirm} noValidate>
          <DialogTitle id="step-up-title">Confirm it is you</DialogTitle>
          <DialogContent>
            <Typography sx={{ mb: 2 }}>{stepUpWords(factors)}</Typography>
            {error && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {error}
              </Alert>
            )}
            {factors.passkey && (
              <Button variant={factors.app ? 'outlined' : 'contained'} onClick={confirmWithPasskey} disabled={busy} sx={{ mb: 2 }}>
                Use a passkey
              </Button>
            )}
            {factors.app && (
              <TextField label="Code" value={code} onChange={(event) => setCode(event.target.value)} autoComplete="one-time-code" autoFocus fullWidth />
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={cancel}>Cancel</Button>
            {factors.app && (
              <Button type="submit" variant="contained" disabled={busy}>
                Confirm
              </Button>
            )}
          </DialogActions>
        </form>
      </Dialog>
      <EnrolFirstDialog message={enrolFirst} onClose={() => setEnrolFirst(null)} />
    </>
  );
  return { guard, dialog };
}
