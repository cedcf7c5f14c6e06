import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { StaffMember, StaffWithPassword } from '@school/contract/responses';
import { staffRoleLabels } from '@school/contract/staff-roles';
import { ApiError } from '../../api/client.ts';
import { useSession } from '../../api/get-session.ts';
import { useSignInProvider } from '../../api/get-school-config.ts';
import { PageTitle } from '../../components/light/page-title.tsx';
import { cardsOnPhone } from '../../components/mui/table-cards.ts';
import { useChangeStaff } from './api/change-staff.ts';
import { useStaff } from './api/get-staff.ts';
import { StaffDialog } from './components/staff-dialog.tsx';
import { useStepUp } from '../../components/mui/step-up-dialog.tsx';

const statusOf = (member: StaffMember, provider: string | null) =>
  member.disabled
    ? 'Disabled'
    : member.not_seen_at_provider
      ? `Not seen at ${provider ?? 'the school’s sign-in'} lately: has she left?`
      : member.must_change_password
        ? 'Must set a password'
        : 'Active';

/**
 * `/admin/staff` (admins only, decision 048): every staff account with its e-mail, role, classes and
 * state; add one, change her e-mail (decision 047), role, classes or name, disable her, reset her password, or remove
 * the second factors of a lost phone or key. A new account's or a reset's one-time password is shown here once.
 */
export default function StaffPage() {
  const { data, error } = useStaff();
  const { data: session } = useSession();
  const provider = useSignInProvider('staff');
  const [editing, setEditing] = useState<StaffMember | 'new' | null>(null);
  // What the last change did, told once: a saved account (with a new one-time password), or her second factors removed.
  const [saved, setSaved] = useState<{ member: StaffWithPassword; factorsRemoved: boolean } | null>(null);
  const reset = useChangeStaff();
  // A reset needs a second factor given in the last 15 minutes: asked for, then made again.
  const { guard, dialog } = useStepUp();
  const act = (member: StaffMember, change: { reset_password: true } | { reset_second_factor: true }) =>
    void guard(() => reset.mutateAsync({ username: member.username, change })).then(
      (answer) => setSaved({ member: answer, factorsRemoved: 'reset_second_factor' in change }),
      () => undefined,
    );

  const done = (member: StaffWithPassword) => {
    setEditing(null);
    setSaved({ member, factorsRemoved: false });
  };

  return (
    <>
      <PageTitle>Staff</PageTitle>
      {dialog}
      {error ? (
        <Alert severity="error">The staff accounts could not be loaded.</Alert>
      ) : (
        <Paper sx={{ p: { xs: 1.5, sm: 2 } }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 2 }}>
            <Typography color="text.secondary" sx={{ flexGrow: 1 }}>
              Admins do everything; the office does all student work but staff and settings; a teacher reads her classes only.
            </Typography>
            <Button variant="contained" onClick={() => setEditing('new')}>
              Add staff member
            </Button>
          </Box>
          {saved && (
            <Alert severity="success" onClose={() => setSaved(null)} sx={{ mb: 2 }}>
              {saved.factorsRemoved ? (
                `${saved.member.display_name}'s second factors are removed and her sessions have ended. She signs in with her password and sets up a new one on her account page.`
              ) : saved.member.one_time_password ? (
                <>
                  One-time password for {saved.member.username}: <strong data-testid="one-time-password">{saved.member.one_time_password}</strong>. It is shown
                  only this once; she sets her own at her first sign-in.
                </>
              ) : (
                `${saved.member.display_name}'s account is saved.`
              )}
            </Alert>
          )}
          {reset.error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {reset.error instanceof ApiError ? reset.error.firstMessage : 'The change could not be made.'}
            </Alert>
          )}
          <Table size="small" aria-label="Staff accounts" sx={cardsOnPhone}>
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Username</TableCell>
                <TableCell>E-mail</TableCell>
                <TableCell>Role</TableCell>
                <TableCell>Classes</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(data ?? []).map((member) => (
                <TableRow key={member.username}>
                  <TableCell data-label="Name">{member.display_name}</TableCell>
                  <TableCell data-label="Username">{member.username}</TableCell>
                  <TableCell data-label="E-mail" sx={{ overflowWrap: 'anywhere' }}>
                    {member.email ?? '—'}
                  </TableCell>
                  <TableCell data-label="Role">{staffRoleLabels[member.role]}</TableCell>
                  <TableCell data-label="Classes">{member.classes.join(', ') || '—'}</TableCell>
                  <TableCell data-label="Status">{statusOf(member, provider)}</TableCell>
                  <TableCell data-label="Actions">
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                      <Button size="small" variant="outlined" onClick={() => setEditing(member)} aria-label={`Change ${member.display_name}`}>
                        Change
                      </Button>
                      <Button
                        size="small"
                        color="error"
                        onClick={() => act(member, { reset_password: true })}
                        aria-label={`Reset the password of ${member.display_name}`}
                      >
                        Reset password
                      </Button>
                      {/* For a lost phone or key; her own are changed on her account page. */}
                      {member.second_factor && member.username !== session?.userID && (
                        <Button
                          size="small"
                          color="error"
                          onClick={() => act(member, { reset_second_factor: true })}
                          aria-label={`Remove the second factors of ${member.display_name}`}
                        >
                          Remove second factor
                        </Button>
                      )}
                    </Box>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
      {editing && <StaffDialog member={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onDone={done} />}
    </>
  );
}
