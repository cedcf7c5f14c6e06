import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { messages } from '@school/contract/messages';
import type { TotpEnrolment } from '@school/contract/responses';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api/client.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { useConfirmTotp } from './api/confirm-totp.ts';
import { useEndSession } from './api/end-session.ts';
import { useAccount } from './api/get-account.ts';
import { usePasskeys } from './api/passkeys.ts';
import { useStartTotp } from './api/start-totp.ts';
import { PasskeysSection } from './components/passkeys-section.tsx';
import { NoticeEmailSection } from './components/notice-email-section.tsx';
import { QrCode } from './components/qr-code.tsx';
import { formatWhen } from './format-when.ts';

/** Enrolling an authenticator app: the QR code and secret, then its first code; answers the recovery codes. */
function TotpEnrolmentForm({ enrolment, onDone }: { enrolment: TotpEnrolment; onDone: (codes: string[]) => void }) {
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
      <Typography sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }} data-testid="totp-secret">
        {enrolment.secret}
      </Typography>
      {error && <Alert severity="error">{error}</Alert>}
      <TextField label="Code from the app" value={code} onChange={(event) => setCode(event.target.value)} autoComplete="one-time-code" sx={{ maxWidth: 240 }} />
      <Button type="submit" variant="contained" disabled={confirm.isPending} sx={{ alignSelf: 'flex-start' }}>
        Turn on
      </Button>
    </Stack>
  );
}

/** `/admin/account`: a staff member's second factors (authenticator app, passkeys) and her active sessions, any of which she can end (decision 043). */
export default function AccountPage() {
  const { data: account } = useAccount();
  const { data: passkeys } = usePasskeys();
  const start = useStartTotp();
  const endSession = useEndSession();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  return (
    <>
      <PageTitle>My Account</PageTitle>
      <Stack spacing={2}>
        <Paper sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack spacing={2}>
            <Typography variant="h6" component="h2">
              Authenticator app
            </Typography>
            {account && (
              <Typography>
                {account.totp
                  ? `On. ${account.recovery_codes_left} of 10 recovery codes left.`
                  : passkeys?.passkeys.length
                    ? 'Off. Your passkeys are your second factor; an app gives you recovery codes too.'
                    : 'Off. Whole-school exports need a second factor; sign-in asks for it once it is on.'}
              </Typography>
            )}
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
            {enrolment && !recoveryCodes ? (
              <TotpEnrolmentForm enrolment={enrolment} onDone={setRecoveryCodes} />
            ) : (
              <Button
                variant="outlined"
                sx={{ alignSelf: 'flex-start' }}
                disabled={start.isPending}
                onClick={async () => {
                  setRecoveryCodes(null);
                  setEnrolment(await start.mutateAsync());
                }}
              >
                {account?.totp ? 'Set up again on another phone' : 'Set up an authenticator app'}
              </Button>
            )}
          </Stack>
        </Paper>
        <PasskeysSection />
        <NoticeEmailSection />
        <Paper sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h6" component="h2">
            Where you are signed in
          </Typography>
          <List aria-label="Your sessions">
            {account?.sessions.map((session) => (
              <ListItem
                key={session.id}
                divider
                secondaryAction={
                  session.current ? (
                    <Chip label="This device" size="small" />
                  ) : (
                    <Button
                      size="small"
                      onClick={() => endSession.mutate(session.id)}
                      aria-label={`End the session on ${session.device ?? 'an unknown device'}`}
                    >
                      End
                    </Button>
                  )
                }
              >
                <ListItemText
                  primary={session.device ?? 'Unknown device'}
                  secondary={`${session.ip ?? 'unknown address'} · signed in ${formatWhen(session.signed_in_at)} · last used ${formatWhen(session.last_used_at)}`}
                  sx={{ pr: 10 }}
                />
              </ListItem>
            ))}
          </List>
        </Paper>
      </Stack>
    </>
  );
}
