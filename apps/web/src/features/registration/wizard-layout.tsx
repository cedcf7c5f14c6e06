import { messages } from '@school/contract/messages';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Navigate, Outlet, useBlocker, useLocation } from '../../lib/router/index.ts';
import { useSession } from '../../api/get-session.ts';
import { useStudentForVisit, type Registration } from '../../api/get-student.ts';
import { LazyPdfDialog } from '../../components/light/lazy-pdf-dialog.tsx';
import { LightAlert } from '../../components/light/light-alert.tsx';
import { LightConfirmDialog } from '../../components/light/light-confirm-dialog.tsx';
import { lightButtonClass } from '../../components/light/light-form.tsx';
import { LightIcon } from '../../components/light/light-icon.tsx';
import { LightStepper } from '../../components/light/light-stepper.tsx';
import { failureMessage, LoadFailed } from '../../components/light/load-failed.tsx';
import { LightSpinner } from '../../components/light/light-spinner.tsx';
import { AutosaveProvider, useAutosave, useAutosaveState, useWizardAutosave } from './autosave-context.tsx';
import { LEAVE_TEXT, LEAVE_TITLE } from './wizard-questions.ts';
import { today } from '../../lib/format-day.ts';
import { StepNavigation } from './step-navigation.tsx';
import { steps } from './steps.ts';

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

/**
 * `/registration/*`: loads the record once and keeps one autosave store across the six steps. The
 * steps and the step's name show at once; her record comes under them when it arrives.
 */
export default function WizardLayout() {
  const { data: session } = useSession();
  const studentId = session?.userID ?? '';
  // Read once per visit: the store keeps it from then on, and a later visit reads it afresh.
  const { data, error, refetch } = useStudentForVisit(studentId);
  const store = useWizardAutosave(studentId, data);
  const state = useAutosaveState(store);
  // The form's dialog stays open while her record arrives under it.
  const [viewing, setViewing] = useState(false);
  return (
    <AutosaveProvider store={store}>
      <WizardShell progress={state?.progress ?? null} onPrint={() => setViewing(true)}>
        {data && store ? (
          <WizardSteps key={studentId} registration={data} />
        ) : error ? (
          <LoadFailed message={failureMessage(error, 'Your registration record could not be loaded just now.')} onRetry={() => void refetch()} />
        ) : (
          <LightSpinner label="Loading your registration" centred />
        )}
      </WizardShell>
      {viewing && (
        <LazyPdfDialog
          fullScreen
          title="Registration Form"
          source={`/api/registration-form/${encodeURIComponent(studentId)}`}
          note={messages.legalSheet}
          onClose={() => setViewing(false)}
        />
      )}
    </AutosaveProvider>
  );
}

/** Under the step's name, once her record has come: the step itself, and what the wizard says about it. */
function WizardSteps({ registration }: { registration: Registration }) {
  const { store, state } = useAutosave();
  const location = useLocation();
  const current = currentStep(location.pathname);
  const closed = state.closedMessage ?? (registration.registration.editable ? null : registration.registration.message);
  const blocker = useBlocker(({ nextLocation }) => store.hasUnsaved && !nextLocation.pathname.startsWith('/registration/'));
  const completedOn = useCompletedOn(registration, state.progress.submit === 1);

  // `/registration` itself opens the first step.
  if (current < 0 && /^\/registration\/?$/.test(location.pathname)) return <Navigate to="/registration/student-data" replace />;
  return (
    <>
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
        // Told at once, but not as a fault: nothing she did is lost or wrong (issue 53).
        <LightAlert severity="warning" role="alert" className="lf-gap-bottom">
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
      {blocker.state === 'blocked' && (
        // Asked when she leaves the wizard inside the app while a change is still unsaved (decision 007).
        <LightConfirmDialog
          title={LEAVE_TITLE}
          cancelLabel="Stay"
          confirmLabel="Leave"
          onCancel={() => blocker.reset?.()}
          onConfirm={() => blocker.proceed?.()}
        >
          {LEAVE_TEXT}
        </LightConfirmDialog>
      )}
    </>
  );
}

/** The step the address names, or -1. */
const currentStep = (pathname: string) => steps.findIndex((step) => pathname.endsWith(`/${step.path}`));

/**
 * What the wizard shows before her record has come as after: the steps (ticked once her progress
 * is known), the step's name and the registration form's button.
 */
function WizardShell({ progress, onPrint, children }: { progress: Registration['progress'] | null; onPrint: () => void; children: ReactNode }) {
  const location = useLocation();
  const current = currentStep(location.pathname);
  useScrollPaddingForStepBar();
  const heading = useRef<HTMLHeadingElement>(null);
  // A new step starts at its top, its name read out, as a new page would: before it is painted,
  // so the step never shows with the focus still on the link that left the last one. The step the
  // page was opened on (the router's first location) is left where the browser put it: scrolling
  // there would lay the page out in the middle of its first drawing (issue 54).
  const openedOn = useRef(location.key === 'default' ? current : null);
  useLayoutEffect(() => {
    const opened = openedOn.current;
    openedOn.current = null;
    if (current < 0 || current === opened) return;
    window.scrollTo({ top: 0 });
    if (document.activeElement instanceof HTMLElement && document.activeElement.closest('[data-step-link]')) heading.current?.focus();
  }, [current]);
  return (
    <div className="lf-wizard">
      <LightStepper
        label="Registration steps"
        current={current}
        steps={steps.map((step) => ({ to: `/registration/${step.path}`, label: step.label, complete: Boolean(progress?.[step.flag]) }))}
      />
      <div className="lf-wizard-main">
        <div className="lf-row lf-wizard-head">
          <h1 ref={heading} tabIndex={-1}>
            {current >= 0 ? steps[current].label : 'Registration'}
          </h1>
          <button type="button" className={lightButtonClass('outlined')} onClick={onPrint}>
            <LightIcon name="print" />
            View / Print registration form
          </button>
        </div>
        {children}
      </div>
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
