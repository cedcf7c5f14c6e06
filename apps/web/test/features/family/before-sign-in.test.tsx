import { guardianMessages } from '@school/contract/guardian-messages';
import { messages } from '@school/contract/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, type Call } from '../../http.tsx';
import { guardianSession, openApp, visitorSession } from './fixtures.tsx';

afterEach(() => vi.unstubAllGlobals());

const preview = { student_first_name: 'Kezia', email: 'maria@example.com', has_account: false };

describe('the family’s sign-in at /parents', () => {
  it('signs a guardian in with her address and password, and takes her to her daughters', async () => {
    let signedIn = false;
    const { calls, router } = openApp('/parents', {
      answer: (call) => {
        if (call.url === '/api/guardian-login') {
          signedIn = true;
          return json({ name: 'Maria Charles' });
        }
        if (call.url === '/api/session') return json(signedIn ? guardianSession : visitorSession);
      },
    });
    await userEvent.type(await screen.findByLabelText(/^E-mail address/), ' Maria@Example.com ');
    await userEvent.type(screen.getByLabelText(/^Password/), 'a long family password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Kezia Charles' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/family');
    expect(calls.find((call) => call.url === '/api/guardian-login')?.body).toEqual({ email: 'Maria@Example.com', password: 'a long family password' });
  });

  it('shows the server’s words for a wrong password, and for a throttle keeps the button off for the wait it gives', async () => {
    let tries = 0;
    openApp('/parents', {
      session: visitorSession,
      answer: (call) => {
        if (call.url !== '/api/guardian-login') return undefined;
        tries += 1;
        return tries === 1
          ? json({ message: guardianMessages.wrongSignIn }, 401)
          : json({ message: 'Too many sign-in attempts. Please try again in 15 minutes.', retryAfter: 900 }, 429);
      },
    });
    await userEvent.type(await screen.findByLabelText(/^E-mail address/), 'maria@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'wrong password');
    const signIn = screen.getByRole('button', { name: 'Sign In' });
    await userEvent.click(signIn);
    expect(await screen.findByText(guardianMessages.wrongSignIn)).toBeInTheDocument();
    // A wrong password is no ended session: she stays on the page with what she typed.
    expect(screen.getByLabelText(/^E-mail address/)).toHaveValue('maria@example.com');
    await userEvent.click(signIn);
    expect(await screen.findByText('Too many sign-in attempts. Please try again in 15 minutes.')).toBeInTheDocument();
    expect(signIn).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/parents/forgot');
  });

  it('is where a visitor opening a family page is sent', async () => {
    const { router } = openApp('/family/messages', { session: visitorSession });
    expect(await screen.findByRole('heading', { name: 'Parents and guardians' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/parents');
  });

  it('sends a guardian already signed in on to her daughters', async () => {
    const { router } = openApp('/parents');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kezia Charles' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/family');
  });
});

describe('the second step of her sign-in', () => {
  /** The family's sign-in with a right password, for an account with the second factors named. */
  function signInWith(factors: Array<'app' | 'passkey'>, answer: (call: Call) => Response | undefined = () => undefined) {
    let signedIn = false;
    return openApp('/parents', {
      answer: (call) => {
        if (call.url === '/api/session') return json(signedIn ? guardianSession : visitorSession);
        if (call.url === '/api/guardian-login') return json({ name: 'Maria Charles', kind: 'guardian', second_factor: 'required', second_factors: factors });
        const given = answer(call);
        if (given?.ok && call.url.startsWith('/api/guardian-login/')) signedIn = true;
        return given;
      },
    });
  }

  async function givePassword() {
    await userEvent.type(await screen.findByLabelText(/^E-mail address/), 'maria@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'a long family password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
  }

  it('asks for her code with focus on it, says a wrong code in the server’s words, then takes her to her daughters', async () => {
    let tries = 0;
    const { calls, router } = signInWith(['app'], (call) => {
      if (call.url !== '/api/guardian-login/second-factor') return undefined;
      tries += 1;
      return tries === 1
        ? json({ message: messages.wrongCode, errors: { code: [messages.wrongCode] } }, 422)
        : json({ name: 'Maria Charles', kind: 'guardian' });
    });
    await givePassword();
    expect(await screen.findByRole('heading', { name: 'Two-step sign-in' })).toBeInTheDocument();
    const code = screen.getByLabelText(/^Code/);
    await waitFor(() => expect(code).toHaveFocus());
    expect(code).toHaveAccessibleDescription(/6 digits your authenticator app shows/);
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.enterCode);
    await userEvent.type(code, ' 123 456 ');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.wrongCode);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Kezia Charles' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/family');
    expect(calls.filter((call) => call.url === '/api/guardian-login/second-factor').map((call) => call.body)).toEqual([
      { code: '123 456' },
      { code: '123 456' },
    ]);
  });

  it('keeps the button off while her codes are locked, for the wait the server gave', async () => {
    signInWith(['app'], (call) =>
      call.url === '/api/guardian-login/second-factor' ? json({ message: messages.codesLocked(15), retryAfter: 900 }, 429) : undefined,
    );
    await givePassword();
    await userEvent.type(await screen.findByLabelText(/^Code/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(messages.codesLocked(15))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
  });

  it('offers only her passkey when she has no app, with focus on it, and says when the browser cannot use one', async () => {
    const { calls } = signInWith(['passkey'], (call) =>
      call.url === '/api/guardian-login/passkey/options' ? json({ challenge: 'abc', rpId: 'localhost', allowCredentials: [] }) : undefined,
    );
    await givePassword();
    const passkey = await screen.findByRole('button', { name: 'Use a passkey' });
    await waitFor(() => expect(passkey).toHaveFocus());
    expect(screen.queryByLabelText(/^Code/)).not.toBeInTheDocument();
    await userEvent.click(passkey);
    // This test's browser has no WebAuthn: the answer is never sent.
    expect(await screen.findByText(messages.passkeysUnsupported)).toBeInTheDocument();
    expect(calls.some((call) => call.url === '/api/guardian-login/passkey')).toBe(false);
  });

  it('goes back to her password, with the server’s words, when her sign-in waited too long', async () => {
    signInWith(['app', 'passkey'], (call) =>
      call.url === '/api/guardian-login/second-factor' ? json({ message: guardianMessages.signInAgain }, 401) : undefined,
    );
    await givePassword();
    expect(await screen.findByRole('button', { name: 'Use a passkey' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Code/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(guardianMessages.signInAgain)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Parents and guardians' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^E-mail address/)).toHaveValue('maria@example.com');
    expect(screen.getByLabelText(/^Password/)).toHaveValue('');
  });
});

describe('a forgotten password', () => {
  it('shows the server’s one answer, whatever the address', async () => {
    const { calls } = openApp('/parents/forgot', {
      session: visitorSession,
      answer: (call) => (call.url === '/api/guardian-password/forgot' ? json({ message: guardianMessages.resetLinkSent }) : undefined),
    });
    await userEvent.type(await screen.findByLabelText(/^E-mail address/), 'someone@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send Link' }));
    expect(await screen.findByText(guardianMessages.resetLinkSent)).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/api/guardian-password/forgot')?.body).toEqual({ email: 'someone@example.com' });
    expect(screen.getByRole('link', { name: 'Back to sign-in' })).toHaveAttribute('href', '/parents');
  });

  it('sets a new password from the link: both typed the same and by the rule before anything is sent; a used link in the server’s words; then her daughters', async () => {
    let resets = 0;
    const { calls, router } = openApp('/parents/reset?token=tok-1', {
      answer: (call) => {
        // The server signs her in with the new password.
        if (call.url === '/api/session') return json(resets === 2 ? guardianSession : visitorSession);
        if (call.url !== '/api/guardian-password/reset') return undefined;
        resets += 1;
        return resets === 1 ? json({ message: guardianMessages.linkNotValid }, 404) : json({ name: 'Maria Charles', kind: 'guardian' });
      },
    });
    const password = await screen.findByLabelText(/^New Password/);
    const confirm = screen.getByLabelText(/^Confirm Password/);
    const submit = screen.getByRole('button', { name: 'Set Password' });
    await userEvent.type(password, 'short');
    await userEvent.type(confirm, 'shorter');
    await userEvent.click(submit);
    expect(await screen.findByText('The passwords do not match.')).toBeInTheDocument();
    await userEvent.clear(confirm);
    await userEvent.type(confirm, 'short');
    await userEvent.click(submit);
    expect(await screen.findByText('The password must have at least 8 characters.')).toBeInTheDocument();
    // A date is no password for a parent's account.
    for (const field of [password, confirm]) {
      await userEvent.clear(field);
      await userEvent.type(field, '14/03/1979');
    }
    await userEvent.click(submit);
    expect(await screen.findByText(guardianMessages.passwordIsDate)).toBeInTheDocument();
    expect(calls.some((call) => call.url === '/api/guardian-password/reset')).toBe(false);

    for (const field of [password, confirm]) {
      await userEvent.clear(field);
      await userEvent.type(field, 'a long family password');
    }
    await userEvent.click(submit);
    expect(await screen.findByText(guardianMessages.linkNotValid)).toBeInTheDocument();
    await userEvent.click(submit);
    expect(await screen.findByRole('heading', { level: 1, name: 'Kezia Charles' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/family');
    expect(calls.filter((call) => call.url === '/api/guardian-password/reset').map((call) => call.body)).toEqual([
      { token: 'tok-1', password: 'a long family password' },
      { token: 'tok-1', password: 'a long family password' },
    ]);
  });

  it('asks for her second factor after the new password when her account has one, then takes her to her daughters', async () => {
    let signedIn = false;
    const { router } = openApp('/parents/reset?token=tok-2', {
      answer: (call) => {
        if (call.url === '/api/session') return json(signedIn ? guardianSession : visitorSession);
        if (call.url === '/api/guardian-password/reset')
          return json({ name: 'Maria Charles', kind: 'guardian', second_factor: 'required', second_factors: ['app'] });
        if (call.url === '/api/guardian-login/second-factor') {
          signedIn = true;
          return json({ name: 'Maria Charles', kind: 'guardian' });
        }
      },
    });
    for (const label of [/^New Password/, /^Confirm Password/]) await userEvent.type(await screen.findByLabelText(label), 'a long family password');
    await userEvent.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByText('Your new password is set.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Code/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Kezia Charles' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/family');
  });
});

describe('an invitation', () => {
  it('says whom she is invited to follow, and makes her account with her name and a password', async () => {
    let signedIn = false;
    const { calls, router } = openApp('/parents/invitation?token=inv%2B1', {
      session: visitorSession,
      answer: (call) => {
        if (call.url.startsWith('/api/guardian-invitations/preview')) return json(preview);
        if (call.url === '/api/guardian-invitations/accept') {
          signedIn = true;
          return json({});
        }
        if (call.url === '/api/session') return json(signedIn ? guardianSession : visitorSession);
      },
    });
    expect(await screen.findByText(/You are invited to follow/)).toHaveTextContent('You are invited to follow Kezia at St Hilda’s High School.');
    expect(screen.getByText('Invitation for maria@example.com')).toBeInTheDocument();
    expect(calls.some((call) => call.url === '/api/guardian-invitations/preview?token=inv%2B1')).toBe(true);

    // Her name is asked for before anything is sent.
    await userEvent.type(screen.getByLabelText(/^New Password/), 'a long family password');
    await userEvent.type(screen.getByLabelText(/^Confirm Password/), 'a long family password');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Please type your name.')).toBeInTheDocument();
    expect(calls.some((call) => call.url === '/api/guardian-invitations/accept')).toBe(false);

    await userEvent.type(screen.getByLabelText(/^Your name/), 'Maria Charles');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/family'));
    expect(calls.find((call) => call.url === '/api/guardian-invitations/accept')?.body).toEqual({
      token: 'inv+1',
      name: 'Maria Charles',
      password: 'a long family password',
    });
  });

  it('for an address with an account already: the 409’s words and a way to sign in and come back, then the token alone', async () => {
    let signedIn = false;
    const { calls, router } = openApp('/parents/invitation?token=inv-2', {
      session: visitorSession,
      answer: (call) => {
        if (call.url.startsWith('/api/guardian-invitations/preview')) return json(preview);
        if (call.url === '/api/guardian-invitations/accept')
          return signedIn ? json({}) : json({ message: 'An account already uses this address. Sign in to accept the invitation.' }, 409);
        if (call.url === '/api/guardian-login') {
          signedIn = true;
          return json({});
        }
        if (call.url === '/api/session') return json(signedIn ? guardianSession : visitorSession);
      },
    });
    await userEvent.type(await screen.findByLabelText(/^Your name/), 'Maria Charles');
    await userEvent.type(screen.getByLabelText(/^New Password/), 'a long family password');
    await userEvent.type(screen.getByLabelText(/^Confirm Password/), 'a long family password');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('An account already uses this address. Sign in to accept the invitation.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Sign in, then accept' }));
    await userEvent.type(await screen.findByLabelText(/^E-mail address/), 'maria@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'her old password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    // Back at the invitation, signed in: one button, and the token alone is sent.
    await userEvent.click(await screen.findByRole('button', { name: 'Accept Invitation' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/family'));
    expect(calls.filter((call) => call.url === '/api/guardian-invitations/accept').at(-1)?.body).toEqual({ token: 'inv-2' });
  });

  it('shows a dead link’s message from the server, with a way on to sign-in', async () => {
    openApp('/parents/invitation?token=old', {
      session: visitorSession,
      answer: (call) => (call.url.startsWith('/api/guardian-invitations/preview') ? json({ message: guardianMessages.linkNotValid }, 404) : undefined),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(guardianMessages.linkNotValid);
    expect(within(alert.parentElement!).getByRole('link', { name: 'Go to sign-in' })).toHaveAttribute('href', '/parents');
  });
});

describe('the family’s sign-in with the school’s provider (decision 076)', () => {
  const withProvider = (roles: string[]) => (call: Call) =>
    call.url === '/api/config'
      ? json({ school_name: 'St Hilda’s High School', time_zone: 'America/Port_of_Spain', sign_in_provider: { name: 'Google', roles } })
      : undefined;

  it('offers the provider when guardians may use it', async () => {
    openApp('/parents', { session: visitorSession, answer: withProvider(['staff', 'guardians']) });
    expect(await screen.findByRole('link', { name: 'Sign in with Google' })).toHaveAttribute('href', '/api/auth/oidc/start?for=guardian');
  });

  it('does not offer it when only staff may use it', async () => {
    const { calls } = openApp('/parents', { session: visitorSession, answer: withProvider(['staff']) });
    await waitFor(() => expect(calls.some((call) => call.url === '/api/config')).toBe(true));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in with Google' })).not.toBeInTheDocument();
  });

  it('says why the provider’s sign-in came back refused', async () => {
    openApp('/parents?sign_in=unknown', { session: visitorSession, answer: withProvider(['guardians']) });
    expect(await screen.findByText(messages.providerSignIn.unknown)).toBeInTheDocument();
  });
});
