import { messages } from '@school/contract/messages';
import { Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Navigate, Outlet, useBlocker, useLocation } from 'react-router';
import { useSession } from '../../api/get-session.ts';
import { useStudentForVisit, type Registration } from '../../api/get-student.ts';
import { LazyPdfDialog } from '../../components/lazy-pdf-dialog.tsx';
import { LightAlert } from '../../components/light-controls/light-alert.tsx';
import { lightButtonClass } from '../../components/light-controls/light-form.tsx';
import { LightIcon } from '../../components/light-controls/light-icon.tsx';
import { LightStepper } from '../../components/light-controls/light-stepper.tsx';
import { failureMessage, LoadFailed } from '../../components/load-failed.tsx';
import { LoadingOverlay } from '../../components/loading-overlay.tsx';
import { AutosaveProvider, useAutosave, useWizardAutosave } from './autosave-context.tsx';
import { AskLeaveByBrowser } from './wizard-questions.ts';
import { today } from '../../lib/format-day.ts';
import { lazyPreloaded } from '../../lib/lazy-preloaded.ts';
import { useIdle } from '../../lib/use-idle.ts';
import { StepNavigation } from './step-navigation.tsx';
import { steps } from './steps.ts';

// The leave dialog is in a chunk of its own, fetched once the step is up: the first screen never
// draws it. Offline before it came, the browser asks the same question.
const LeaveDialog = lazyPreloaded(async () => (await import('./leave-dialog.tsx')).LeaveDialog, AskLeaveByBrowser);

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
  const { data, error, refetch } = useStudentForVisit(studentId);
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
  useScrollPaddingForStepBar();
  const heading = useRef<HTMLHeadingElement>(null);
  // A new step starts at its top, its name read out, as a new page would: before it is painted,
  // so the step never shows with the focus still on the link that left the last one.
  useLayoutEffect(() => {
    if (current < 0) return;
    window.scrollTo({ top: 0 });
    if (document.activeElement instanceof HTMLElement && document.activeElement.closest('[data-step-link]')) heading.current?.focus();
  }, [current]);

  // `/registration` itself opens the first step.
  if (current < 0 && /^\/registration\/?$/.test(location.pathname)) return <Navigate to="/registration/student-data" replace />;
  return (
    <div className="lf-wizard">
      <LightStepper
        label="Registration steps"
        current={current}
        steps={steps.map((step) => ({ to: `/registration/${step.path}`, label: step.label, complete: Boolean(state.progress[step.flag]) }))}
      />
      <div className="lf-wizard-main">
        <div className="lf-row lf-wizard-head">
          <h1 ref={heading} tabIndex={-1}>
            {current >= 0 ? steps[current].label : 'Registration'}
          </h1>
          <button type="button" className={lightButtonClass('outlined')} onClick={() => setViewing(true)}>
            <LightIcon name="print" />
            View / Print registration form
          </button>
        </div>
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
          <LightAlert severity="warning" role="alert" className="lf-gap-bottom">
            {closed}
          </LightAlert>
        ) : (
          registration.registration.deadline && (
            <LightAlert severity="info" role="alert" className="lf-gap-bottom">
              {registration.registration.message}
            </LightAlert>
          )
        )}
        {state.offline && (
          <LightAlert severity="error" className="lf-gap-bottom">
            You are offline. Your changes are kept and will be saved when the connection returns.
          </LightAlert>
        )}
        <div id="registration-form" tabIndex={-1}>
          <Outlet
            context={
              { readOnly: Boolean(closed), terms: registration.terms, academicYear: registration.registration.academic_year, completedOn } satisfies StepContext
            }
          />
          {current >= 0 && <StepNavigation current={current} />}
        </div>
      </div>
      {blocker.state === 'blocked' && (
        <Suspense>
          <LeaveDialog.Component onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />
        </Suspense>
      )}
    </div>
  );
}

/** A field scrolled into view by the keyboard stops above the phone's step bar, not under it. */
function useScrollPaddingForStepBar() {
  useEffect(() => {
    const root = document.documentElement;
    root.style.scrollPaddingBottom = '96px';
    return () => {
      root.style.scrollPaddingBottom = '';
    };
  }, []);
}
