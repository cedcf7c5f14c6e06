import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { guardianMessages } from '@school/contract/guardian-messages';
import type { GuardianLink } from '@school/contract/responses';
import { ApiError } from '../../../api/client.ts';
import { useChangeGuardianLink, useResetGuardianFactor } from '../api/change-guardian-link.ts';
import { objectPronoun } from './words.ts';

/** What a link's action does: restrict it (custody), lift the restriction, revoke it, or remove the guardian's lost second factor (an admin's). */
export type LinkChange = 'restrict' | 'lift' | 'revoke' | 'reset-factor';

const changeBody = { restrict: { restricted: true }, lift: { restricted: false }, revoke: { revoked: true } } as const;
const titles = {
  restrict: 'Restrict this link?',
  lift: 'Lift the restriction?',
  revoke: 'Revoke this link?',
  'reset-factor': 'Remove her two-step sign-in?',
} as const;
const buttons = { restrict: 'Restrict', lift: 'Lift the restriction', revoke: 'Revoke', 'reset-factor': 'Remove two-step sign-in' } as const;

/**
 * The confirmation of a link's change (decision 062, custody), saying what it does in words
 * ('Mr X will no longer see anything of Keisha, and no message about her will go to him'); the
 * change is made only at its button. `guard` runs it (a change may ask for a second factor first).
 */
export function LinkChangeDialog({
  link,
  change,
  guard,
  onClose,
  onDone,
}: {
  link: GuardianLink;
  change: LinkChange;
  guard: <T>(run: () => Promise<T>) => Promise<T>;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const saveLink = useChangeGuardianLink();
  const resetFactor = useResetGuardianFactor();
  const save = change === 'reset-factor' ? resetFactor : saveLink;
  const who = link.guardian_name;
  const student = link.student_name;
  const pronoun = objectPronoun(link.relationship);
  const warning = {
    restrict: () => guardianMessages.restrictWarning(who, student, pronoun),
    lift: () => guardianMessages.liftWarning(who, student),
    revoke: () => guardianMessages.revokeWarning(who, student, pronoun),
    'reset-factor': () => guardianMessages.resetFactorWarning(who),
  }[change]();

  const confirm = async () => {
    try {
      if (change === 'reset-factor') {
        onDone((await guard(() => resetFactor.mutateAsync(link.guardian_id))).message);
        return;
      }
      await guard(() => saveLink.mutateAsync({ linkId: link.link_id, change: changeBody[change] }));
      onDone(
        change === 'restrict'
          ? guardianMessages.linkRestricted(who, student)
          : change === 'lift'
            ? guardianMessages.restrictionLifted(who, student)
            : guardianMessages.linkRevoked(who, student),
      );
    } catch {
      // Shown below.
    }
  };

  return (
    <Dialog open onClose={save.isPending ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="link-change-title">
      <DialogTitle id="link-change-title">{titles[change]}</DialogTitle>
      <DialogContent>
        <DialogContentText>{warning}</DialogContentText>
        {save.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {save.error instanceof ApiError ? save.error.firstMessage : 'The change could not be saved. Please try again.'}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button variant="contained" color={change === 'lift' ? 'primary' : 'error'} onClick={() => void confirm()} disabled={save.isPending}>
          {buttons[change]}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
