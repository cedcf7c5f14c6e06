import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { limits } from '@school/contract/limits';
import { displayName } from '@school/contract/names';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../api/client.ts';
import { MuiTheme } from '../../../components/mui/mui-theme.tsx';
import { lookupStudentId, type StudentMatch } from '../api/student-lookup.ts';

/** "Find my student ID": first and last name, exactly as the school has them. MUI, loaded when first opened. */
export function FindStudentIdDialog({ open, onClose, onChoose }: { open: boolean; onClose: () => void; onChoose: (id: string) => void }) {
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [matches, setMatches] = useState<StudentMatch[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function search(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setMatches(null);
    if (!firstName.trim() || !lastName.trim()) {
      setError('Enter both your first and last name.');
      return;
    }
    setBusy(true);
    try {
      setMatches(await lookupStudentId(firstName.trim(), lastName.trim()));
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.firstMessage : 'The search did not work. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <MuiTheme>
      <Dialog
        open={open}
        onClose={onClose}
        fullWidth
        maxWidth="xs"
        aria-labelledby="find-id-title"
        slotProps={{ paper: { sx: { mx: 1.5, width: 'calc(100% - 24px)' } } }}
      >
        <DialogTitle id="find-id-title">Find my student ID</DialogTitle>
        <DialogContent>
          <Stack component="form" id="find-id-form" spacing={2} sx={{ pt: 1 }} onSubmit={search} noValidate>
            <TextField
              label="First Name"
              value={firstName}
              onChange={(event) => setFirstName(event.target.value)}
              autoComplete="given-name"
              slotProps={{ htmlInput: { maxLength: limits.lookupName } }}
            />
            <TextField
              label="Last Name"
              value={lastName}
              onChange={(event) => setLastName(event.target.value)}
              autoComplete="family-name"
              slotProps={{ htmlInput: { maxLength: limits.lookupName } }}
            />
            {error && (
              <Alert severity="error" variant="outlined">
                {error}
              </Alert>
            )}
            {matches && matches.length === 0 && (
              <Alert severity="info">No student was found with that name. Check the spelling, or ask the school office.</Alert>
            )}
            {matches && matches.length > 0 && (
              <List aria-label="Students found" disablePadding>
                {matches.map((match) => (
                  <ListItem
                    key={match.id}
                    divider
                    disableGutters
                    secondaryAction={
                      <Button size="small" variant="outlined" onClick={() => onChoose(match.id)} aria-label={`Use ${match.id}`}>
                        Use
                      </Button>
                    }
                  >
                    <ListItemText
                      primary={`ID ${match.id}`}
                      secondary={[displayName(match), match.form_level ? `Form ${match.form_level}` : null].filter(Boolean).join(' · ')}
                      sx={{ pr: 8, overflowWrap: 'anywhere' }}
                    />
                  </ListItem>
                ))}
              </List>
            )}
            {matches && matches.length > 1 && (
              <Alert severity="info">More than one student has this name: choose the ID shown with your form. If unsure, ask the school office.</Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Close</Button>
          <Button type="submit" form="find-id-form" variant="contained" disabled={busy}>
            Search
          </Button>
        </DialogActions>
      </Dialog>
    </MuiTheme>
  );
}
