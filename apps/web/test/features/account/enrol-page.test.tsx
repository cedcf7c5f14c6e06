import { fireEvent, screen, within } from '@testing-library/react';
import { messages } from '@school/contract/messages';
import { createMemoryRouter, RouterProvider } from '../../../src/lib/router/index.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import EnrolPage from '../../../src/features/account/enrol-page.tsx';
import { json, renderWithQueries, staffSession, stubFetch } from '../../http.tsx';

afterEach(() => vi.unstubAllGlobals());

const codes = Array.from({ length: 10 }, (_, index) => `CCCC${index}-DDDDD`);

function showEnrolPage() {
  const router = createMemoryRouter(
    [
      { path: '/admin/enrol', element: <EnrolPage /> },
      { path: '/admin/dashboard', element: <p>The dashboard</p> },
      { path: '/admin/account', element: <p>My Account</p> },
    ],
    { initialEntries: ['/admin/enrol'] },
  );
  renderWithQueries(<RouterProvider router={router} />);
  return router;
}

describe('the enrolment screen', () => {
  it('says why a second factor is needed, sets up the app, shows the recovery codes, then goes on to the dashboard', async () => {
    let enrolled = false;
    const calls = stubFetch((call) => {
      if (call.url === '/api/session') return json({ ...staffSession('office'), must_enrol_second_factor: !enrolled });
      if (call.url === '/api/account/totp')
        return json({ secret: 'JBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/School%3Aoffice-1?secret=JBSWY3DPEHPK3PXP' });
      if (call.url === '/api/account/totp/confirm') {
        enrolled = true;
        return json({ recovery_codes: codes });
      }
      return json({ message: 'Unexpected call' }, 500);
    });
    const router = showEnrolPage();
    expect(await screen.findByRole('heading', { name: 'Set up a second factor' })).toBeTruthy();
    expect(screen.getByText(messages.enrolSecondFactorNow)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Set up an authenticator app' }));
    fireEvent.input(await screen.findByLabelText('Code from the app'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('CCCC9-DDDDD')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Set up/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continue to the dashboard' }));
    expect(await screen.findByText('The dashboard')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
    expect(calls.filter((call) => call.url === '/api/account/totp/confirm').map((call) => call.body)).toEqual([{ code: '123456' }]);
  });

  it('asks a session not yet shown to be hers for her password and the code sent to her, then sets up the app', async () => {
    let verified = false;
    const calls = stubFetch((call) => {
      if (call.url === '/api/session') return json({ ...staffSession('office'), must_enrol_second_factor: true });
      if (call.url === '/api/account/enrolment-code') return json({ message: messages.enrolmentCodeSent });
      if (call.url === '/api/account/enrolment-code/confirm') {
        verified = (call.body as { code: string }).code === '654321';
        return verified
          ? json({ message: messages.enrolmentCodeAccepted })
          : json({ message: messages.wrongEnrolmentCode, errors: { code: [messages.wrongEnrolmentCode] } }, 422);
      }
      if (call.url === '/api/account/totp')
        return verified
          ? json({ secret: 'JBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/School%3Aoffice-1?secret=JBSWY3DPEHPK3PXP' })
          : json({ code: 'enrolment_verification_required', message: messages.enrolmentVerificationRequired }, 403);
      return json({ message: 'Unexpected call' }, 500);
    });
    showEnrolPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Set up an authenticator app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    expect(within(dialog).getByText(messages.enrolmentVerificationRequired)).toBeTruthy();
    fireEvent.input(within(dialog).getByLabelText('Your password'), { target: { value: 'Her-Own-Password-1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send the code' }));
    expect(await within(dialog).findByText(messages.enrolmentCodeSent)).toBeTruthy();
    fireEvent.input(within(dialog).getByLabelText('Code from the message'), { target: { value: '111111' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText(messages.wrongEnrolmentCode)).toBeTruthy();
    fireEvent.input(within(dialog).getByLabelText('Code from the message'), { target: { value: '654321' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByLabelText('Code from the app')).toBeTruthy();
    expect(calls.filter((call) => call.url.startsWith('/api/account/') && call.url !== '/api/account/passkeys').map((call) => [call.url, call.body])).toEqual([
      ['/api/account/totp', {}],
      ['/api/account/enrolment-code', { current_password: 'Her-Own-Password-1' }],
      ['/api/account/enrolment-code/confirm', { code: '111111' }],
      ['/api/account/enrolment-code/confirm', { code: '654321' }],
      ['/api/account/totp', {}],
    ]);
  });

  it('sends staff who need not enrol to My Account, where the set-up is too', async () => {
    stubFetch(() => json({ ...staffSession('teacher', ['1A']), must_enrol_second_factor: false }));
    const router = showEnrolPage();
    expect(await screen.findByText('My Account')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/account');
  });
});
