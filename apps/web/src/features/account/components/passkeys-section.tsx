import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { messages } from '@school/contract/messages';
import { useState, type FormEvent } from 'react';
import { useSchoolTimeZone } from '../../../api/get-school-config.ts';
import { passkeyProblem } from '../../../api/passkeys.ts';
import { formatSchoolTime } from '../../../lib/format-day.ts';
import { useAddPasskey, usePasskeys, useRemovePasskey } from '../api/passkeys.ts';
import { useEnrolmentCheck } from './enrolment-check-dialog.tsx';

/**
 * Her passkeys on My Account (decision 043): each with its name and last use, removable; a named
 * one added with this device. The enrolment screen offers it too, and goes on once one is added (`onAdded`).
 */
export function PasskeysSection({ onAdded }: { onAdded?: () => void } = {}) {
  const { data } = usePasskeys();
  const add = useAddPasskey();
  // A first passkey, where the school requires a factor, asks her to show it is her first (decision 057).
  const { guard, dialog } = useEnrolmentCheck();
  const remove = useRemovePasskey();
  const timeZone = useSchoolTimeZone();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setNotice(null);
    if (!name.trim()) return setError(messages.passkeyNameEmpty);
    try {
      await guard(() => add.mutateAsync(name.trim()));
      setNotice(`The passkey “${name.trim()}” is added. You can use it to sign in and to confirm whole-school exports.`);
      setName('');
      onAdded?.();
    } catch (caught) {
      setError(passkeyProblem(caught));
    }
  }

  async function removeOne(id: number, passkeyName: string) {
    setError(null);
    setNotice(null);
    try {
      await remove.mutateAsync(id);
      setNotice(`The passkey “${passkeyName}” is removed.`);
    } catch (caught) {
      setError(passkeyProblem(caught));
    }
  }

  const passkeys = data?.passkeys ?? [];
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }}>
      {dialog}
      <Stack spacing={2}>
        <Typography variant="h6" component="h2">
          Passkeys
        </Typography>
        <Typography>A passkey lets this device confirm it is you with its fingerprint, face or screen lock, in place of a code.</Typography>
        {data && passkeys.length === 0 && <Typography color="text.secondary">You have no passkeys yet.</Typography>}
        {passkeys.length > 0 && (
          <List aria-label="Your passkeys">
            {passkeys.map((passkey) => (
              <ListItem
                key={passkey.id}
                divider
                secondaryAction={
                  <Button
                    size="small"
                    disabled={remove.isPending}
                    onClick={() => removeOne(passkey.id, passkey.name)}
                    aria-label={`Remove the passkey ${passkey.name}`}
                  >
                    Remove
                  </Button>
                }
              >
                <ListItemText
                  primary={passkey.name}
                  secondary={`added ${formatSchoolTime(passkey.created_at, timeZone)} · ${passkey.last_used_at ? `last used ${formatSchoolTime(passkey.last_used_at, timeZone)}` : 'not used yet'}`}
                  sx={{ pr: 10 }}
                />
              </ListItem>
            ))}
          </List>
        )}
        {error && <Alert severity="error">{error}</Alert>}
        {notice && <Alert severity="success">{notice}</Alert>}
        <Stack component="form" direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }} onSubmit={submit} noValidate>
          <TextField
            label="Passkey name"
            helperText="Such as the device it is on"
            value={name}
            onChange={(event) => setName(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 60 } }}
            sx={{ maxWidth: { sm: 320 } }}
          />
          <Button type="submit" variant="outlined" disabled={add.isPending} sx={{ alignSelf: 'flex-start', mt: { sm: 1 } }}>
            Add a passkey
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
