import { guardianMessages } from '@school/contract/guardian-messages';
import { messages } from '@school/contract/messages';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AuthCard } from '../../components/light/auth-card.tsx';
import { LightAlert } from '../../components/light/light-alert.tsx';
import { NewPasswordForm } from '../../components/light/new-password-form.tsx';
import { useEnterWithNewSession } from '../../lib/enter-with-new-session.ts';
import { resetPassword } from './api/reset-password.ts';
import { guardianPasswordCheck, guardianPasswordRule } from './problems.ts';
import './family.css';

/**
 * `/parents/reset?token=`: the mailed link's page. Her new password twice, judged by the contract's
 * rule before it is sent; a used or expired link is told in the server's words.
 */
export default function ResetPasswordPage() {
  const [search] = useSearchParams();
  const token = search.get('token')?.trim() ?? '';
  const enter = useEnterWithNewSession();
  const [done, setDone] = useState(false);
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
            await resetPassword({ token, password });
            // The server signs her in with the new password: on to her daughters, else to sign in.
            const session = await enter('/family', { snackbar: messages.passwordChanged });
            if (!(session.authenticated && session.kind === 'guardian')) setDone(true);
          }}
        />
      )}
    </AuthCard>
  );
}
