import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { messages } from '@school/contract/messages';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink } from '../../lib/router/index.ts';
import { ApiError } from '../../api/client.ts';
import { getSecondFactors, givePasskey, passkeyProblem, type SecondFactors } from '../../api/passkeys.ts';
import { stepUp, stepUpAsked } from '../../api/step-up.ts';
import { ConfirmItIsYouDialog, useConfirmThenRetry } from './confirm-it-is-you.tsx';

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
  const [enrolFirst, setEnrolFirst] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // What she can give (decision 043): a code from her app, her passkey, or either. Until her
  // account answers, the code box shows: a recovery code is typed there too.
  const [factors, setFactors] = useState<SecondFactors>(ASSUMED_FACTORS);
  const { guard, open, confirmed, cancel } = useConfirmThenRetry(
    (refusal) => {
      const asked = stepUpAsked(refusal);
      if (asked === 'enrol') setEnrolFirst((refusal as ApiError).message);
      return asked === 'code';
    },
    () => {
      setCode('');
      setError(null);
      setFactors(ASSUMED_FACTORS);
      getSecondFactors().then(setFactors, () => setFactors(ASSUMED_FACTORS));
    },
  );

  async function step(give: () => Promise<unknown>, problem: (caught: unknown) => string) {
    setError(null);
    setBusy(true);
    try {
      await give();
      confirmed();
    } catch (caught) {
      setError(problem(caught));
    } finally {
      setBusy(false);
    }
  }

  function confirm(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) return setError(messages.enterCode);
    void step(
      () => stepUp({ code: code.trim() }),
      (caught) => (caught instanceof ApiError ? caught.firstMessage : messages.unreachable),
    );
  }

  const confirmWithPasskey = () => step(() => givePasskey('/api/account/step-up/passkey/options', '/api/account/step-up/passkey'), passkeyProblem);

  const dialog = (
    <>
      <ConfirmItIsYouDialog
        id="step-up"
        open={open}
        ask={stepUpWords(factors)}
        error={error}
        onSubmit={confirm}
        onCancel={cancel}
        actions={
          factors.app && (
            <Button type="submit" variant="contained" disabled={busy}>
              Confirm
            </Button>
          )
        }
      >
        {factors.passkey && (
          <Button variant={factors.app ? 'outlined' : 'contained'} onClick={confirmWithPasskey} disabled={busy} sx={{ mb: 2 }}>
            Use a passkey
          </Button>
        )}
        {factors.app && (
          <TextField label="Code" value={code} onChange={(event) => setCode(event.target.value)} autoComplete="one-time-code" autoFocus fullWidth />
        )}
      </ConfirmItIsYouDialog>
      <EnrolFirstDialog message={enrolFirst} onClose={() => setEnrolFirst(null)} />
    </>
  );
  return { guard, dialog };
}
