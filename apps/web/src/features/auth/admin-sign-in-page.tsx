import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from '../../lib/router/index.ts';
import { passwordRules } from '@school/contract/limits';
import { messages } from '@school/contract/messages';
import { ApiError } from '../../api/client.ts';
import { givePasskey, passkeyProblem } from '../../api/passkeys.ts';
import { useSession } from '../../api/get-session.ts';
import { ProviderSignInButton } from '../../components/light/provider-sign-in-button.tsx';
import { providerProblem, waitingFactors } from '../../lib/provider-sign-in.ts';
import { useEnterWithNewSession } from '../../lib/enter-with-new-session.ts';
import { LoadingOverlay } from '../../components/light/loading-overlay.tsx';
import { LightButton } from '../../components/light/light-button.tsx';
import { LightTextField } from '../../components/light/light-text-field.tsx';
import { adminLogin, type AdminLoginAnswer } from './api/admin-login.ts';
import { adminSecondFactor } from './api/admin-second-factor.ts';
import { changeAdminPassword } from './api/change-admin-password.ts';
import { AuthCard } from '../../components/light/auth-card.tsx';
import { FormAlerts } from '../../components/light/form-alerts.tsx';
import { NewPasswordForm } from '../../components/light/new-password-form.tsx';

/**
 * Admin sign-in at `/admin` (SPEC §2); an admin with a one-time password sets a new one first.
 * With the school's own sign-in (decision 076), 'Sign in with {provider}' goes there instead.
 */
export default function AdminSignInPage() {
  const { data: session } = useSession();
  const [params] = useSearchParams();
  const fromProvider = waitingFactors(params.get('second_factor'));
  const enter = useEnterWithNewSession();
  // Why she is here, when her session ended (told by the server, or by the call it refused).
  const notice = session?.ended_message ?? undefined;
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  // The one-time password just used to sign in; asked again only after a reload.
  const [oneTimePassword, setOneTimePassword] = useState('');
  const [typedOneTime, setTypedOneTime] = useState('');
  const [error, setError] = useState<string | null>(() => providerProblem(params.get('sign_in')));
  const [busy, setBusy] = useState(false);
  // The password was right and the account has a second factor: its code comes next.
  const [askCode, setAskCode] = useState(fromProvider.length > 0);
  const [code, setCode] = useState('');
  // The kinds of second factor her account has: an authenticator app (or recovery codes), passkeys.
  const [factors, setFactors] = useState<NonNullable<AdminLoginAnswer['second_factors']>>(fromProvider.length > 0 ? fromProvider : ['app']);

  async function signIn(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!username.trim()) return setError(messages.usernameEmpty);
    setBusy(true);
    try {
      const answer = await adminLogin({ name: username.trim(), password });
      setOneTimePassword(password);
      if (answer.second_factor === 'required') {
        setFactors(answer.second_factors ?? ['app']);
        return setAskCode(true);
      }
      await enter('/admin/dashboard');
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.firstMessage : messages.signInFailed);
    } finally {
      setBusy(false);
    }
  }

  async function giveCode(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!code.trim()) return setError(messages.enterCode);
    setBusy(true);
    try {
      await adminSecondFactor({ code: code.trim() });
      await enter('/admin/dashboard');
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 401) setAskCode(false);
      setError(caught instanceof ApiError ? caught.firstMessage : messages.signInFailed);
    } finally {
      setBusy(false);
    }
  }

  /** Her passkey in place of a code (decision 043). */
  async function signInWithPasskey() {
    setError(null);
    setBusy(true);
    try {
      await givePasskey('/api/admin-login/passkey/options', '/api/admin-login/passkey');
      await enter('/admin/dashboard');
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 401) setAskCode(false);
      setError(passkeyProblem(caught));
    } finally {
      setBusy(false);
    }
  }

  if (askCode && !session?.admin) {
    const hasApp = factors.includes('app');
    const hasPasskey = factors.includes('passkey');
    return (
      <AuthCard title={hasApp ? 'Enter your code' : 'Use your passkey'}>
        <LoadingOverlay open={busy} label="Signing in" />
        <form className="light-stack" onSubmit={giveCode} noValidate>
          <FormAlerts error={error} />
          {hasPasskey && (
            <>
              <p className="light-text">Confirm it is you with the passkey on this device or your phone.</p>
              <LightButton onClick={signInWithPasskey} disabled={busy} autoFocus={!hasApp}>
                Use a passkey
              </LightButton>
            </>
          )}
          {hasApp && (
            <>
              <p className="light-text">
                {hasPasskey ? 'Or enter' : 'Enter'} the 6-digit code your authenticator app shows for this portal, or one of your recovery codes.
              </p>
              <LightTextField
                label="Code"
                value={code}
                onChange={(event) => setCode(event.target.value)}
                autoComplete="one-time-code"
                inputMode="text"
                autoFocus
              />
              <LightButton type="submit" disabled={busy}>
                Continue
              </LightButton>
            </>
          )}
        </form>
      </AuthCard>
    );
  }

  if (session?.admin && session.restricted) {
    return (
      <AuthCard title="Set your admin password">
        <NewPasswordForm
          rules={passwordRules.admin}
          forbidden={{ username: username.trim() }}
          intro={
            <>
              <p className="light-text">Your password was a one-time password. Choose your own to continue.</p>
              {!oneTimePassword && (
                <LightTextField
                  label="One-time Password"
                  type="password"
                  value={typedOneTime}
                  onChange={(event) => setTypedOneTime(event.target.value)}
                  autoComplete="current-password"
                />
              )}
            </>
          }
          onSubmit={async (newPassword) => {
            await changeAdminPassword({ current_password: oneTimePassword || typedOneTime, password: newPassword });
            await enter('/admin/dashboard', { snackbar: messages.passwordChanged });
          }}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Staff sign-in">
      <LoadingOverlay open={busy} label="Signing in" />
      <form className="light-stack" onSubmit={signIn} noValidate>
        <FormAlerts error={error} notice={notice} />
        <LightTextField label="Username" value={username} onChange={(event) => setUsername(event.target.value)} autoComplete="username" autoFocus />
        <LightTextField
          label="Password"
          type="password"
          placeholder="Enter password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          autoComplete="current-password"
        />
        <LightButton type="submit" disabled={busy}>
          Sign In
        </LightButton>
        <ProviderSignInButton role="staff" />
        <div className="light-row">
          <RouterLink className="light-link" to="/">
            Student sign-in
          </RouterLink>
        </div>
      </form>
    </AuthCard>
  );
}
