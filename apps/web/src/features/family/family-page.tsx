import { displayName } from '@school/contract/names';
import type { ReactNode } from 'react';
import { Link, Navigate, useParams } from '../../lib/router/index.ts';
import { AttendanceWithNotes } from '../../components/light/attendance-with-notes.tsx';
import { LightAlert } from '../../components/light/light-alert.tsx';
import { LightSpinner } from '../../components/light/light-spinner.tsx';
import { failureMessage, LoadFailed } from '../../components/light/load-failed.tsx';
import { PageTitle } from '../../components/light/page-title.tsx';
import { TermReportList } from '../../components/light/term-report-list.tsx';
import { formatDay } from '../../lib/format-day.ts';
import { useIdle } from '../../lib/use-idle.ts';
import { useChildren, type GuardianChild } from './api/get-children.ts';
import { ConsentForms } from './components/consent-forms.tsx';
import './family.css';

/** Her daughters, each a link to her own page; the one shown is marked as the current page. */
function Switcher({ daughters, chosen }: { daughters: GuardianChild[]; chosen: string }) {
  return (
    <nav className="family-switcher" aria-label="Your daughters">
      <ul>
        {daughters.map((child) => (
          <li key={child.student_id}>
            <Link to={`/family/${encodeURIComponent(child.student_id)}`} aria-current={child.student_id === chosen ? 'page' : undefined}>
              {child.first_name ?? child.student_id}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * What lies below the top of her page, drawn once what is above it has been painted: on a phone the
 * page is drawn in a few short tasks, so that she can read and tap while the rest is drawn.
 */
function AfterPaint({ children }: { children: ReactNode }) {
  return useIdle() ? <>{children}</> : null;
}

/** This year's registration: the steps done of all, and the day it was completed. */
function RegistrationStatus({ child }: { child: GuardianChild }) {
  const { steps_done: done, steps, completed_on: completedOn } = child.registration;
  return (
    <section className="family-section" aria-labelledby="family-registration">
      <h2 id="family-registration" className="light-title">
        Registration
      </h2>
      <div className="light-surface family-status">
        {completedOn ? (
          <p className="light-text">Completed on {formatDay(completedOn.slice(0, 10))}.</p>
        ) : (
          <>
            <p className="light-text">
              {done} of {steps} steps done
            </p>
            <progress value={done} max={steps} aria-label={`Registration: ${done} of ${steps} steps done`} />
            <p className="light-text light-small light-secondary">{child.first_name ?? 'Your daughter'} completes it when she signs in to the portal.</p>
          </>
        )}
      </div>
    </section>
  );
}

/**
 * `/family` and `/family/:studentId`: the guardian's dashboard (decisions 062, 063). Every daughter
 * linked to her, a switcher when there are several (the one chosen is in the URL), and for her:
 * the consent forms that ask for her answer (decision 067), the registration's status, the posted
 * term reports and the attendance, drawn by the same pieces as the student's own screens, with her
 * absence notes under it (decision 065).
 */
export default function FamilyPage() {
  const { studentId } = useParams();
  const { data: children, error, isPending, refetch } = useChildren();
  if (error) return <LoadFailed message={failureMessage(error, 'Your daughters could not be loaded just now.')} onRetry={() => void refetch()} />;
  if (isPending) return <LightSpinner label="Loading your daughters" centred />;
  if (children.length === 0)
    return (
      <div>
        <PageTitle>My Daughters</PageTitle>
        <LightAlert severity="info">No daughter is linked to your account yet. With the letter the school gave you, you can add her here.</LightAlert>
        <Link className="light-link family-link" to="/family/add">
          Add a daughter
        </Link>
      </div>
    );
  const child = studentId === undefined ? children[0]! : children.find((each) => each.student_id === studentId);
  // A daughter no longer linked (or never): back to the first, as if the address had not named her.
  if (!child) return <Navigate to="/family" replace />;
  const firstName = child.first_name ?? 'Your daughter';
  return (
    <div>
      <PageTitle>{displayName(child) || child.student_id}</PageTitle>
      {children.length > 1 && <Switcher daughters={children} chosen={child.student_id} />}
      <p className="light-text light-secondary family-section">
        Student ID {child.student_id}
        {child.class_id ? `, class ${child.class_id}` : ''}
      </p>
      <ConsentForms key={`consents-${child.student_id}`} studentId={child.student_id} firstName={firstName} />
      <RegistrationStatus child={child} />
      <section className="family-section" aria-labelledby="family-details">
        <h2 id="family-details" className="light-title">
          Your Contact Details
        </h2>
        <p className="light-text light-secondary">Moved, or a new phone number? Send the school your new details for her record.</p>
        <Link className="light-link family-link" to={`/family/${encodeURIComponent(child.student_id)}/details`}>
          Update my contact details
        </Link>
      </section>
      <AfterPaint>
        <section className="family-section">
          <TermReportList key={child.student_id} studentId={child.student_id} title="Term Reports" firstName={firstName} />
        </section>
        <AfterPaint>
          <section className="family-section">
            <AttendanceWithNotes key={child.student_id} studentId={child.student_id} firstName={firstName} />
          </section>
          <Link className="light-link family-link" to="/family/add">
            Add a daughter
          </Link>
        </AfterPaint>
      </AfterPaint>
    </div>
  );
}
