import { limits } from '@school/contract/limits';
import { useState, type FormEvent } from 'react';
import { AuthCard } from '../../components/light/auth-card.tsx';
import { FormAlerts } from '../../components/light/form-alerts.tsx';
import { LightAlert } from '../../components/light/light-alert.tsx';
import { LightButton } from '../../components/light/light-button.tsx';
import { LightTextField } from '../../components/light/light-text-field.tsx';
import { forgotPassword } from './api/forgot-password.ts';
import { problemOf, useThrottleWait } from './problems.ts';
import './family.css';
import { Link } from '../../lib/router/index.ts';

/**
 * `/parents/forgot`: her address, and the server's one answer (the same whether or not the address
 * has an account), which says a link is on its way.
 */
export default function ForgotPasswordPage() {
  const wait = useThrottleWait();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function send(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      setSent((await forgotPassword({ email: email.trim() })).message);
    } catch (caught) {
      wait.note(caught);
      setError(problemOf(caught, 'The link could not be sent just now. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Forgot password">
      {sent ? (
        <div className="light-stack">
          <LightAlert severity="success">{sent}</LightAlert>
          <Link className="light-link family-link" to="/parents">
            Back to sign-in
          </Link>
        </div>
      ) : (
        <form className="light-stack" onSubmit={send} noValidate>
          <p className="light-text">Type the e-mail address you sign in with. We will send a link to set a new password.</p>
          <FormAlerts error={error} />
          <LightTextField
            label="E-mail address"
            type="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            autoComplete="username"
            maxLength={limits.guardianEmail}
            required
            autoFocus
          />
          <LightButton type="submit" disabled={busy || wait.waiting || !email.trim()}>
            Send Link
          </LightButton>
          <Link className="light-link family-link" to="/parents">
            Back to sign-in
          </Link>
        </form>
      )}
    </AuthCard>
  );
}
