import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { guardianMessages } from '@school/contract/guardian-messages';
import { guardianRelationships, type GuardianRelationship } from '@school/contract/guardians';
import { guardianInvitationRequest } from '@school/contract/requests';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api/client.ts';
import { useInviteGuardian } from '../../api/invite-guardian.ts';
import { relationshipLabels } from '../../lib/relationship-labels.ts';

type Field = 'student_id' | 'email' | 'relationship';

/**
 * 'Invite a parent': an invitation to one address to link one student, a single-use link valid 72
 * hours (decision 062). From a student's row the student is given; on the Guardians screen her ID is
 * typed. The form's problems are shown under their fields before anything is sent, the server's
 * the same way; `onDone` gets the words of what was done.
 */
export function InviteParentDialog({
  student,
  onClose,
  onDone,
}: {
  /** The student, when the dialog is opened from her row. */
  student?: { id: string; name: string };
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const [studentId, setStudentId] = useState(student?.id ?? '');
  const [email, setEmail] = useState('');
  const [relationship, setRelationship] = useState<GuardianRelationship | ''>('');
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const invite = useInviteGuardian();
  const failure = invite.error;
  const serverProblem = (field: Field) => (failure instanceof ApiError ? failure.body.errors?.[field]?.[0] : undefined);
  const problemOf = (field: Field) => problems[field] ?? serverProblem(field);
  // A refusal that names no field of the form (the student not found, a session that needs a step-up…).
  const generalFailure =
    failure && !(['student_id', 'email', 'relationship'] as const).some((field) => serverProblem(field))
      ? failure instanceof ApiError
        ? failure.firstMessage
        : 'The invitation could not be sent. Please try again.'
      : null;

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = guardianInvitationRequest.safeParse({ student_id: studentId.trim(), email, relationship: relationship || undefined });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= issue.message;
      }
      setProblems(found);
      return;
    }
    setProblems({});
    try {
      const sent = await invite.mutateAsync(parsed.data);
      onDone(guardianMessages.invitedFor(sent.email, student?.name ?? sent.student_name));
    } catch {
      // Shown in the form.
    }
  };

  return (
    <Dialog open onClose={invite.isPending ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="invite-dialog-title">
      <form onSubmit={(event) => void send(event)} noValidate>
        <DialogTitle id="invite-dialog-title">{student ? `Invite a parent of ${student.name}` : 'Invite a parent'}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            The address receives a link that works once, for 72 hours. Following it, the parent makes an account (or signs in) and is linked to the student.
          </DialogContentText>
          <Stack spacing={2}>
            {generalFailure && <Alert severity="error">{generalFailure}</Alert>}
            {!student && (
              <TextField
                label="Student ID"
                value={studentId}
                onChange={(event) => setStudentId(event.target.value)}
                required
                autoFocus
                error={Boolean(problemOf('student_id'))}
                helperText={problemOf('student_id')}
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 20 } }}
              />
            )}
            <TextField
              label="E-mail address"
              type="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              required
              autoFocus={Boolean(student)}
              error={Boolean(problemOf('email'))}
              helperText={problemOf('email')}
              slotProps={{ htmlInput: { maxLength: 254 } }}
            />
            <TextField
              select
              label="Relationship"
              value={relationship}
              onChange={(event) => setRelationship(event.target.value as GuardianRelationship)}
              required
              error={Boolean(problemOf('relationship'))}
              helperText={problemOf('relationship')}
            >
              {guardianRelationships.map((value) => (
                <MenuItem key={value} value={value}>
                  {relationshipLabels[value]}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={invite.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={invite.isPending}>
            Send invitation
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
