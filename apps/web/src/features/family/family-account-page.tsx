import { guardianMessageKinds, type GuardianMessageKind } from '@school/contract/guardians';
import { limits } from '@school/contract/limits';
import { messages } from '@school/contract/messages';
import { notificationKindLabels } from '@school/contract/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormAlerts } from '../../components/light/form-alerts.tsx';
import { LightAlert } from '../../components/light/light-alert.tsx';
import { LightButton } from '../../components/light/light-button.tsx';
import { LightSpinner } from '../../components/light/light-spinner.tsx';
import { LightCheckbox } from '../../components/light/light-switch.tsx';
import { LightTextField } from '../../components/light/light-text-field.tsx';
import { failureMessage, LoadFailed } from '../../components/light/load-failed.tsx';
import { NewPasswordForm } from '../../components/light/new-password-form.tsx';
import { PageTitle } from '../../components/light/page-title.tsx';
import { changePassword } from './api/change-password.ts';
import { TwoStepSection } from './components/two-step-section.tsx';
import { getAccountQueryOptions, useAccount, type GuardianAccount } from './api/get-account.ts';
import { saveAccount } from './api/save-account.ts';
import { guardianPasswordCheck, guardianPasswordRule, problemOf } from './problems.ts';
import './family.css';
import { Link } from '../../lib/router/index.ts';

/** Her name, phone and the kinds of message she wants, saved together. */
function DetailsForm({ account }: { account: GuardianAccount }) {
  const client = useQueryClient();
  const [name, setName] = useState(account.display_name);
  const [phone, setPhone] = useState(account.phone ?? '');
  const [kinds, setKinds] = useState<GuardianMessageKind[]>(account.message_kinds);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    if (!name.trim()) return setError('Please type your name.');
    setError(null);
    setBusy(true);
    try {
      const answer = await saveAccount({ display_name: name.trim(), phone: phone.trim() || null, message_kinds: kinds });
      if (answer) client.setQueryData(getAccountQueryOptions().queryKey, answer);
      setSaved(true);
    } catch (caught) {
      setError(problemOf(caught, 'Your details could not be saved just now. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  const choose = (kind: GuardianMessageKind, wanted: boolean) =>
    setKinds((before) => guardianMessageKinds.filter((each) => (each === kind ? wanted : before.includes(each))));

  return (
    <form className="light-stack family-form" onSubmit={save} noValidate>
      {saved ? <LightAlert severity="success">Your details are saved.</LightAlert> : <FormAlerts error={error} />}
      <p className="light-text light-secondary family-wrap">You sign in as {account.email}</p>
      <LightTextField
        label="Your name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        autoComplete="name"
        maxLength={limits.guardianName}
        required
      />
      <LightTextField
        label="Phone"
        type="tel"
        value={phone}
        onChange={(event) => setPhone(event.target.value)}
        autoComplete="tel"
        maxLength={20}
        helperText=" "
      />
      <fieldset className="family-kinds">
        <legend>Messages I want about my daughters</legend>
        {guardianMessageKinds.map((kind) => (
          <div key={kind}>
            <LightCheckbox
              id={`kind-${kind}`}
              label={notificationKindLabels[kind]}
              checked={kinds.includes(kind)}
              onCheckedChange={(wanted) => choose(kind, wanted)}
            />
          </div>
        ))}
      </fieldset>
      <LightButton type="submit" disabled={busy}>
        Save
      </LightButton>
    </form>
  );
}

/** The current password, then the new one twice. */
function PasswordForm({ email }: { email: string }) {
  const [current, setCurrent] = useState('');
  const [changed, setChanged] = useState(false);
  if (changed) return <LightAlert severity="success">{messages.passwordChanged}</LightAlert>;
  return (
    <NewPasswordForm
      rules={guardianPasswordRule}
      rule={guardianPasswordCheck(email)}
      otherProblem={() => (current ? null : 'Type your current password first.')}
      intro={
        <LightTextField
          label="Current Password"
          type="password"
          value={current}
          onChange={(event) => setCurrent(event.target.value)}
          autoComplete="current-password"
          maxLength={limits.passwordInput}
          required
        />
      }
      onSubmit={async (password) => {
        await changePassword({ current_password: current, password });
        setChanged(true);
      }}
    />
  );
}

/**
 * `/family/account`: her name, phone, which messages she wants, her password, her two-step sign-in,
 * and signing out. Drawn whole once her account has come, so that nothing moves under her finger.
 */
export default function FamilyAccountPage() {
  const { data: account, error, isPending, refetch } = useAccount();
  return (
    <div>
      <PageTitle>My Account</PageTitle>
      {error && <LoadFailed message={failureMessage(error, 'Your account could not be loaded just now.')} onRetry={() => void refetch()} />}
      {isPending && <LightSpinner label="Loading your account" centred />}
      {account && (
        <>
          <DetailsForm account={account} />
          <section className="family-form" aria-labelledby="family-password">
            <h2 id="family-password" className="light-title">
              Change Password
            </h2>
            <PasswordForm email={account.email} />
          </section>
          <TwoStepSection />
        </>
      )}
      <Link className="light-link family-link" to="/logout">
        Sign out
      </Link>
    </div>
  );
}
