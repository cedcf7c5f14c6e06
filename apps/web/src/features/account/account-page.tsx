import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSchoolTimeZone } from '../../api/get-school-config.ts';
import { PageTitle } from '../../components/light/page-title.tsx';
import { formatSchoolTime } from '../../lib/format-day.ts';
import { useEndSession } from './api/end-session.ts';
import { useAccount } from './api/get-account.ts';
import { usePasskeys } from './api/passkeys.ts';
import { PasskeysSection } from './components/passkeys-section.tsx';
import { NoticeEmailSection } from './components/notice-email-section.tsx';
import { TotpEnrolment } from './components/totp-enrolment.tsx';

/** `/admin/account`: a staff member's second factors (authenticator app, passkeys) and her active sessions, any of which she can end (decision 043). */
export default function AccountPage() {
  const { data: account } = useAccount();
  const { data: passkeys } = usePasskeys();
  const endSession = useEndSession();
  const timeZone = useSchoolTimeZone();

  return (
    <>
      <PageTitle>My Account</PageTitle>
      <Stack spacing={2}>
        <Paper sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack spacing={2}>
            <Typography variant="h6" component="h2">
              Authenticator app
            </Typography>
            {account && (
              <Typography>
                {account.totp
                  ? `On. ${account.recovery_codes_left} of 10 recovery codes left.`
                  : passkeys?.passkeys.length
                    ? 'Off. Your passkeys are your second factor; an app gives you recovery codes too.'
                    : 'Off. Whole-school exports need a second factor; sign-in asks for it once it is on.'}
              </Typography>
            )}
            <TotpEnrolment enrolled={Boolean(account?.totp)} />
          </Stack>
        </Paper>
        <PasskeysSection />
        <NoticeEmailSection />
        <Paper sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h6" component="h2">
            Where you are signed in
          </Typography>
          <List aria-label="Your sessions">
            {account?.sessions.map((session) => (
              <ListItem
                key={session.id}
                divider
                secondaryAction={
                  session.current ? (
                    <Chip label="This device" size="small" />
                  ) : (
                    <Button
                      size="small"
                      onClick={() => endSession.mutate(session.id)}
                      aria-label={`End the session on ${session.device ?? 'an unknown device'}`}
                    >
                      End
                    </Button>
                  )
                }
              >
                <ListItemText
                  primary={session.device ?? 'Unknown device'}
                  secondary={`${session.ip ?? 'unknown address'} · signed in ${formatSchoolTime(session.signed_in_at, timeZone)} · last used ${formatSchoolTime(session.last_used_at, timeZone)}`}
                  sx={{ pr: 10 }}
                />
              </ListItem>
            ))}
          </List>
        </Paper>
      </Stack>
    </>
  );
}
