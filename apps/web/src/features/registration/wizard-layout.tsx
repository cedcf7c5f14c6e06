import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import PrintIcon from '@mui/icons-material/Print';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { messages } from '@school/contract/messages';
import { Suspense, useEffect, useRef, useState } from 'react';
import { Navigate, Link as RouterLink, Outlet, useBlocker, useLocation } from 'react-router';
import { useSession } from '../../api/get-session.ts';
import { useStudent, type Registration } from '../../api/get-student.ts';
import { LazyPdfDialog } from '../../components/lazy-pdf-dialog.tsx';
import { failureMessage, LoadFailed } from '../../components/load-failed.tsx';
import { LoadingOverlay } from '../../components/loading-overlay.tsx';
import { AutosaveProvider, useAutosave, useWizardAutosave } from './autosave-context.tsx';
import { AskLeaveByBrowser } from './leave-question.ts';
import { today } from '../../lib/format-day.ts';
import { lazyPreloaded } from '../../lib/lazy-preloaded.ts';
import { useIdle } from '../../lib/use-idle.ts';
import { StepNavigation } from './step-navigation.tsx';
import { steps } from './steps.ts';

// The leave dialog is in a chunk of its own, fetched once the step is up: the first screen never
// draws it. Offline before it came, the browser asks the same question.
const LeaveDialog = lazyPreloaded(async () => (await import('./leave-dialog.tsx')).LeaveDialog, AskLeaveByBrowser);

/** A step's name in the menus, saying whether it is complete (the check mark's meaning for screen readers). */
const stepName = (label: string, complete: boolean) => (complete ? `${label} (complete)` : label);

/** What every step screen reads from the wizard. */
export type StepContext = { readOnly: boolean; terms: Registration['terms']; academicYear: string; completedOn: string | null };

/**
 * The day the registration was completed while it is: the server's day, or today when it becomes
 * complete during this visit (the answers of a save carry no day).
 */
function useCompletedOn(registration: Registration, complete: boolean): string | null {
  const [since, setSince] = useState({ complete: registration.progress.submit === 1, day: registration.completed_on });
  if (complete !== since.complete) setSince({ complete, day: complete ? today() : null });
  return complete ? since.day : null;
}

/** `/registration/*`: loads the record once and keeps one autosave store across the six steps. */
export default function WizardLayout() {
  const { data: session } = useSession();
  const studentId = session?.userID ?? '';
  // Read once per visit: the store keeps it from then on, and a later visit reads it afresh.
  const { data, error, refetch } = useStudent(studentId, { enabled: Boolean(studentId), staleTime: Infinity, gcTime: 0 });
  if (error) return <LoadFailed message={failureMessage(error, 'Your registration record could not be loaded just now.')} onRetry={() => void refetch()} />;
  if (!data) return <LoadingOverlay open label="Loading your registration" />;
  return <Wizard key={studentId} studentId={studentId} initial={data} />;
}

function Wizard({ studentId, initial }: { studentId: string; initial: Registration }) {
  const store = useWizardAutosave(studentId, initial);
  return (
    <AutosaveProvider store={store}>
      <WizardFrame registration={initial} />
    </AutosaveProvider>
  );
}

function WizardFrame({ registration }: { registration: Registration }) {
  const { store, state } = useAutosave();
  const location = useLocation();
  const current = steps.findIndex((step) => location.pathname.endsWith(`/${step.path}`));
  const closed = state.closedMessage ?? (registration.registration.editable ? null : registration.registration.message);
  const [viewing, setViewing] = useState(false);
  const blocker = useBlocker(({ nextLocation }) => store.hasUnsaved && !nextLocation.pathname.startsWith('/registration/'));
  const completedOn = useCompletedOn(registration, state.progress.submit === 1);
  useIdle(LeaveDialog.preload);
  const heading = useRef<HTMLHeadingElement>(null);
  // A new step starts at its top, its name read out, as a new page would.
  useEffect(() => {
    if (current < 0) return;
    window.scrollTo({ top: 0 });
    if (document.activeElement instanceof HTMLElement && document.activeElement.closest('[data-step-link]')) heading.current?.focus();
  }, [current]);

  // `/registration` itself opens the first step.
  if (current < 0 && /^\/registration\/?$/.test(location.pathname)) return <Navigate to="/registration/student-data" replace />;
  return (
    <Box sx={{ display: 'flex', gap: { sm: 2, md: 3 }, alignItems: 'flex-start', pb: { xs: 12, sm: 0 } }}>
      <GlobalStyles styles={{ html: { scrollPaddingBottom: 96 } }} />
      <Paper
        component="nav"
        aria-label="Registration steps"
        sx={{ display: { xs: 'none', sm: 'block' }, width: { sm: 200, md: 240 }, flexShrink: 0, position: 'sticky', top: 88 }}
      >
        <List component="div">
          {steps.map((step, index) => (
            <ListItemButton
              key={step.path}
              component={RouterLink}
              to={`/registration/${step.path}`}
              data-step-link
              selected={index === current}
              aria-current={index === current ? 'step' : undefined}
              aria-label={stepName(step.label, Boolean(state.progress[step.flag]))}
            >
              <ListItemIcon sx={{ minWidth: 36 }}>
                {state.progress[step.flag] ? <CheckCircleIcon color="success" /> : <RadioButtonUncheckedIcon color="disabled" />}
              </ListItemIcon>
              <ListItemText primary={step.label} />
            </ListItemButton>
          ))}
        </List>
      </Paper>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
          <Typography ref={heading} tabIndex={-1} variant="h1" sx={{ fontSize: { xs: '1.4rem', sm: '1.8rem' }, '&:focus': { outline: 'none' } }}>
            {current >= 0 ? steps[current].label : 'Registration'}
          </Typography>
          <Button variant="outlined" startIcon={<PrintIcon />} onClick={() => setViewing(true)}>
            View / Print registration form
          </Button>
        </Box>
        {viewing && (
          <LazyPdfDialog
            fullScreen
            title="Registration Form"
            source={`/api/registration-form/${encodeURIComponent(String(state.record.id))}`}
            note={messages.legalSheet}
            onClose={() => setViewing(false)}
          />
        )}
        {closed ? (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {closed}
          </Alert>
        ) : (
          registration.registration.deadline && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {registration.registration.message}
            </Alert>
          )
        )}
        {state.offline && (
          <Alert severity="error" sx={{ mb: 2 }}>
            You are offline. Your changes are kept and will be saved when the connection returns.
          </Alert>
        )}
        <Box id="registration-form" tabIndex={-1} sx={{ '&:focus': { outline: 'none' } }}>
          <Outlet
            context={
              { readOnly: Boolean(closed), terms: registration.terms, academicYear: registration.registration.academic_year, completedOn } satisfies StepContext
            }
          />
          {current >= 0 && <StepNavigation current={current} />}
        </Box>
      </Box>
      <Paper
        component="nav"
        aria-label="Registration steps"
        elevation={8}
        sx={{ display: { xs: 'block', sm: 'none' }, position: 'fixed', left: 0, right: 0, bottom: 0, zIndex: 10, pt: 0.5, pb: 0.75 }}
      >
        {/* Six names do not fit a phone legibly: the numbers (a tick when done), and the current step's name under them. */}
        <Box sx={{ display: 'flex', justifyContent: 'space-around' }}>
          {steps.map((step, index) => (
            <Button
              key={step.path}
              component={RouterLink}
              to={`/registration/${step.path}`}
              data-step-link
              aria-current={index === current ? 'step' : undefined}
              aria-label={stepName(step.label, Boolean(state.progress[step.flag]))}
              sx={{ minWidth: 44, minHeight: 44, p: 0, borderRadius: '50%' }}
            >
              <Box
                component="span"
                aria-hidden
                sx={{
                  display: 'grid',
                  placeItems: 'center',
                  width: 32,
                  height: 32,
                  borderRadius: '50%',
                  fontSize: '0.95rem',
                  fontWeight: 700,
                  border: 2,
                  borderColor: index === current ? 'primary.main' : 'transparent',
                  bgcolor: index === current ? 'primary.main' : 'action.hover',
                  color: index === current ? 'primary.contrastText' : 'text.primary',
                }}
              >
                {state.progress[step.flag] && index !== current ? <CheckCircleIcon color="success" /> : index + 1}
              </Box>
            </Button>
          ))}
        </Box>
        {current >= 0 && (
          <Typography data-step-current aria-hidden sx={{ textAlign: 'center', fontSize: '0.875rem', fontWeight: 600, color: 'primary.main' }}>
            {`Step ${current + 1} of ${steps.length}: ${steps[current].label}`}
            {state.progress[steps[current].flag] ? ' (complete)' : ''}
          </Typography>
        )}
      </Paper>
      {blocker.state === 'blocked' && (
        <Suspense>
          <LeaveDialog.Component onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />
        </Suspense>
      )}
    </Box>
  );
}
