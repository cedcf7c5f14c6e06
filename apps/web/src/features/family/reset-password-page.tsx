import { guardianMessages } from '@school/contract/guardian-messages';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AuthCard } from '../../components/light/auth-card.tsx';
import { LightAlert } from '../../components/light/light-alert.tsx';
import { NewPasswordForm } from '../../components/light/new-password-form.tsx';
import { resetPassword } from './api/reset-password.ts';
import { guardianPasswordRule } from './problems.ts';
import './family.css';

/**
 * `/parents/reset?token=`: the mailed link's page. Her new password twice, judged by the contract's
 * rule before it is sent; a used or expired link is told in the server's words.
 */
export default function ResetPasswordPage() {
  const [search] = useSearchParams();
  const token = search.get('token')?.trim() ?? '';
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
          <LightAlert severity="success">Your password has been changed. Sign in with it from now on.</LightAlert>
          <Link className="light-link family-link" to="/parents">
            Sign in
          </Link>
        </div>
      ) : (
        <NewPasswordForm
          submitLabel="Set Password"
          rules={guardianPasswordRule}
          onSubmit={async (password) => {
            await resetPassword({ token, password });
            setDone(true);
          }}
        />
      )}
    </AuthCard>
  );
}
