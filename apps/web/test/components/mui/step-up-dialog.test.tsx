import { fireEvent, render, screen, within } from '@testing-library/react';
import { messages } from '@school/contract/messages';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from '../../../src/lib/router/index.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../src/api/client.ts';
import { useStepUp } from '../../../src/components/mui/step-up-dialog.tsx';
import { json, stubFetch } from '../../http.tsx';

afterEach(() => vi.unstubAllGlobals());

/** GET /api/account as a staff member with or without an authenticator app answers it. */
const account = (totp: boolean) => json({ totp, recovery_codes_left: totp ? 10 : 0, sessions: [] });
const aPasskey = { id: 1, name: 'Laptop', created_at: '2026-11-26T10:00:00Z', last_used_at: null };

/** A page with one guarded export. */
function Exporter() {
  const { guard, dialog } = useStepUp();
  const [result, setResult] = useState('');
  return (
    <>
      <button
        onClick={() =>
          guard(() => api<{ ok: boolean }>('/api/export')).then(
            () => setResult('exported'),
            (error: Error) => setResult(error.message),
          )
        }
      >
        Export
      </button>
      <output>{result}</output>
      {dialog}
    </>
  );
}

/** The page under a router, beside the account page its link leads to. */
function showExporter() {
  const router = createMemoryRouter(
    [
      { path: '/admin/export', element: <Exporter /> },
      { path: '/admin/account', element: <p>My Account page</p> },
    ],
    { initialEntries: ['/admin/export'] },
  );
  render(<RouterProvider router={router} />);
}

describe('the step-up before a whole-school export', () => {
  it('asks for the code when the server does, and runs the export again once it is accepted', async () => {
    let stepped = false;
    const calls = stubFetch((call) => {
      if (call.url === '/api/account/step-up') {
        stepped = true;
        return json({ message: 'Confirmed.' });
      }
      if (call.url === '/api/account/passkeys') return json({ passkeys: [] });
      if (call.url === '/api/account') return account(true);
      return stepped ? json({ ok: true }) : json({ code: 'step_up_required', enrolled: true, message: messages.stepUpRequired }, 403);
    });
    showExporter();
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByRole('dialog', { name: 'Confirm it is you' })).toBeTruthy();
    expect(screen.getByText(messages.stepUpRequired)).toBeTruthy();
    fireEvent.input(screen.getByLabelText('Code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('exported')).toBeTruthy();
    expect(calls.map((call) => call.url).filter((url) => !url.startsWith('/api/account/passkeys') && url !== '/api/account')).toEqual([
      '/api/export',
      '/api/account/step-up',
      '/api/export',
    ]);
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).toBeNull();
  });

  it('offers her passkey beside the code when she has both', async () => {
    stubFetch((call) => {
      if (call.url === '/api/account/passkeys') return json({ passkeys: [aPasskey] });
      if (call.url === '/api/account') return account(true);
      return json({ code: 'step_up_required', enrolled: true, message: messages.stepUpRequired }, 403);
    });
    render(<Exporter />);
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText(messages.stepUpAppOrPasskey)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Use a passkey' })).toBeTruthy();
    expect(screen.getByLabelText('Code')).toBeTruthy();
  });

  it('asks only for her passkey when it is her one factor, and says so when the browser cannot use passkeys', async () => {
    const calls = stubFetch((call) => {
      if (call.url === '/api/account/passkeys') return json({ passkeys: [aPasskey] });
      if (call.url === '/api/account') return account(false);
      if (call.url === '/api/account/step-up/passkey/options') return json({ challenge: 'abc', rpId: 'localhost', allowCredentials: [] });
      return json({ code: 'step_up_required', enrolled: true, message: messages.stepUpRequired }, 403);
    });
    render(<Exporter />);
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText(messages.stepUpPasskeyOnly)).toBeTruthy();
    // No code box and no Confirm: she has no app to give a code from.
    expect(screen.queryByLabelText('Code')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Use a passkey' }));
    // This test's browser has no WebAuthn: the dialog says so, and the answer is never sent.
    expect(await screen.findByText(messages.passkeysUnsupported)).toBeTruthy();
    expect(calls.some((call) => call.url === '/api/account/step-up/passkey')).toBe(false);
  });

  it('rejects with the server’s refusal when she cancels the code', async () => {
    const calls = stubFetch(() => json({ code: 'step_up_required', enrolled: true, message: messages.stepUpRequired }, 403));
    showExporter();
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Confirm it is you' })).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText(messages.stepUpRequired, { selector: 'output' })).toBeTruthy();
    // The export is not made again, and no code was sent (the dialog only asked which factors she has).
    expect(calls.map((call) => call.url).filter((url) => url !== '/api/account/passkeys' && url !== '/api/account')).toEqual(['/api/export']);
  });

  it('tells a staff member without a factor to set one up first, with the way to My Account, and asks for no code', async () => {
    stubFetch(() => json({ code: 'step_up_required', enrolled: false, message: messages.enrolSecondFactorFirst }, 403));
    showExporter();
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set up a second factor first' });
    expect(within(dialog).getByText(messages.enrolSecondFactorFirst)).toBeTruthy();
    expect(screen.queryByLabelText('Code')).toBeNull();
    expect(await screen.findByText(messages.enrolSecondFactorFirst, { selector: 'output' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('link', { name: 'Go to My Account' }));
    expect(await screen.findByText('My Account page')).toBeTruthy();
  });
});
