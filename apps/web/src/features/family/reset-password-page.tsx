import { guardianMessages } from '@school/contract/guardian-messages';
import { messages } from '@school/contract/messages';
import { useState } from 'react';
import { Link, useSearchParams } from '../../lib/router/index.ts';
import { AuthCard } from '../../components/light/auth-card.tsx';
import { LightAlert } from '../../components/light/light-alert.tsx';
import { NewPasswordForm } from '../../components/light/new-password-form.tsx';
import { useEnterWithNewSession } from '../../lib/enter-with-new-session.ts';
import type { GuardianSignIn } from './api/guardian-login.ts';
import { resetPassword } from './api/reset-password.ts';
import { SecondStep } from './components/second-step.tsx';
import { guardianPasswordCheck, guardianPasswordRule } from './problems.ts';
import './family.css';

/**
 * `/parents/reset?token=`: the mailed link's page. Her new password twice, judged by the contract's
 * rule before it is sent; a used or expired link is told in the server's words. A second factor on
 * her account stays: its step follows before she is in.
 */
export default function ResetPasswordPage() {
  const [search] = useSearchParams();
  const token = search.get('token')?.trim() ?? '';
  const enter = useEnterWithNewSession();
  const [done, setDone] = useState(false);
  const [factors, setFactors] = useState<NonNullable<GuardianSignIn['second_factors']> | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  if (factors)
    return (
      <AuthCard title="Two-step sign-in">
        <LightAlert severity="success">Your new password is set.</LightAlert>
        <SecondStep
          factors={factors}
          onDone={async (outcome) => {
            if (outcome.signedIn) return void (await enter('/family', { snackbar: messages.passwordChanged }));
            // Her sign-in waited too long: she signs in at /parents with the new password.
            setFactors(null);
            setProblem(outcome.problem);
            setDone(true);
          }}
        />
      </AuthCard>
    );

  return (
    <AuthCard title="Set a new password">
      {!token ? (
        <div className="light-stack">
          <LightAlert severity="error">{guardianMessages.linkNotValid}</LightAlert>
          <Link className="light-link family-link" to="/parents/forgot">
            Send a new link
          </Link>
        </div>
      ) : done ? (
        <div className="light-stack">
          {problem && <LightAlert severity="info">{problem}</LightAlert>}
          <LightAlert severity="success">Your password has been changed. Sign in with it.</LightAlert>
          <Link className="light-link family-link" to="/parents">
            Sign in
          </Link>
        </div>
      ) : (
        <NewPasswordForm
          submitLabel="Set Password"
          rules={guardianPasswordRule}
          rule={guardianPasswordCheck('')}
          onSubmit={async (password) => {
            const answer = await resetPassword({ token, password });
            if (answer?.second_factor === 'required') return setFactors(answer.second_factors ?? ['app']);
            // The server signs her in with the new password: on to her daughters, else to sign in.
            const session = await enter('/family', { snackbar: messages.passwordChanged });
            if (!(session.authenticated && session.kind === 'guardian')) setDone(true);
          }}
        />
      )}
    </AuthCard>
  );
}
