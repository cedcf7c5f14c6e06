import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { messages } from '@school/contract/messages';
import type { TotpEnrolment as Enrolment } from '@school/contract/responses';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../api/client.ts';
import { useConfirmTotp } from '../api/confirm-totp.ts';
import { useStartTotp } from '../api/start-totp.ts';
import { useEnrolmentCheck } from './enrolment-check-dialog.tsx';
import { AuthenticatorKey } from '../../../components/authenticator-key.tsx';
import { QrCode } from '../../../components/qr-code.tsx';

/** Enrolling an authenticator app: the QR code and secret, then its first code; answers the recovery codes. */
function TotpEnrolmentForm({ enrolment, onDone }: { enrolment: Enrolment; onDone: (codes: string[]) => void }) {
  const confirm = useConfirmTotp();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) return setError(messages.enterCode);
    try {
      onDone((await confirm.mutateAsync({ code: code.trim() })).recovery_codes);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.firstMessage : messages.unreachable);
    }
  }

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      <Typography>Scan this code with your authenticator app (or type the key below into it), then enter the 6 digits it shows.</Typography>
      <QrCode text={enrolment.otpauth_url} label="QR code for your authenticator app" />
      <Typography component="div">
        <AuthenticatorKey secret={enrolment.secret} />
      </Typography>
      {error && <Alert severity="error">{error}</Alert>}
      <TextField label="Code from the app" value={code} onChange={(event) => setCode(event.target.value)} autoComplete="one-time-code" sx={{ maxWidth: 240 }} />
      <Button type="submit" variant="contained" disabled={confirm.isPending} sx={{ alignSelf: 'flex-start' }}>
        Turn on
      </Button>
    </Stack>
  );
}

/**
 * Setting up an authenticator app (decision 043), on the account page and on the enrolment screen
 * that staff who must have one see first: a button that begins, the QR code and first code, then
 * the ten recovery codes, shown once. `onEnrolled` is told once the app is on.
 */
export function TotpEnrolment({
  enrolled,
  onEnrolled,
  offerAgain = true,
}: {
  enrolled: boolean;
  onEnrolled?: () => void;
  /** Whether, once the app is on, it may be set up again on another phone from here (the account page). */
  offerAgain?: boolean;
}) {
  const start = useStartTotp();
  // Where the school requires a factor, the first asks her to show it is her first (decision 057).
  const { guard, dialog } = useEnrolmentCheck();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function begin() {
    setRecoveryCodes(null);
    setError(null);
    try {
      setEnrolment(await guard(() => start.mutateAsync()));
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.firstMessage : messages.unreachable);
    }
  }

  return (
    <>
      {dialog}
      {recoveryCodes && (
        <Alert severity="success">
          The authenticator app is on. Keep these recovery codes somewhere safe: each signs you in once if you lose your phone. They are shown only now.
          <List dense aria-label="Recovery codes">
            {recoveryCodes.map((code) => (
              <ListItem key={code} sx={{ fontFamily: 'monospace' }}>
                {code}
              </ListItem>
            ))}
          </List>
        </Alert>
      )}
      {error && <Alert severity="error">{error}</Alert>}
      {enrolment && !recoveryCodes ? (
        <TotpEnrolmentForm
          enrolment={enrolment}
          onDone={(codes) => {
            setRecoveryCodes(codes);
            onEnrolled?.();
          }}
        />
      ) : recoveryCodes && !offerAgain ? null : (
        <Button variant={enrolled ? 'outlined' : 'contained'} sx={{ alignSelf: 'flex-start' }} disabled={start.isPending} onClick={() => void begin()}>
          {enrolled ? 'Set up again on another phone' : 'Set up an authenticator app'}
        </Button>
      )}
    </>
  );
}
