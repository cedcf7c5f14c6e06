import { failureText, LoadFailedAlert } from '../../components/mui/load-failed-alert.tsx';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { guardianMessages } from '@school/contract/guardian-messages';
import type { GuardianLink } from '@school/contract/responses';
import { useState, type FormEvent } from 'react';
import { useFormClasses } from '../../api/get-form-classes.ts';
import { useSession } from '../../api/get-session.ts';
import { PageTitle } from '../../components/light/page-title.tsx';
import { DoneSnackbar } from '../../components/mui/done-snackbar.tsx';
import { InviteParentDialog } from '../../components/mui/invite-parent-dialog.tsx';
import { PdfDialog } from '../../components/mui/pdf-dialog.tsx';
import { Spinner } from '../../components/mui/spinner.tsx';
import { useStepUp } from '../../components/mui/step-up-dialog.tsx';
import { cardsOnPhone } from '../../components/mui/table-cards.ts';
import { useGuardianLinks } from './api/get-guardian-links.ts';
import { useInviteClass } from './api/guardian-invitations.ts';
import { InvitationsTable } from './components/invitations-table.tsx';
import { LinkChangeDialog, type LinkChange } from './components/link-change-dialog.tsx';
import { relationshipLabels, verificationLabels } from './components/words.ts';

const stateOf = (link: GuardianLink) => (link.revoked ? 'Revoked' : link.restricted ? 'Restricted' : 'Sees her');

/**
 * `/admin/guardians` (office and admin, decision 062): the links between parents and students,
 * found by a guardian's name or address or a student, or by class; each with how it was verified
 * and its state, restricted (custody) or revoked from here after a confirmation that says what it
 * does. For a class: its invitations (resend, cancel), an invitation to each parent e-mail of its
 * records, and its code letters (a guarded export). 'Invite a parent' invites one address.
 */
export default function GuardiansPage() {
  const { data: classes } = useFormClasses();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [classId, setClassId] = useState('');
  const links = useGuardianLinks({ q, classId });
  const { guard, dialog } = useStepUp();
  const { data: session } = useSession();
  const [changing, setChanging] = useState<{ link: GuardianLink; change: LinkChange } | null>(null);
  const [inviting, setInviting] = useState(false);
  const [letters, setLetters] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const inviteClass = useInviteClass();

  const search = (event: FormEvent) => {
    event.preventDefault();
    setQ(typed);
  };
  const finish = (message: string) => {
    setChanging(null);
    setInviting(false);
    setDone(message);
  };
  const inviteTheClass = () =>
    void inviteClass.mutateAsync(classId).then(
      (counts) => setDone(guardianMessages.classInvited(counts.sent, counts.skipped)),
      () => undefined,
    );
  const asked = q.trim() !== '' || classId !== '';

  return (
    <>
      <PageTitle>Guardians</PageTitle>
      {dialog}
      <Paper sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}>
        <Box component="form" role="search" onSubmit={search} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}>
          <TextField
            label="Guardian or student"
            type="search"
            size="small"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            helperText="A name, an e-mail address or a student ID"
            sx={{ flexGrow: 1, minWidth: 220 }}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <TextField
            select
            label="Class"
            size="small"
            value={classId}
            onChange={(event) => setClassId(event.target.value)}
            sx={{ minWidth: 160 }}
            helperText=" "
          >
            <MenuItem value="">Any class</MenuItem>
            {(classes ?? []).map((formClass) => (
              <MenuItem key={formClass.id} value={formClass.id}>
                Form {formClass.form_level} – {formClass.id}
              </MenuItem>
            ))}
          </TextField>
          <Box sx={{ display: 'flex', gap: 1, mb: 2.75 }}>
            <Button type="submit" variant="outlined">
              Search
            </Button>
            <Button variant="contained" onClick={() => setInviting(true)}>
              Invite a parent
            </Button>
          </Box>
        </Box>
        {!asked ? (
          <Typography color="text.secondary">Search for a guardian or a student, or choose a class, to see their links.</Typography>
        ) : links.error ? (
          <LoadFailedAlert what="The links" error={links.error} onRetry={() => void links.refetch()} />
        ) : links.isPending ? (
          <Spinner label="Loading the links" />
        ) : (
          <LinksTable links={links.data.links} onChange={(link, change) => setChanging({ link, change })} admin={session?.role === 'admin'} />
        )}
      </Paper>
      {classId && (
        <Paper sx={{ p: { xs: 1.5, sm: 2 } }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 2 }}>
            <Typography component="h2" variant="h6" sx={{ flexGrow: 1 }}>
              Class {classId}: invitations and letters
            </Typography>
            <Button variant="outlined" onClick={inviteTheClass} disabled={inviteClass.isPending}>
              Invite the class&apos;s parents
            </Button>
            <Button variant="outlined" onClick={() => setLetters(true)}>
              Print code letters
            </Button>
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            &lsquo;Invite the class&apos;s parents&rsquo; sends an invitation to each parent e-mail in the students&apos; records that is not yet linked or
            invited. The code letters hold one code for each of up to two guardians a student, to be handed out in person; printing them again replaces the
            codes not yet used.
          </Typography>
          {inviteClass.error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              The invitations could not be sent: {failureText(inviteClass.error, 'the portal did not answer.')}
            </Alert>
          )}
          <InvitationsTable classId={classId} onDone={setDone} />
        </Paper>
      )}
      {changing && <LinkChangeDialog {...changing} guard={guard} onClose={() => setChanging(null)} onDone={finish} />}
      {inviting && <InviteParentDialog onClose={() => setInviting(false)} onDone={finish} />}
      {letters && (
        <PdfDialog
          title={`Code letters – ${classId}`}
          source={`/api/guardian-letters/${encodeURIComponent(classId)}`}
          note="Each code works once. Hand each letter to the parent in person."
          onClose={() => setLetters(false)}
          guard={guard}
        />
      )}
      <DoneSnackbar message={done} onClose={() => setDone(null)} />
    </>
  );
}

/** The links found: guardian, student, relationship, how verified, state, and the actions of a link not revoked. */
function LinksTable({ links, onChange, admin }: { links: GuardianLink[]; onChange: (link: GuardianLink, change: LinkChange) => void; admin: boolean }) {
  if (links.length === 0)
    return <Typography role="status">No link matches. A parent is linked once she accepts an invitation or uses a letter code.</Typography>;
  return (
    <>
      <Typography color="text.secondary" role="status" sx={{ mb: 1 }}>
        {links.length === 1 ? '1 link' : `${links.length} links`}
      </Typography>
      <Table size="small" aria-label="Guardians' links" sx={cardsOnPhone}>
        <TableHead>
          <TableRow>
            <TableCell>Guardian</TableCell>
            <TableCell>Student</TableCell>
            <TableCell>Relationship</TableCell>
            <TableCell>Verified by</TableCell>
            <TableCell>State</TableCell>
            <TableCell>Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {links.map((link) => (
            <TableRow key={link.link_id} data-link={link.link_id}>
              <TableCell data-label="Guardian">
                <Typography sx={{ fontWeight: 600 }}>{link.guardian_name}</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {link.guardian_email}
                </Typography>
              </TableCell>
              <TableCell data-label="Student">
                {link.student_name}
                <Typography variant="body2" color="text.secondary">
                  {link.student_id}
                  {link.class_id ? ` · ${link.class_id}` : ''}
                </Typography>
              </TableCell>
              <TableCell data-label="Relationship">{relationshipLabels[link.relationship]}</TableCell>
              <TableCell data-label="Verified by">{verificationLabels[link.verified_by]}</TableCell>
              <TableCell data-label="State">{stateOf(link)}</TableCell>
              <TableCell data-label="Actions">
                {link.revoked ? (
                  '—'
                ) : (
                  <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                    <Button
                      size="small"
                      variant="outlined"
                      onClick={() => onChange(link, link.restricted ? 'lift' : 'restrict')}
                      aria-label={`${link.restricted ? 'Lift the restriction of' : 'Restrict'} ${link.guardian_name} for ${link.student_name}`}
                    >
                      {link.restricted ? 'Lift the restriction' : 'Restrict'}
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      onClick={() => onChange(link, 'revoke')}
                      aria-label={`Revoke ${link.guardian_name} for ${link.student_name}`}
                    >
                      Revoke
                    </Button>
                    {admin && link.second_factor && (
                      <Button
                        size="small"
                        color="error"
                        onClick={() => onChange(link, 'reset-factor')}
                        aria-label={`Remove the two-step sign-in of ${link.guardian_name}`}
                      >
                        Remove two-step sign-in
                      </Button>
                    )}
                  </Stack>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
