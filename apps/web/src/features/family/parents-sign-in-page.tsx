import { limits } from '@school/contract/limits';
import { messages } from '@school/contract/messages';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from '../../lib/router/index.ts';
import { useSession } from '../../api/get-session.ts';
import { ProviderSignInButton } from '../../components/light/provider-sign-in-button.tsx';
import { providerProblem, waitingFactors } from '../../lib/provider-sign-in.ts';
import { AuthCard } from '../../components/light/auth-card.tsx';
import { FormAlerts } from '../../components/light/form-alerts.tsx';
import { LightButton } from '../../components/light/light-button.tsx';
import { LightTextField } from '../../components/light/light-text-field.tsx';
import { LoadingOverlay } from '../../components/light/loading-overlay.tsx';
import { useEnterWithNewSession } from '../../lib/enter-with-new-session.ts';
import { guardianLogin, type GuardianSignIn } from './api/guardian-login.ts';
import { SecondStep } from './components/second-step.tsx';
import { problemOf, useThrottleWait } from './problems.ts';
import './family.css';

/** Where she goes once signed in: back to the invitation she came from (`?next=`), else her dashboard. */
export const afterSignIn = (next: string | null) => (next && /^\/parents\/invitation\?token=/.test(next) ? next : '/family');

/**
 * `/parents`: a parent or guardian signs in with her e-mail address and password (decision 062).
 * A wrong password or a throttle is told in the server's words; while throttled, the button waits
 * out the time the server gave. When her account has a second factor, its step follows the password.
 * With the school's own sign-in open to guardians (decision 076), 'Sign in with {provider}' goes there instead.
 */
export default function ParentsSignInPage() {
  const { data: session } = useSession();
  const [search] = useSearchParams();
  const enter = useEnterWithNewSession();
  const wait = useThrottleWait();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(() => providerProblem(search.get('sign_in')));
  const [busy, setBusy] = useState(false);
  // The password was right and her account has a second factor: the kinds she may give come next.
  const [factors, setFactors] = useState<NonNullable<GuardianSignIn['second_factors']> | null>(() => {
    const fromProvider = waitingFactors(search.get('second_factor'));
    return fromProvider.length > 0 ? fromProvider : null;
  });

  async function signIn(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const answer = await guardianLogin({ email: email.trim(), password });
      if (answer.second_factor === 'required') return setFactors(answer.second_factors ?? ['app']);
      await enter(afterSignIn(search.get('next')));
    } catch (caught) {
      wait.note(caught);
      setError(problemOf(caught, messages.signInFailed));
    } finally {
      setBusy(false);
    }
  }

  if (factors)
    return (
      <AuthCard title="Two-step sign-in">
        <SecondStep
          factors={factors}
          onDone={async (outcome) => {
            if (outcome.signedIn) return void (await enter(afterSignIn(search.get('next'))));
            // Her sign-in waited too long: her password again, and the server's words why.
            setPassword('');
            setFactors(null);
            setError(outcome.problem);
          }}
        />
      </AuthCard>
    );

  return (
    <AuthCard title="Parents and guardians">
      <LoadingOverlay open={busy} label="Signing in" />
      <form className="light-stack" onSubmit={signIn} noValidate>
        <FormAlerts error={error} notice={session?.ended_message ?? undefined} />
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
        <LightTextField
          label="Password"
          type="password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          autoComplete="current-password"
          maxLength={limits.passwordInput}
          required
        />
        <LightButton type="submit" disabled={busy || wait.waiting || !email.trim() || !password}>
          Sign In
        </LightButton>
        <ProviderSignInButton role="guardians" />
        <div className="light-row">
          <Link className="light-link family-link" to="/parents/forgot">
            Forgot password?
          </Link>
          <Link className="light-link family-link" to="/">
            Student sign-in
          </Link>
        </div>
      </form>
    </AuthCard>
  );
}
