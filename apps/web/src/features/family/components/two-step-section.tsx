import { guardianMessages } from '@school/contract/guardian-messages';
import { limits } from '@school/contract/limits';
import { messages } from '@school/contract/messages';
import type { Passkey } from '@school/contract/responses';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState, type ButtonHTMLAttributes, type FormEvent, type ReactNode } from 'react';
import { useSchoolTimeZone } from '../../../api/get-school-config.ts';
import { passkeyProblem } from '../../../api/passkeys.ts';
import { FormAlerts } from '../../../components/light/form-alerts.tsx';
import { LightAlert } from '../../../components/light/light-alert.tsx';
import { LightButton } from '../../../components/light/light-button.tsx';
import { LightSpinner } from '../../../components/light/light-spinner.tsx';
import { LightTextField } from '../../../components/light/light-text-field.tsx';
import { failureMessage, LoadFailed } from '../../../components/light/load-failed.tsx';
import { formatSchoolTime } from '../../../lib/format-day.ts';
import { addPasskey } from '../api/add-passkey.ts';
import { confirmTotp } from '../api/confirm-totp.ts';
import { getSecondFactorQueryOptions, useSecondFactor, type GuardianSecondFactor } from '../api/get-second-factor.ts';
import { removePasskey } from '../api/remove-passkey.ts';
import { startTotp, type TotpEnrolment } from '../api/start-totp.ts';
import { turnOffSecondFactor } from '../api/turn-off-second-factor.ts';
import { problemOf } from '../problems.ts';
import { AuthenticatorKey } from '../../../components/authenticator-key.tsx';

/** The QR code's drawing, fetched only when she sets up an app: the account page opens without it. */
const QrCode = lazy(async () => ({ default: (await import('../../../components/qr-code.tsx')).QrCode }));

/** What the section says of her second step now. */
function stateInWords({ totp, recovery_codes_left: left, passkeys }: GuardianSecondFactor): string {
  const parts = [
    ...(totp ? [`an authenticator app (${left === 1 ? '1 recovery code' : `${left} recovery codes`} left)`] : []),
    ...(passkeys.length ? [passkeys.length === 1 ? '1 passkey' : `${passkeys.length} passkeys`] : []),
  ];
  return parts.length ? `On: after your password you give ${parts.join(' or ')}.` : 'Off: you sign in with your password alone.';
}

/** Moves focus to `element` once it is drawn (a step that replaced the button she pressed). */
function useFocusOnShow<T extends HTMLElement>(shown: unknown) {
  const element = useRef<T>(null);
  useEffect(() => {
    if (shown) element.current?.focus();
  }, [shown]);
  return element;
}

/** A button of a part of the section, not its main action: outlined, 44 px tall. */
function SecondaryButton({ children, danger = false, ...button }: { children: ReactNode; danger?: boolean } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button type="button" {...button} className={danger ? 'family-button family-button-danger' : 'family-button'}>
      {children}
    </button>
  );
}

/** The ten recovery codes, once: kept somewhere safe, by copying or printing them. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const heading = useFocusOnShow<HTMLHeadingElement>(true);
  const [copied, setCopied] = useState<string | null>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied('The codes are copied.');
    } catch {
      setCopied('They could not be copied here: please write them down or print them.');
    }
  }
  return (
    <div className="light-stack family-panel">
      <h3 ref={heading} tabIndex={-1} className="family-subtitle">
        Your recovery codes
      </h3>
      <p className="light-text">
        Keep these codes somewhere safe, apart from your phone: print them or copy them into a password manager. Each signs you in once if you lose your phone.
        They are shown only now.
      </p>
      <ul className="family-codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      {copied && <LightAlert severity="info">{copied}</LightAlert>}
      <div className="family-actions">
        <SecondaryButton onClick={() => void copy()}>Copy codes</SecondaryButton>
        <SecondaryButton onClick={() => window.print()}>Print</SecondaryButton>
        <LightButton onClick={onDone}>I have kept them</LightButton>
      </div>
    </div>
  );
}

/** Setting up an authenticator app: the QR code and the key as text, then the app's first code; answers the recovery codes. */
function AppSetup({ enrolment, onCancel, onDone }: { enrolment: TotpEnrolment; onCancel: () => void; onDone: (codes: string[]) => void }) {
  const heading = useFocusOnShow<HTMLHeadingElement>(true);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!code.trim()) return setError(messages.enterCode);
    setBusy(true);
    try {
      onDone((await confirmTotp({ code: code.trim() })).recovery_codes);
    } catch (caught) {
      setError(problemOf(caught, messages.unreachable));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="light-stack family-panel" onSubmit={submit} noValidate aria-labelledby="family-app-setup">
      <h3 id="family-app-setup" ref={heading} tabIndex={-1} className="family-subtitle">
        Set up your authenticator app
      </h3>
      <p className="light-text">
        In an authenticator app on your phone (such as Google Authenticator or Microsoft Authenticator), add an account by scanning this QR code, or by typing
        the key below. Then enter the 6 digits the app shows.
      </p>
      <Suspense fallback={<LightSpinner label="Drawing the QR code" />}>
        <QrCode text={enrolment.otpauth_url} label="QR code for your authenticator app" />
      </Suspense>
      <dl className="family-secret">
        <dt>Key for your app</dt>
        <dd>
          <AuthenticatorKey secret={enrolment.secret} />
        </dd>
      </dl>
      <FormAlerts error={error} />
      <LightTextField
        label="Code from the app"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={40}
      />
      <div className="family-actions">
        <LightButton type="submit" disabled={busy}>
          Turn on
        </LightButton>
        <SecondaryButton onClick={onCancel}>Cancel</SecondaryButton>
      </div>
    </form>
  );
}

/** Her authenticator app: set up (again, on another phone), its recovery codes shown once when it is turned on. */
function AppPart({ on, announce }: { on: boolean; announce: (notice: string) => void }) {
  const client = useQueryClient();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function begin() {
    setError(null);
    setBusy(true);
    try {
      setEnrolment(await startTotp());
    } catch (caught) {
      setError(problemOf(caught, messages.unreachable));
    } finally {
      setBusy(false);
    }
  }

  if (codes)
    return (
      <RecoveryCodes
        codes={codes}
        onDone={() => {
          setCodes(null);
          announce('Your authenticator app is on: your next sign-in asks for its code.');
        }}
      />
    );
  if (enrolment)
    return (
      <AppSetup
        enrolment={enrolment}
        onCancel={() => setEnrolment(null)}
        onDone={(recoveryCodes) => {
          setEnrolment(null);
          setCodes(recoveryCodes);
          void client.invalidateQueries({ queryKey: getSecondFactorQueryOptions().queryKey });
        }}
      />
    );
  return (
    <div className="light-stack">
      <h3 className="family-subtitle">Authenticator app</h3>
      <FormAlerts error={error} />
      <div>
        <SecondaryButton onClick={() => void begin()} disabled={busy}>
          {on ? 'Set up on another phone' : 'Set up an authenticator app'}
        </SecondaryButton>
      </div>
      {on && <p className="light-text">Setting it up again replaces your app and your recovery codes.</p>}
    </div>
  );
}

/** Her passkeys, each with when it was added and last used, removable; a named one added with this device. */
function PasskeysPart({ passkeys, announce }: { passkeys: Passkey[]; announce: (notice: string) => void }) {
  const client = useQueryClient();
  const timeZone = useSchoolTimeZone();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: getSecondFactorQueryOptions().queryKey });

  async function add(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!name.trim()) return setError(messages.passkeyNameEmpty);
    setBusy(true);
    try {
      await addPasskey(name.trim());
      await refresh();
      announce(`The passkey “${name.trim()}” is added: you can sign in with it after your password.`);
      setName('');
    } catch (caught) {
      setError(passkeyProblem(caught));
    } finally {
      setBusy(false);
    }
  }

  async function remove(passkey: Passkey) {
    setError(null);
    setBusy(true);
    try {
      await removePasskey(passkey.id);
      await refresh();
      announce(`The passkey “${passkey.name}” is removed.`);
    } catch (caught) {
      setError(problemOf(caught, messages.unreachable));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="light-stack">
      <h3 className="family-subtitle">Passkeys</h3>
      <p className="light-text">A passkey lets this phone or computer confirm it is you with its fingerprint, face or screen lock, in place of a code.</p>
      {passkeys.length > 0 && (
        <ul className="family-passkeys" aria-label="Your passkeys">
          {passkeys.map((passkey) => (
            <li key={passkey.id}>
              <div className="family-wrap">
                <strong>{passkey.name}</strong>
                <p className="light-text">
                  added {formatSchoolTime(passkey.created_at, timeZone)} ·{' '}
                  {passkey.last_used_at ? `last used ${formatSchoolTime(passkey.last_used_at, timeZone)}` : 'not used yet'}
                </p>
              </div>
              <SecondaryButton onClick={() => void remove(passkey)} disabled={busy} aria-label={`Remove the passkey ${passkey.name}`}>
                Remove
              </SecondaryButton>
            </li>
          ))}
        </ul>
      )}
      <FormAlerts error={error} />
      <form className="light-stack" onSubmit={add} noValidate aria-label="Add a passkey">
        <LightTextField
          label="Passkey name"
          helperText="Such as the device it is on"
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={60}
        />
        <div>
          <button type="submit" className="family-button" disabled={busy}>
            Add a passkey
          </button>
        </div>
      </form>
    </div>
  );
}

/** Turning it all off: her app, recovery codes and passkeys go once she gives her current password. */
function TurnOffPart({ announce }: { announce: (notice: string) => void }) {
  const client = useQueryClient();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function turnOff(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!password) return setError(messages.enterCurrentPassword);
    setBusy(true);
    try {
      client.setQueryData(getSecondFactorQueryOptions().queryKey, await turnOffSecondFactor({ current_password: password }));
      announce(guardianMessages.secondFactorOff);
    } catch (caught) {
      setError(problemOf(caught, messages.unreachable));
      setBusy(false);
    }
  }

  return (
    <form className="light-stack" onSubmit={turnOff} noValidate aria-labelledby="family-turn-off">
      <h3 id="family-turn-off" className="family-subtitle">
        Turn two-step sign-in off
      </h3>
      <p className="light-text">Your app, recovery codes and passkeys stop working, and your password alone signs you in.</p>
      <FormAlerts error={error} />
      <LightTextField
        label="Current Password"
        type="password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        autoComplete="current-password"
        maxLength={limits.passwordInput}
      />
      <div>
        <SecondaryButton type="submit" danger disabled={busy}>
          Turn off
        </SecondaryButton>
      </div>
    </form>
  );
}

/**
 * Her two-step sign-in on My Account (decision 062), offered, not required: an authenticator app
 * (a QR code and its key as text, its first code, then ten recovery codes shown once) and passkeys,
 * and turning it all off with her current password. Each change is told in one notice, which takes
 * focus, so a screen reader hears it where she is.
 */
export function TwoStepSection() {
  const { data, error, isPending, refetch } = useSecondFactor();
  const [notice, setNotice] = useState<string | null>(null);
  const noticeRef = useFocusOnShow<HTMLDivElement>(notice);
  const on = Boolean(data && (data.totp || data.passkeys.length > 0));
  return (
    <section className="family-form" aria-labelledby="family-two-step">
      <h2 id="family-two-step" className="light-title">
        Two-step sign-in
      </h2>
      <div className="light-stack">
        <p className="light-text">
          A second step after your password keeps your daughters’ reports safe even if someone learns your password. It is your choice.
        </p>
        {notice && (
          <LightAlert severity="success" focusRef={noticeRef}>
            {notice}
          </LightAlert>
        )}
        {error && <LoadFailed message={failureMessage(error, 'Your two-step sign-in could not be loaded just now.')} onRetry={() => void refetch()} />}
        {isPending && <LightSpinner label="Loading your two-step sign-in" />}
        {data && (
          <>
            <p className="family-state">{stateInWords(data)}</p>
            <AppPart on={data.totp} announce={setNotice} />
            <PasskeysPart passkeys={data.passkeys} announce={setNotice} />
            {on && <TurnOffPart announce={setNotice} />}
          </>
        )}
      </div>
    </section>
  );
}
