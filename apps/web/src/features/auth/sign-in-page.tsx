import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from '../../lib/router/index.ts';
import { limits } from '@school/contract/limits';
import { messages } from '@school/contract/messages';
import { ApiError } from '../../api/client.ts';
import { useSession } from '../../api/get-session.ts';
import { useEnterWithNewSession } from '../../lib/enter-with-new-session.ts';
import { LoadingOverlay } from '../../components/light/loading-overlay.tsx';
import { LightButton } from '../../components/light/light-button.tsx';
import { LightTextField } from '../../components/light/light-text-field.tsx';
import { changeStudentPassword } from './api/change-student-password.ts';
import { loginStudent } from './api/login-student.ts';
import { fetchPasswordReset } from './api/user-info.ts';
import { AuthCard } from '../../components/light/auth-card.tsx';
import { FormAlerts } from '../../components/light/form-alerts.tsx';
import { NewPasswordForm } from '../../components/light/new-password-form.tsx';
import { ProviderSignInButton } from '../../components/light/provider-sign-in-button.tsx';
import { providerProblem } from '../../lib/provider-sign-in.ts';

/** Loaded when first opened: most visitors never need it. */
const FindStudentIdDialog = lazy(async () => ({ default: (await import('./components/find-student-id-dialog.tsx')).FindStudentIdDialog }));

/** How long she pauses typing her ID before the portal asks whether it needs the date of birth. */
const ID_PAUSE_MS = 300;

/**
 * Student sign-in at `/` (SPEC §2). A student who must reset signs in with her date of birth and
 * the same screen becomes the change-password form. With the school's own sign-in open to students
 * (decision 076), 'Sign in with {provider}' goes there instead.
 */
export default function SignInPage() {
  const { data: session } = useSession();
  const enter = useEnterWithNewSession();
  // Why she is here, when her session ended (told by the server, or by the call it refused).
  const notice = session?.ended_message ?? undefined;
  const [studentId, setStudentId] = useState('');
  const [password, setPassword] = useState('');
  // Why a sign-in with the school's provider came back refused, when it did (decision 076).
  const [search] = useSearchParams();
  const [error, setError] = useState<string | null>(() => providerProblem(search.get('sign_in')));
  const [busy, setBusy] = useState(false);
  const [findOpen, setFindOpen] = useState(false);
  const changing = Boolean(session?.restricted && !session.admin);

  // Whether the ID must sign in with the date of birth, asked once she pauses typing it (or
  // chooses it from the search), so the hint is there before she reaches the password box. The
  // answer counts only for the ID it was asked about.
  const [resetAnswer, setResetAnswer] = useState<{ id: string; reset: boolean } | null>(null);
  const mustReset = resetAnswer !== null && resetAnswer.id === studentId.trim() && resetAnswer.reset;
  useEffect(() => {
    const id = studentId.trim();
    if (!id) return;
    let current = true;
    const timer = setTimeout(async () => {
      const reset = await fetchPasswordReset(id).catch(() => false);
      if (current) setResetAnswer({ id, reset });
    }, ID_PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [studentId]);

  async function signIn(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await loginStudent({ student_id: studentId.trim(), password });
      await enter('/dashboard');
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.firstMessage : messages.signInFailed);
    } finally {
      setBusy(false);
    }
  }

  async function setNewPassword(newPassword: string) {
    await changeStudentPassword({ student_id: session?.userID ?? studentId, password: newPassword });
    await enter('/dashboard', { snackbar: messages.passwordChanged });
  }

  if (changing) {
    return (
      <AuthCard title="Set your password">
        <NewPasswordForm
          onSubmit={setNewPassword}
          forbidden={{ studentId: session?.userID ?? studentId.trim() }}
          intro={
            <p className="light-text">Welcome{session?.name ? `, ${session.name}` : ''}. Choose a password to use from now on instead of your date of birth.</p>
          }
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Student sign-in">
      <LoadingOverlay open={busy} label="Signing in" />
      <form className="light-stack" onSubmit={signIn} noValidate>
        <FormAlerts error={error} notice={notice} />
        <LightTextField
          label="Student ID"
          value={studentId}
          onChange={(event) => setStudentId(event.target.value)}
          autoComplete="username"
          inputMode="numeric"
          maxLength={limits.studentId}
          required
          autoFocus
        />
        <LightTextField
          label="Password"
          type="password"
          placeholder={mustReset ? 'Enter date of birth' : 'Enter password'}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          autoComplete={mustReset ? 'off' : 'current-password'}
          helperText={mustReset ? 'First sign-in: your date of birth as yyyymmdd, for example 20130921.' : ' '}
          required
        />
        <LightButton type="submit" disabled={busy || !studentId.trim() || !password}>
          Sign In
        </LightButton>
        <ProviderSignInButton role="students" />
        <div className="light-row">
          <button type="button" className="light-link" onClick={() => setFindOpen(true)}>
            Find my student ID
          </button>
          <RouterLink className="light-link" to="/admin">
            Staff sign-in
          </RouterLink>
        </div>
      </form>
      {findOpen && (
        <Suspense fallback={<LoadingOverlay open />}>
          <FindStudentIdDialog
            open={findOpen}
            onClose={() => setFindOpen(false)}
            onChoose={(id) => {
              setStudentId(id);
              setFindOpen(false);
            }}
          />
        </Suspense>
      )}
    </AuthCard>
  );
}
