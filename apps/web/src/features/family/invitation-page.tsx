import { guardianMessages } from '@school/contract/guardian-messages';
import { limits } from '@school/contract/limits';
import { useState } from 'react';
import { Link, useSearchParams } from '../../lib/router/index.ts';
import { ApiError } from '../../api/client.ts';
import { useSession } from '../../api/get-session.ts';
import { useSchoolName } from '../../api/get-school-config.ts';
import { AuthCard } from '../../components/light/auth-card.tsx';
import { FormAlerts } from '../../components/light/form-alerts.tsx';
import { LightAlert } from '../../components/light/light-alert.tsx';
import { LightButton } from '../../components/light/light-button.tsx';
import { LightSpinner } from '../../components/light/light-spinner.tsx';
import { LightTextField } from '../../components/light/light-text-field.tsx';
import { failureMessage, LoadFailed } from '../../components/light/load-failed.tsx';
import { NewPasswordForm } from '../../components/light/new-password-form.tsx';
import { useEnterWithNewSession } from '../../lib/enter-with-new-session.ts';
import { acceptInvitation } from './api/accept-invitation.ts';
import { useInvitationPreview, type InvitationPreview } from './api/get-invitation-preview.ts';
import { guardianPasswordCheck, guardianPasswordRule, problemOf } from './problems.ts';
import './family.css';

/** The sign-in page, which brings her back to this invitation once she has signed in. */
const signInAndReturn = (token: string) => `/parents?next=${encodeURIComponent(`/parents/invitation?token=${encodeURIComponent(token)}`)}`;

/** A link that leads on from a dead end: to sign in, or back here after it. */
function SignInLink({ to, children = 'Go to sign-in' }: { to: string; children?: string }) {
  return (
    <Link className="light-link family-link" to={to}>
      {children}
    </Link>
  );
}

/** Signed in as a guardian: the token alone links the daughter to her account. */
function AcceptSignedIn({ token, preview }: { token: string; preview: InvitationPreview }) {
  const enter = useEnterWithNewSession();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function accept() {
    setError(null);
    setBusy(true);
    try {
      await acceptInvitation({ token });
      await enter('/family', { snackbar: guardianMessages.linkAdded(preview.student_first_name) });
    } catch (caught) {
      setError(problemOf(caught, 'The invitation could not be accepted just now. Please try again.'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="light-stack">
      <FormAlerts error={error} />
      <LightButton onClick={() => void accept()} disabled={busy}>
        Accept Invitation
      </LightButton>
    </div>
  );
}

/** Not signed in: her name and a new password make the account for the invited address. */
function AcceptWithNewAccount({ token, preview }: { token: string; preview: InvitationPreview }) {
  const enter = useEnterWithNewSession();
  const [name, setName] = useState('');
  const [taken, setTaken] = useState<string | null>(null);
  const [made, setMade] = useState(false);
  if (taken)
    return (
      <div className="light-stack">
        <LightAlert severity="info">{taken}</LightAlert>
        <SignInLink to={signInAndReturn(token)}>Sign in, then accept</SignInLink>
      </div>
    );
  if (made)
    return (
      <div className="light-stack">
        <LightAlert severity="success">Your account is ready. Sign in to see {preview.student_first_name}.</LightAlert>
        <SignInLink to="/parents">Sign in</SignInLink>
      </div>
    );
  return (
    <NewPasswordForm
      submitLabel="Create Account"
      rules={guardianPasswordRule}
      rule={guardianPasswordCheck(preview.email)}
      otherProblem={() => (name.trim() ? null : 'Please type your name.')}
      intro={
        <LightTextField
          label="Your name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          autoComplete="name"
          maxLength={limits.guardianName}
          required
          autoFocus
        />
      }
      onSubmit={async (password) => {
        try {
          await acceptInvitation({ token, name: name.trim(), password });
        } catch (caught) {
          // The address has an account already: she signs in, and comes back to accept with the token alone.
          if (caught instanceof ApiError && caught.status === 409) return setTaken(caught.message);
          throw caught;
        }
        const session = await enter('/family', { snackbar: guardianMessages.linkAdded(preview.student_first_name) });
        if (!(session.authenticated && session.kind === 'guardian')) setMade(true);
      }}
    />
  );
}

/**
 * `/parents/invitation?token=`: whom the school invites her to follow, at which address; then her
 * name and a password (or, with an account already, sign-in and back). A dead link says so in the
 * server's words, with a way on to sign-in.
 */
export default function InvitationPage() {
  const [search] = useSearchParams();
  const token = search.get('token')?.trim() ?? '';
  const school = useSchoolName();
  const { data: session } = useSession();
  const { data: preview, error, isPending, refetch } = useInvitationPreview(token);
  const signedIn = session?.authenticated === true && session.kind === 'guardian';

  let body;
  if (!token || (error instanceof ApiError && !error.isNetwork && error.status < 500))
    body = (
      <div className="light-stack">
        <LightAlert severity="error">{error instanceof ApiError ? error.message : guardianMessages.linkNotValid}</LightAlert>
        <SignInLink to="/parents" />
      </div>
    );
  else if (error) body = <LoadFailed message={failureMessage(error, 'The invitation could not be loaded just now.')} onRetry={() => void refetch()} />;
  else if (isPending || !preview) body = <LightSpinner label="Loading the invitation" centred />;
  else
    body = (
      <div className="light-stack">
        <p className="light-text">
          You are invited to follow <strong>{preview.student_first_name}</strong> at {school}.
        </p>
        <p className="light-text light-secondary family-wrap">Invitation for {preview.email}</p>
        {signedIn ? (
          <AcceptSignedIn token={token} preview={preview} />
        ) : preview.has_account ? (
          <>
            <LightAlert severity="info">An account already uses this address. Sign in, and you will come back here to accept.</LightAlert>
            <SignInLink to={signInAndReturn(token)}>Sign in, then accept</SignInLink>
          </>
        ) : (
          <AcceptWithNewAccount token={token} preview={preview} />
        )}
      </div>
    );
  return <AuthCard title="Invitation">{body}</AuthCard>;
}
