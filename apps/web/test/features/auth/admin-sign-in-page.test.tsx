import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@school/contract/messages';
import { createMemoryRouter, RouterProvider } from '../../../src/lib/router/index.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AdminSignInPage from '../../../src/features/auth/admin-sign-in-page.tsx';
import { json, renderWithQueries, stubFetch } from '../../http.tsx';

/** The staff sign-in, whose password is right and whose account has the second factors named. */
function renderSignIn(secondFactors: Array<'app' | 'passkey'>, rpId = 'localhost', portalUrl: string | null = null) {
  const calls = stubFetch((call) => {
    if (call.url === '/api/session') return json({ authenticated: false, admin: false, restricted: false });
    if (call.url === '/api/admin-login')
      return json({ name: 'Admin', username: 'office1', must_change_password: false, second_factor: 'required', second_factors: secondFactors });
    if (call.url === '/api/admin-login/passkey/options') return json({ challenge: 'abc', rpId, allowCredentials: [], portal_url: portalUrl });
    return json({});
  });
  const router = createMemoryRouter([{ path: '/admin', element: <AdminSignInPage /> }], { initialEntries: ['/admin'] });
  renderWithQueries(<RouterProvider router={router} />);
  return calls;
}

async function givePassword() {
  await userEvent.type(await screen.findByLabelText(/^Username/), 'office1');
  await userEvent.type(screen.getByLabelText(/^Password/), 'Flamboyant-Shade-Red-73');
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

afterEach(() => vi.unstubAllGlobals());

describe('the staff sign-in with a second factor', () => {
  it('offers only her passkey when she has no authenticator app, and says when the browser cannot use it', async () => {
    const calls = renderSignIn(['passkey']);
    await givePassword();
    expect(await screen.findByRole('heading', { name: 'Use your passkey' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Code/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Use a passkey' }));
    // This test's browser has no WebAuthn: the answer is never sent.
    expect(await screen.findByText(messages.passkeysUnsupported)).toBeInTheDocument();
    expect(calls.some((call) => call.url === '/api/admin-login/passkey')).toBe(false);
  });

  it('says where passkeys work when the portal is opened at another address than its own (PORTAL_URL)', async () => {
    renderSignIn(['passkey'], 'portal.example.org', 'https://portal.example.org');
    await givePassword();
    await userEvent.click(await screen.findByRole('button', { name: 'Use a passkey' }));
    expect(
      await screen.findByText(
        "Passkeys work only at the portal's own address. Please open the portal at https://portal.example.org and use your passkey there.",
      ),
    ).toBeInTheDocument();
  });

  it('asks for PORTAL_URL to be set when the portal has no address of its own and is opened at another', async () => {
    renderSignIn(['passkey'], 'portal.example.org', null);
    await givePassword();
    await userEvent.click(await screen.findByRole('button', { name: 'Use a passkey' }));
    expect(await screen.findByText(messages.passkeysNeedPortalUrl(window.location.origin))).toBeInTheDocument();
    expect(screen.getByText(/Please ask the administrator to set PORTAL_URL to the address you open the portal at \(http:\/\/localhost/)).toBeInTheDocument();
  });

  it('offers the passkey and the code when she has both', async () => {
    renderSignIn(['app', 'passkey']);
    await givePassword();
    expect(await screen.findByRole('heading', { name: 'Enter your code' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use a passkey' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Code/)).toBeInTheDocument();
  });
});

describe('the staff sign-in with the school’s provider (decision 076)', () => {
  function renderAt(address: string, provider: { name: string; roles: Array<'staff' | 'students' | 'guardians'> } | null) {
    stubFetch((call) => {
      if (call.url === '/api/session') return json({ authenticated: false, admin: false, restricted: false });
      if (call.url === '/api/config') return json({ school_name: 'St. Brigid', time_zone: 'America/Port_of_Spain', sign_in_provider: provider });
      return json({});
    });
    const router = createMemoryRouter([{ path: '/admin', element: <AdminSignInPage /> }], { initialEntries: [address] });
    renderWithQueries(<RouterProvider router={router} />);
  }

  it('offers the provider by its name when staff may use it, and not otherwise', async () => {
    renderAt('/admin', { name: 'Microsoft 365', roles: ['staff'] });
    expect(await screen.findByRole('link', { name: 'Sign in with Microsoft 365' })).toHaveAttribute('href', '/api/auth/oidc/start?for=staff');
  });

  it('shows no provider when none is set up', async () => {
    renderAt('/admin', null);
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Sign in with/ })).not.toBeInTheDocument();
  });

  it('says why the provider’s sign-in came back refused', async () => {
    renderAt('/admin?sign_in=unverified', { name: 'Google', roles: ['staff'] });
    expect(await screen.findByText(messages.providerSignIn.unverified)).toBeInTheDocument();
  });

  it('says nothing for a code it does not know', async () => {
    renderAt('/admin?sign_in=toString', { name: 'Google', roles: ['staff'] });
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks for her own code when the provider’s sign-in waits for it', async () => {
    renderAt('/admin?second_factor=app', { name: 'Google', roles: ['staff'] });
    expect(await screen.findByRole('heading', { name: 'Enter your code' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Code/)).toBeInTheDocument();
  });
});
