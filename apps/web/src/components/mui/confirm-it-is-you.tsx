import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useCallback, useRef, useState, type FormEvent, type ReactNode } from 'react';

/**
 * A call the portal may refuse until she shows it is her (a code, a passkey, her password): `guard(run)`
 * runs it; when `asks(refusal)` says the portal is asking, `onAsk` prepares the dialog, which opens,
 * and the call runs again once `confirmed()`; `cancel()` rejects with the refusal. Any other
 * refusal is thrown as it came.
 */
export function useConfirmThenRetry(asks: (refusal: unknown) => boolean, onAsk: () => void) {
  const [open, setOpen] = useState(false);
  const waiting = useRef<{ resolve: () => void; reject: () => void } | null>(null);
  // The latest of the caller's functions, so that `guard` stays one function for the page's life.
  const caller = useRef({ asks, onAsk });
  caller.current = { asks, onAsk };

  const guard = useCallback(async <T,>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (refusal) {
      if (!caller.current.asks(refusal)) throw refusal;
      caller.current.onAsk();
      setOpen(true);
      await new Promise<void>((resolve, reject) => {
        waiting.current = { resolve, reject: () => reject(refusal) };
      });
      return run();
    }
  }, []);

  const confirmed = () => {
    setOpen(false);
    waiting.current?.resolve();
  };
  const cancel = () => {
    setOpen(false);
    waiting.current?.reject();
  };
  return { guard, open, confirmed, cancel };
}

/**
 * The "Confirm it is you" dialog: what it asks of her, the portal's refusal when there is one, the
 * field or button she answers with (`children`), then Cancel and the dialog's own `actions`.
 */
export function ConfirmItIsYouDialog({
  id,
  open,
  ask,
  error,
  onSubmit,
  onCancel,
  actions,
  children,
}: {
  id: string;
  open: boolean;
  ask: string;
  error: string | null;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={`${id}-title`}>
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id={`${id}-title`}>Confirm it is you</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>{ask}</Typography>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          {children}
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>Cancel</Button>
          {actions}
        </DialogActions>
      </form>
    </Dialog>
  );
}
