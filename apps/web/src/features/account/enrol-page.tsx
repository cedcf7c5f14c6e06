import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { messages } from '@school/contract/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate } from '../../lib/router/index.ts';
import { getSessionQueryOptions, useSession } from '../../api/get-session.ts';
import { useEnterWithNewSession } from '../../lib/enter-with-new-session.ts';
import { PageTitle } from '../../components/light/page-title.tsx';
import { PasskeysSection } from './components/passkeys-section.tsx';
import { TotpEnrolment } from './components/totp-enrolment.tsx';

/**
 * `/admin/enrol`: where admin and office staff are sent while the school requires a second factor
 * they have not set up (STAFF_MFA=required, decision 043): why, the authenticator app's set-up and
 * its recovery codes, or a passkey of this device, then on to the dashboard. Anyone else is sent
 * to My Account, where both are too.
 */
export default function EnrolPage() {
  const { data: session } = useSession();
  const queryClient = useQueryClient();
  const enter = useEnterWithNewSession();
  const [enrolled, setEnrolled] = useState(false);
  if (session && !session.must_enrol_second_factor && !enrolled) return <Navigate to="/admin/account" replace />;
  const onEnrolled = () => {
    setEnrolled(true);
    void queryClient.invalidateQueries({ queryKey: getSessionQueryOptions().queryKey });
  };

  return (
    <>
      <PageTitle>Set up a second factor</PageTitle>
      <Paper sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}>
        <Stack spacing={2}>
          <Typography sx={{ fontWeight: 600 }}>{messages.enrolSecondFactorNow}</Typography>
          <Typography>
            The portal holds every student&apos;s record, so a password alone is not enough to open it. An authenticator app on your phone (for example Google
            Authenticator or Microsoft Authenticator) shows a new 6-digit code every 30 seconds; after your password, the portal asks for it. Setting it up
            takes a minute. Or, on a phone or computer with a fingerprint, face or screen lock, add a passkey below.
          </Typography>
          <TotpEnrolment enrolled={false} offerAgain={false} onEnrolled={onEnrolled} />
          {enrolled && (
            <Button variant="contained" sx={{ alignSelf: 'flex-start' }} onClick={() => void enter('/admin/dashboard')}>
              Continue to the dashboard
            </Button>
          )}
        </Stack>
      </Paper>
      {/* Or this device's own lock, where it has one; an app beside it keeps her recovery codes. */}
      <Stack sx={{ mt: 2, maxWidth: 720 }}>
        <PasskeysSection onAdded={onEnrolled} />
      </Stack>
    </>
  );
}
