import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { limits } from '@school/contract/limits';
import { messages } from '@school/contract/messages';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../api/client.ts';
import { useOwnEmail, useSaveOwnEmail } from '../api/own-email.ts';

/** The address form, started from the saved address once it is read. */
function EmailForm({ saved }: { saved: string | null }) {
  const save = useSaveOwnEmail();
  const [email, setEmail] = useState(saved ?? '');
  const [password, setPassword] = useState('');
  const [done, setDone] = useState(false);
  // Each field shows the server's word about it; anything else goes under the address.
  const fieldErrors = save.error instanceof ApiError ? save.error.body.errors : undefined;
  const passwordError = fieldErrors?.current_password?.[0] ?? null;
  const error = passwordError ? null : save.error instanceof ApiError ? save.error.firstMessage : save.error ? messages.unreachable : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setDone(false);
    const answer = await save.mutateAsync({ email, current_password: password }).catch(() => null);
    if (answer) {
      setEmail(answer.email ?? '');
      setPassword('');
      setDone(true);
    }
  }

  return (
    <Stack component="form" spacing={2} onSubmit={(event) => void submit(event)} noValidate>
      {done && (
        <Alert severity="success">{save.data?.email ? 'Saved. Security notices go to this address.' : 'Removed. No security notices are sent to you.'}</Alert>
      )}
      <TextField
        label="E-mail"
        type="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        autoComplete="email"
        slotProps={{ htmlInput: { maxLength: limits.staffEmail } }}
        error={Boolean(error)}
        helperText={error ?? 'Leave it empty to receive no notices.'}
        sx={{ maxWidth: 420 }}
      />
      <TextField
        label="Current password"
        type="password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        autoComplete="current-password"
        error={Boolean(passwordError)}
        helperText={passwordError ?? 'The address you have now is told of the change.'}
        sx={{ maxWidth: 420 }}
      />
      <Button type="submit" variant="outlined" disabled={save.isPending} sx={{ alignSelf: 'flex-start' }}>
        Save e-mail
      </Button>
    </Stack>
  );
}

/**
 * My Account's e-mail section (decision 047): the address that is told when her account is signed
 * in to from a new browser or a second factor is added or removed.
 */
export function NoticeEmailSection() {
  const { data } = useOwnEmail();
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Typography variant="h6" component="h2">
          Security notices
        </Typography>
        <Typography>We e-mail you when your account is signed in to from a new browser, or a second factor is added or removed.</Typography>
        {data && <EmailForm saved={data.email} />}
      </Stack>
    </Paper>
  );
}
