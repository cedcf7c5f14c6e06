import { progressSteps } from '@school/contract/progress-steps';
import { useSession } from '../../api/get-session.ts';
import { useStudentSummary, type Registration } from '../../api/get-student.ts';
import { LightIcon, type LightIconName } from '../../components/light/light-icon.tsx';
import { failureMessage, LoadFailed } from '../../components/light/load-failed.tsx';
import { RegistrationComplete } from '../../components/light/registration-complete.tsx';
import './dashboard-page.css';
import { Link } from '../../lib/router/index.ts';

const REGISTRATION = '/registration/student-data';

const cards: Array<{ title: string; to: string; text: string; icon: LightIconName }> = [
  { title: 'View Term Reports', to: '/term-reports', text: 'Read your end-of-term report cards once they are posted.', icon: 'reports' },
  { title: 'Edit/View Registration', to: REGISTRATION, text: 'Complete or update your registration record for this year.', icon: 'registration' },
  { title: 'View Attendance', to: '/attendance', text: 'See your attendance and punctuality this term.', icon: 'attendance' },
];

/** Where her registration stands, under the registration card: complete, or how many steps remain. */
function RegistrationState({ registration }: { registration: Registration }) {
  if (registration.progress.submit === 1) {
    return <RegistrationComplete academicYear={registration.registration.academic_year} completedOn={registration.completed_on} />;
  }
  const remaining = progressSteps.filter((step) => registration.progress[step.key] !== 1).map((step) => step.label);
  return (
    <p className="light-strong dashboard-remaining" data-testid="registration-remaining">
      {`${remaining.length} of ${progressSteps.length} steps remain for ${registration.registration.academic_year}: ${remaining.join(', ')}.`}
    </p>
  );
}

/** `/dashboard` (SPEC §2): a welcome with her name and the three cards; the registration card says where her registration stands. */
export default function DashboardPage() {
  const { data: session } = useSession();
  const studentId = session?.userID ?? '';
  const { data: registration, error, refetch } = useStudentSummary(studentId, { enabled: Boolean(studentId) });
  return (
    <div>
      <h1 className="dashboard-welcome">Welcome, {session?.name}</h1>
      <p className="light-secondary dashboard-question">What would you like to do today?</p>
      <div className="dashboard-cards">
        {cards.map((card) => (
          // A column, named by its title, so the registration's state shows under its card's link, not clipped below it.
          <section key={card.to} className="light-surface dashboard-card" aria-labelledby={`card-${card.icon}`}>
            <Link to={card.to} className="light-card-action dashboard-card-link">
              <LightIcon name={card.icon} className="dashboard-card-icon" />
              <div>
                <h2 id={`card-${card.icon}`} className="dashboard-card-title">
                  {card.title}
                </h2>
                <span className="light-secondary">{card.text}</span>
              </div>
            </Link>
            {card.to === REGISTRATION && error && (
              <div className="dashboard-card-foot">
                <LoadFailed message={failureMessage(error, 'Where your registration stands could not be loaded just now.')} onRetry={() => void refetch()} />
              </div>
            )}
            {card.to === REGISTRATION && registration && (
              <div className="dashboard-card-foot">
                <RegistrationState registration={registration} />
              </div>
            )}
          </section>
        ))}
      </div>
    </div>
  );
}
