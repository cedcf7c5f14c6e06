import { fireEvent, screen, waitFor } from '@testing-library/react';
import { messages } from '@school/contract/messages';
import { MemoryRouter } from '../../../src/lib/router/index.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AccountPage from '../../../src/features/account/account-page.tsx';
import { json, renderWithQueries, stubFetch } from '../../http.tsx';

afterEach(() => vi.unstubAllGlobals());

const sessions = [
  { id: 'here', device: 'Firefox on Linux', ip: '10.0.0.1', signed_in_at: '2026-11-26T10:00:00Z', last_used_at: '2026-11-26T11:00:00Z', current: true },
  { id: 'there', device: 'Safari on iOS', ip: '10.0.0.2', signed_in_at: '2026-11-25T10:00:00Z', last_used_at: '2026-11-25T11:00:00Z', current: false },
];
const codes = Array.from({ length: 10 }, (_, index) => `AAAA${index}-BBBBB`);

/** The school's settings: its clock is four hours behind UTC. */
const schoolConfig = { school_name: 'St. Brigid', time_zone: 'America/Port_of_Spain' };

describe('the account page', () => {
  it('enrols an authenticator app with a QR code and its first code, then shows the recovery codes once', async () => {
    let enrolled = false;
    const calls = stubFetch((call) => {
      if (call.url === '/api/config') return json(schoolConfig);
      if (call.url === '/api/account') return json({ totp: enrolled, recovery_codes_left: enrolled ? 10 : 0, sessions });
      if (call.url === '/api/account/passkeys') return json({ passkeys: [] });
      if (call.url === '/api/account/totp') return json({ secret: 'JBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/School%3Aoffice1?secret=JBSWY3DPEHPK3PXP' });
      if (call.url === '/api/account/email') return json({ email: null });
      enrolled = true;
      return json({ recovery_codes: codes });
    });
    renderWithQueries(
      <MemoryRouter>
        <AccountPage />
      </MemoryRouter>,
    );
    expect(await screen.findByText(/^Off\./)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Set up an authenticator app' }));
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeTruthy();
    expect(screen.getByTestId('totp-secret').textContent).toBe('JBSWY3DPEHPK3PXP');
    fireEvent.input(screen.getByLabelText('Code from the app'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('AAAA0-BBBBB')).toBeTruthy();
    expect(screen.getAllByRole('listitem').filter((item) => /AAAA\d-BBBBB/.test(item.textContent ?? ''))).toHaveLength(10);
    expect(calls.find((call) => call.url === '/api/account/totp/confirm')?.body).toEqual({ code: '123456' });
  });

  it('lists her sessions with device, address and times on the school’s clock, and ends another one', async () => {
    const calls = stubFetch((call) => {
      if (call.url === '/api/config') return json(schoolConfig);
      if (call.url === '/api/account/passkeys') return json({ passkeys: [] });
      return call.method === 'DELETE' ? new Response(null, { status: 204 }) : json({ totp: true, recovery_codes_left: 9, sessions });
    });
    renderWithQueries(
      <MemoryRouter>
        <AccountPage />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Safari on iOS')).toBeTruthy();
    expect(screen.getByText('This device')).toBeTruthy();
    expect(screen.getByText('10.0.0.2 · signed in 2026-11-25 06:00:00 · last used 2026-11-25 07:00:00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'End the session on Safari on iOS' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE' && call.url === '/api/account/sessions/there')).toBe(true));
  });

  it('lists her passkeys with their last use, removes one, and shows why the last one stays', async () => {
    let removals = 0;
    const passkeys = [
      { id: 4, name: 'Staff room laptop', created_at: '2026-11-20T10:00:00Z', last_used_at: '2026-11-26T09:00:00Z' },
      { id: 7, name: 'Phone', created_at: '2026-11-21T10:00:00Z', last_used_at: null },
    ];
    const calls = stubFetch((call) => {
      if (call.url === '/api/config') return json(schoolConfig);
      if (call.url === '/api/account/passkeys') return json({ passkeys: passkeys.slice(removals) });
      if (call.method === 'DELETE') {
        removals += 1;
        return removals === 1 ? new Response(null, { status: 204 }) : json({ message: messages.lastFactorKept }, 409);
      }
      return json({ totp: false, recovery_codes_left: 0, sessions });
    });
    renderWithQueries(
      <MemoryRouter>
        <AccountPage />
      </MemoryRouter>,
    );
    const list = await screen.findByRole('list', { name: 'Your passkeys' });
    expect(list.textContent).toContain('Staff room laptop');
    expect(list.textContent).toContain('added 2026-11-20 06:00:00 · last used 2026-11-26 05:00:00');
    expect(list.textContent).toContain('not used yet');
    expect(screen.getByText(/^Off\. Your passkeys are your second factor/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove the passkey Staff room laptop' }));
    expect(await screen.findByText('The passkey “Staff room laptop” is removed.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE' && call.url === '/api/account/passkeys/4')).toBe(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove the passkey Phone' }));
    expect(await screen.findByText(messages.lastFactorKept)).toBeTruthy();
  });

  it('asks for a name before adding a passkey', async () => {
    const calls = stubFetch((call) =>
      call.url === '/api/account/passkeys' ? json({ passkeys: [] }) : json({ totp: false, recovery_codes_left: 0, sessions }),
    );
    renderWithQueries(
      <MemoryRouter>
        <AccountPage />
      </MemoryRouter>,
    );
    expect(await screen.findByText('You have no passkeys yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByText(messages.passkeyNameEmpty)).toBeTruthy();
    expect(calls.some((call) => call.url === '/api/account/passkeys/options')).toBe(false);
  });
});
