import { messages } from '@school/contract/messages';
import { useState, type FormEvent } from 'react';
import { useNavigate } from '../../lib/router/index.ts';
import { ApiError } from '../../api/client.ts';
import { useSession } from '../../api/get-session.ts';
import { LightButton } from '../../components/light/light-button.tsx';
import { LightTextField } from '../../components/light/light-text-field.tsx';
import { changeStudentPassword } from './api/change-student-password.ts';
import { checkCurrentPassword } from './api/check-current-password.ts';
import { FormAlerts } from '../../components/light/form-alerts.tsx';
import { NewPasswordForm } from '../../components/light/new-password-form.tsx';
import { PasswordSteps } from './components/password-steps.tsx';
import '../../components/light/light-screens.css';
import './change-password-page.css';

/** `/registration/change-password`: the current password, then the new one; then on to student data. */
export default function ChangePasswordPage() {
  const { data: session } = useSession();
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [current, setCurrent] = useState('');
  const [error, setError] = useState<string | null>(null);

  const [checking, setChecking] = useState(false);

  /** Step 1: the server checks the current password before the new one is asked for. */
  async function next(event: FormEvent) {
    event.preventDefault();
    if (!current) return setError(messages.enterCurrentPassword);
    setError(null);
    setChecking(true);
    try {
      await checkCurrentPassword(current);
      setStep(1);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.firstMessage : 'Your password could not be checked. Please try again.');
    } finally {
      setChecking(false);
    }
  }

  async function change(password: string) {
    try {
      await changeStudentPassword({ student_id: session?.userID ?? '', current_password: current, password });
    } catch (caught) {
      if (caught instanceof ApiError && caught.body.errors?.current_password) {
        setStep(0);
        setError(caught.firstMessage);
        return;
      }
      throw caught;
    }
    navigate('/registration/student-data', { state: { snackbar: messages.passwordChanged } });
  }

  return (
    <section className="light-surface change-password">
      <h1 className="change-password-title">Change Password</h1>
      <PasswordSteps steps={['Current password', 'New password']} active={step} />
      {step === 0 && (
        <form className="light-stack" onSubmit={next} noValidate>
          <FormAlerts error={error} />
          <LightTextField
            label="Current Password"
            type="password"
            value={current}
            onChange={(event) => setCurrent(event.target.value)}
            autoComplete="current-password"
            autoFocus
          />
          <LightButton type="submit" disabled={checking}>
            Next
          </LightButton>
        </form>
      )}
      {/* Kept mounted while step 1 shows again, so a typed new password is not lost. */}
      <div hidden={step !== 1}>
        <NewPasswordForm onSubmit={change} forbidden={{ studentId: session?.userID }} />
      </div>
    </section>
  );
}
