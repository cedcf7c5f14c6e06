import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@school/contract/messages';
import { createMemoryRouter, RouterProvider } from 'react-router';
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
