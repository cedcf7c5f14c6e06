import AssessmentIcon from '@mui/icons-material/Assessment';
import EditNoteIcon from '@mui/icons-material/EditNote';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { progressSteps } from '@school/contract/progress-steps';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../api/get-session.ts';
import { useStudentSummary, type Registration } from '../../api/get-student.ts';
import { failureMessage, LoadFailed } from '../../components/load-failed.tsx';
import { RegistrationComplete } from '../../components/registration-complete.tsx';

const cards: Array<{ title: string; to: string; text: string; icon: ReactNode }> = [
  {
    title: 'View Term Reports',
    to: '/term-reports',
    text: 'Read your end-of-term report cards once they are posted.',
    icon: <AssessmentIcon fontSize="large" color="primary" />,
  },
  {
    title: 'Edit/View Registration',
    to: '/registration/student-data',
    text: 'Complete or update your registration record for this year.',
    icon: <EditNoteIcon fontSize="large" color="primary" />,
  },
  {
    title: 'View Attendance',
    to: '/attendance',
    text: 'See your attendance and punctuality this term.',
    icon: <EventAvailableIcon fontSize="large" color="primary" />,
  },
];

/** Where her registration stands, under the registration card: complete, or how many steps remain. */
function RegistrationState({ registration }: { registration: Registration }) {
  if (registration.progress.submit === 1) {
    return <RegistrationComplete academicYear={registration.registration.academic_year} completedOn={registration.completed_on} />;
  }
  const remaining = progressSteps.filter((step) => registration.progress[step.key] !== 1).map((step) => step.label);
  return (
    <Typography data-testid="registration-remaining" sx={{ fontWeight: 600 }}>
      {`${remaining.length} of ${progressSteps.length} steps remain for ${registration.registration.academic_year}: ${remaining.join(', ')}.`}
    </Typography>
  );
}

/** `/dashboard` (SPEC §2): a welcome with her name and the three cards; the registration card says where her registration stands. */
export default function DashboardPage() {
  const { data: session } = useSession();
  const studentId = session?.userID ?? '';
  const { data: registration, error, refetch } = useStudentSummary(studentId, { enabled: Boolean(studentId) });
  return (
    <Box>
      <Typography variant="h1" gutterBottom sx={{ fontSize: { xs: '1.5rem', sm: '2rem' } }}>
        Welcome, {session?.name}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        What would you like to do today?
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, justifyContent: { xs: 'center', md: 'flex-start' } }}>
        {cards.map((card) => (
          // A column, so the registration's state shows under its card's link, not clipped below it.
          <Card key={card.to} sx={{ width: { xs: 300, sm: 460 }, maxWidth: '100%', display: 'flex', flexDirection: 'column' }}>
            <CardActionArea component={RouterLink} to={card.to} sx={{ flexGrow: 1 }}>
              <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
                {card.icon}
                <Box>
                  <Typography variant="h2" component="h2" sx={{ fontSize: '1.2rem', mb: 0.5 }}>
                    {card.title}
                  </Typography>
                  <Typography color="text.secondary">{card.text}</Typography>
                </Box>
              </CardContent>
            </CardActionArea>
            {card.to === '/registration/student-data' && error && (
              <CardContent sx={{ pt: 0 }}>
                <LoadFailed message={failureMessage(error, 'Where your registration stands could not be loaded just now.')} onRetry={() => void refetch()} />
              </CardContent>
            )}
            {card.to === '/registration/student-data' && registration && (
              <CardContent sx={{ pt: 0 }}>
                <RegistrationState registration={registration} />
              </CardContent>
            )}
          </Card>
        ))}
      </Box>
    </Box>
  );
}
