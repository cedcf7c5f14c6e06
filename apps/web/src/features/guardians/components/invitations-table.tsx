import { failureText, LoadFailedAlert } from '../../../components/mui/load-failed-alert.tsx';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { guardianMessages } from '@school/contract/guardian-messages';
import type { GuardianInvitation } from '@school/contract/responses';
import { useSchoolTimeZone } from '../../../api/get-school-config.ts';
import { Spinner } from '../../../components/mui/spinner.tsx';
import { cardsOnPhone } from '../../../components/mui/table-cards.ts';
import { formatSchoolTime } from '../../../lib/format-day.ts';
import { useCancelInvitation, useInvitations, useResendInvitation } from '../api/guardian-invitations.ts';
import { relationshipLabels } from './words.ts';

const stateLabels: Record<GuardianInvitation['state'], string> = { open: 'Open', expired: 'Expired', accepted: 'Accepted', cancelled: 'Cancelled' };

/**
 * A class's invitations not yet accepted: each with its student, address and relationship, when it
 * was sent and until when its link works; Resend (a new link, the old one dead) for an open or
 * expired one, Cancel for an open one. `onDone` gets the words of what was done.
 */
export function InvitationsTable({ classId, onDone }: { classId: string; onDone: (message: string) => void }) {
  const { data, error, isPending, refetch } = useInvitations(classId);
  const timeZone = useSchoolTimeZone();
  const resend = useResendInvitation();
  const cancel = useCancelInvitation();
  const busy = resend.isPending || cancel.isPending;
  const failure = resend.error ?? cancel.error;

  const act = (invitation: GuardianInvitation, kind: 'resend' | 'cancel') => {
    const done =
      kind === 'resend'
        ? resend.mutateAsync(invitation.id).then((sent) => guardianMessages.invitationResent(sent.email))
        : cancel.mutateAsync(invitation.id).then(() => guardianMessages.invitationCancelledFor(invitation.email));
    done.then(onDone, () => undefined);
  };

  if (error) return <LoadFailedAlert what="The invitations" error={error} onRetry={() => void refetch()} />;
  if (isPending) return <Spinner label="Loading the invitations" />;
  const waiting = data.invitations.filter((invitation) => invitation.state === 'open' || invitation.state === 'expired');
  return (
    <>
      {failure && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failureText(failure, 'The invitation could not be changed. Please try again.')}
        </Alert>
      )}
      {waiting.length === 0 ? (
        <Typography>No invitation of this class is waiting for an answer.</Typography>
      ) : (
        <Table size="small" aria-label={`Invitations of ${classId}`} sx={cardsOnPhone}>
          <TableHead>
            <TableRow>
              <TableCell>Student</TableCell>
              <TableCell>E-mail</TableCell>
              <TableCell>Relationship</TableCell>
              <TableCell>Sent</TableCell>
              <TableCell>State</TableCell>
              <TableCell>Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {waiting.map((invitation) => (
              <TableRow key={invitation.id} data-invitation={invitation.id}>
                <TableCell data-label="Student">
                  {invitation.student_name}
                  <Typography variant="body2" color="text.secondary">
                    {invitation.student_id}
                  </Typography>
                </TableCell>
                <TableCell data-label="E-mail" sx={{ overflowWrap: 'anywhere' }}>
                  {invitation.email}
                </TableCell>
                <TableCell data-label="Relationship">{relationshipLabels[invitation.relationship]}</TableCell>
                <TableCell data-label="Sent">{formatSchoolTime(invitation.sent_at, timeZone)}</TableCell>
                <TableCell data-label="State">
                  {stateLabels[invitation.state]}
                  {invitation.state === 'open' && (
                    <Typography variant="body2" color="text.secondary">
                      until {formatSchoolTime(invitation.expires_at, timeZone)}
                    </Typography>
                  )}
                </TableCell>
                <TableCell data-label="Actions">
                  <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                    <Button
                      size="small"
                      variant="outlined"
                      disabled={busy}
                      onClick={() => act(invitation, 'resend')}
                      aria-label={`Resend to ${invitation.email}`}
                    >
                      Resend
                    </Button>
                    {invitation.state === 'open' && (
                      <Button
                        size="small"
                        color="error"
                        disabled={busy}
                        onClick={() => act(invitation, 'cancel')}
                        aria-label={`Cancel the invitation to ${invitation.email}`}
                      >
                        Cancel
                      </Button>
                    )}
                  </Stack>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </>
  );
}
