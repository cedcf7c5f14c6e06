import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Alert from '@mui/material/Alert';
import { useState, type FormEvent } from 'react';
import { limits } from '@school/contract/limits';
import type { StaffMember, StaffWithPassword } from '@school/contract/responses';
import { staffRoleLabels, staffRoles, type StaffRole } from '@school/contract/staff-roles';
import { ApiError } from '../../../api/client.ts';
import { useFormClasses } from '../../../api/get-form-classes.ts';
import { useAddStaff } from '../api/add-staff.ts';
import { useChangeStaff } from '../api/change-staff.ts';
import { useStepUp } from '../../../components/mui/step-up-dialog.tsx';

/**
 * Adds a staff member (username, name, e-mail, role, a teacher's classes) or changes one (name,
 * e-mail, role, classes, disabled). The server's answer, with a new account's one-time password, goes to `onDone`.
 */
export function StaffDialog({ member, onClose, onDone }: { member: StaffMember | null; onClose: () => void; onDone: (saved: StaffWithPassword) => void }) {
  const [username, setUsername] = useState('');
  const [displayName, setDisplayName] = useState(member?.display_name ?? '');
  const [role, setRole] = useState<StaffRole>(member?.role ?? 'teacher');
  const [classes, setClasses] = useState<string[]>(member?.classes ?? []);
  const [disabled, setDisabled] = useState(member?.disabled ?? false);
  const [email, setEmail] = useState(member?.email ?? '');
  const formClasses = useFormClasses();
  const add = useAddStaff();
  const change = useChangeStaff();
  // A staff change needs a second factor given in the last 15 minutes: asked for, then saved again.
  const { guard, dialog } = useStepUp();
  const failure = add.error ?? change.error;
  const fieldError = (field: string) => (failure instanceof ApiError ? failure.body.errors?.[field]?.[0] : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const teacherClasses = role === 'teacher' ? classes : [];
    const saved = await guard(() =>
      member
        ? change.mutateAsync({ username: member.username, change: { display_name: displayName, role, classes: teacherClasses, disabled, email } })
        : add.mutateAsync({ username, display_name: displayName, role, classes: teacherClasses, email }),
    );
    onDone(saved);
  };

  return (
    <>
      <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="staff-dialog-title">
        <form onSubmit={(event) => void submit(event).catch(() => undefined)} noValidate>
          <DialogTitle id="staff-dialog-title">{member ? `Change ${member.display_name}` : 'Add a staff member'}</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              {failure && !fieldError('username') && !fieldError('classes') && !fieldError('display_name') && !fieldError('email') && (
                <Alert severity="error">{failure instanceof ApiError ? failure.firstMessage : 'The change could not be saved.'}</Alert>
              )}
              {!member && (
                <TextField
                  label="Username"
                  value={username}
                  onChange={(event) => setUsername(event.target.value)}
                  required
                  autoComplete="off"
                  slotProps={{ htmlInput: { maxLength: limits.username } }}
                  error={Boolean(fieldError('username'))}
                  helperText={fieldError('username') ?? 'She signs in with it on /admin.'}
                />
              )}
              <TextField
                label="Name"
                value={displayName}
                onChange={(event) => setDisplayName(event.target.value)}
                required
                slotProps={{ htmlInput: { maxLength: limits.staffDisplayName } }}
                error={Boolean(fieldError('display_name'))}
                helperText={fieldError('display_name')}
              />
              <TextField
                label="E-mail (optional)"
                type="email"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                autoComplete="off"
                slotProps={{ htmlInput: { maxLength: limits.staffEmail } }}
                error={Boolean(fieldError('email'))}
                helperText={fieldError('email') ?? 'Where her security notices go: a sign-in from a new browser, a second factor added or removed.'}
              />
              <TextField select label="Role" value={role} onChange={(event) => setRole(event.target.value as StaffRole)}>
                {staffRoles.map((option) => (
                  <MenuItem key={option} value={option}>
                    {staffRoleLabels[option]}
                  </MenuItem>
                ))}
              </TextField>
              {role === 'teacher' && (
                <TextField
                  select
                  label="Classes"
                  value={classes}
                  onChange={(event) => setClasses(event.target.value as unknown as string[])}
                  slotProps={{ select: { multiple: true } }}
                  error={Boolean(fieldError('classes'))}
                  helperText={fieldError('classes') ?? 'A teacher reads only these classes.'}
                >
                  {(formClasses.data ?? []).map((formClass) => (
                    <MenuItem key={formClass.id} value={formClass.id}>
                      {formClass.id}
                    </MenuItem>
                  ))}
                </TextField>
              )}
              {member && (
                <FormControlLabel
                  control={<Switch checked={disabled} onChange={(event) => setDisabled(event.target.checked)} />}
                  label="Disabled (her sessions end at once)"
                />
              )}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Cancel</Button>
            <Button type="submit" variant="contained" disabled={add.isPending || change.isPending}>
              {member ? 'Save' : 'Add'}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      {dialog}
    </>
  );
}
