import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { guardianMessages } from '@school/contract/guardian-messages';
import { messages } from '@school/contract/messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, studentSession } from '../../http.tsx';
import { openApp } from './fixtures.tsx';

afterEach(() => vi.unstubAllGlobals());

const terms = [{ year: 2025, term: '3', posted: 1, date_posted: '2026-07-10 10:00:00', form_level: 1, class_id: '1A' }];

describe('the guardian’s dashboard', () => {
  it('shows the first daughter’s status, reports and attendance, and switches to the other by the address', async () => {
    const { calls, router } = openApp('/family', {
      answer: (call) => (call.url === '/api/report-card-terms/20260001' ? json(terms) : undefined),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Kezia Charles' })).toBeInTheDocument();
    expect(screen.getByText('3 of 6 steps done')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /End of Term Report, Term 3, Trinity, 2025-2026/ })).toBeEnabled();
    expect(await screen.findByRole('heading', { level: 2, name: 'Attendance' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 3, name: 'Punctual' })).toBeInTheDocument();

    const switcher = screen.getByRole('navigation', { name: 'Your daughters' });
    expect(within(switcher).getByRole('link', { name: 'Kezia' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(within(switcher).getByRole('link', { name: 'Amara' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Amara Charles' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/family/20240017');
    expect(within(switcher).getByRole('link', { name: 'Amara' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText(/Completed on/)).toBeInTheDocument();
    expect(await screen.findByText('Amara has no term reports yet. They will appear here once the school posts them.')).toBeInTheDocument();
    await waitFor(() => expect(calls.map((call) => call.url)).toContain('/api/student-attendance/20240017'));
    // Her daughters' list is asked once, not again for each girl.
    expect(calls.filter((call) => call.url === '/api/guardian/children')).toHaveLength(1);
  });

  it('sends an address naming a girl not linked to her back to her first daughter, asking nothing about that girl', async () => {
    const { calls, router } = openApp('/family/20269999');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kezia Charles' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/family');
    expect(calls.filter((call) => call.url.includes('20269999'))).toEqual([]);
  });

  it('with one daughter shows no switcher; with none, a way to add her', async () => {
    openApp('/family', { answer: (call) => (call.url === '/api/guardian/children' ? json({ children: [] }) : undefined) });
    expect(await screen.findByText(/No daughter is linked to your account yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a daughter' })).toHaveAttribute('href', '/family/add');
    expect(screen.queryByRole('navigation', { name: 'Your daughters' })).not.toBeInTheDocument();
  });
});

describe('adding a daughter with the letter’s code', () => {
  it('checks the form before sending, shows the server’s refusal, waits out a throttle, and opens her page once linked', async () => {
    let tries = 0;
    const { calls, router } = openApp('/family/add', {
      answer: (call) => {
        if (call.url !== '/api/guardian-links') return undefined;
        tries += 1;
        if (tries === 1) return json({ message: 'That code and date of birth do not match a letter from the school.' }, 422);
        if (tries === 2) return json({ message: 'Too many wrong codes. Please try again in 1 minute.', retryAfter: 1 }, 429);
        return json({ message: 'Amara is now linked to your account.' });
      },
    });
    const add = await screen.findByRole('button', { name: 'Add Daughter' });
    await userEvent.click(add);
    expect(await screen.findByText('Type her student ID, as the letter shows it.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Student ID/), '20240017');
    await userEvent.type(screen.getByLabelText(/^Code from the letter/), 'k7qd m3wx');
    await userEvent.click(add);
    expect(await screen.findByText(/The code on the letter has 10 letters and digits/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Code from the letter/), '9p');
    await userEvent.click(add);
    expect(await screen.findByText('Type or choose her date of birth.')).toBeInTheDocument();
    expect(calls.some((call) => call.url === '/api/guardian-links')).toBe(false);

    await userEvent.type(screen.getByLabelText(/^Her date of birth/), '2011-04-30');
    await userEvent.click(add);
    expect(await screen.findByText('That code and date of birth do not match a letter from the school.')).toBeInTheDocument();
    expect(add).toBeEnabled();
    await userEvent.click(add);
    expect(await screen.findByText('Too many wrong codes. Please try again in 1 minute.')).toBeInTheDocument();
    expect(add).toBeDisabled();
    expect(router.state.location.pathname).toBe('/family/add');
    // Once the wait the server gave has passed, she may try again.
    await waitFor(() => expect(add).toBeEnabled());
    await userEvent.click(add);
    expect(await screen.findByText('Amara is now linked to your account.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/family/20240017');
    expect(calls.filter((call) => call.url === '/api/guardian-links').map((call) => call.body)).toEqual(
      Array(3).fill({ student_id: '20240017', code: 'k7qd m3wx9p', date_of_birth: '2011-04-30' }),
    );
  });
});

describe('her messages and her account', () => {
  it('lists the school’s messages a page at a time with the light pager', async () => {
    const message = (n: number) => ({
      kind: 'absence',
      subject: `Absence ${n}`,
      student_first_name: 'Kezia',
      status: n === 25 ? 'queued' : 'sent',
      created_at: '2026-10-01T12:00:00Z',
      sent_at: n === 25 ? null : '2026-10-01T12:00:00Z',
    });
    const { calls } = openApp('/family/messages', {
      answer: (call) => {
        if (!call.url.startsWith('/api/guardian/messages')) return undefined;
        const page = Number(new URL(call.url, 'http://portal').searchParams.get('page'));
        return json({ items: page === 1 ? [message(25), message(24)] : [message(5)], total: 51 });
      },
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Absence 25' })).toBeInTheDocument();
    expect(screen.getByText('Absence and lateness · Kezia · Waiting to be sent')).toBeInTheDocument();
    expect(screen.getByText('Absence and lateness · Kezia · 2026-10-01 08:00:00')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /next page/i }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Absence 5' })).toBeInTheDocument();
    expect(calls.filter((call) => call.url.startsWith('/api/guardian/messages')).map((call) => call.url)).toEqual([
      '/api/guardian/messages?page=1',
      '/api/guardian/messages?page=2',
    ]);
  });

  it('saves her name, phone and the kinds of message she wants, and changes her password after the current one', async () => {
    const account = {
      id: 'g-7QW2K9',
      email: 'maria@example.com',
      display_name: 'Maria Charles',
      phone: null,
      message_kinds: ['report_posted', 'absence', 'reminders'],
    };
    const { calls } = openApp('/family/account', {
      answer: (call) => {
        if (call.url === '/api/guardian/account' && call.method === 'GET') return json(account);
        if (call.url === '/api/guardian/account') return json({ ...account, ...(call.body as object) });
        if (call.url === '/api/guardian/change-password') return json({ message: 'The current password is incorrect.' }, 422);
      },
    });
    const reminders = await screen.findByRole('checkbox', { name: 'Registration reminders' });
    expect(reminders).toBeChecked();
    await userEvent.click(reminders);
    await userEvent.type(screen.getByLabelText(/^Phone/), '18685551234');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your details are saved.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      display_name: 'Maria Charles',
      phone: '18685551234',
      message_kinds: ['report_posted', 'absence'],
    });

    await userEvent.type(screen.getByLabelText(/^New Password/), 'a new family password');
    await userEvent.type(screen.getByLabelText(/^Confirm Password/), 'a new family password');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Type your current password first.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Current Password/), 'the old one');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('The current password is incorrect.')).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/api/guardian/change-password')?.body).toEqual({
      current_password: 'the old one',
      password: 'a new family password',
    });
    expect(screen.getByRole('link', { name: 'Sign out' })).toHaveAttribute('href', '/logout');
  });
});

describe('her two-step sign-in on My Account', () => {
  const account = { id: 'g-7QW2K9', email: 'maria@example.com', display_name: 'Maria Charles', phone: null, message_kinds: [] };
  const off = { totp: false, recovery_codes_left: 0, passkeys: [] };
  const codes = Array.from({ length: 10 }, (_, index) => `ABCDE-FGH${index}J`);

  it('sets up an app with its QR code and key as text, takes its first code, shows the recovery codes once, and says it is on', async () => {
    let state: object = off;
    let tries = 0;
    const { calls } = openApp('/family/account', {
      answer: (call) => {
        if (call.url === '/api/guardian/account') return json(account);
        if (call.url === '/api/guardian/account/second-factor') return json(state);
        if (call.url === '/api/guardian/account/totp') return json({ secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/x?secret=JBSW' });
        if (call.url === '/api/guardian/account/totp/confirm') {
          tries += 1;
          if (tries === 1) return json({ message: messages.wrongCode, errors: { code: [messages.wrongCode] } }, 422);
          state = { totp: true, recovery_codes_left: 10, passkeys: [] };
          return json({ recovery_codes: codes });
        }
      },
    });
    const section = within(await screen.findByRole('region', { name: 'Two-step sign-in' }));
    expect(await section.findByText('Off: you sign in with your password alone.')).toBeInTheDocument();
    expect(section.queryByRole('button', { name: 'Turn off' })).not.toBeInTheDocument();
    await userEvent.click(section.getByRole('button', { name: 'Set up an authenticator app' }));
    const heading = await section.findByRole('heading', { name: 'Set up your authenticator app' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(await section.findByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
    // Shown in groups of four, with no space in its text: copied, it is the key the app takes.
    expect(section.getByRole('definition')).toHaveTextContent('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', { normalizeWhitespace: false });
    expect([...section.getByTestId('totp-secret').querySelectorAll('span')].map((group) => group.textContent)).toEqual([
      'JBSW',
      'Y3DP',
      'EHPK',
      '3PXP',
      'JBSW',
      'Y3DP',
      'EHPK',
      '3PXP',
    ]);
    await userEvent.type(section.getByLabelText(/^Code from the app/), '000000');
    await userEvent.click(section.getByRole('button', { name: 'Turn on' }));
    expect(await section.findByRole('alert')).toHaveTextContent(messages.wrongCode);
    await userEvent.click(section.getByRole('button', { name: 'Turn on' }));
    const codesHeading = await section.findByRole('heading', { name: 'Your recovery codes' });
    await waitFor(() => expect(codesHeading).toHaveFocus());
    expect(
      within(section.getByRole('list', { name: 'Recovery codes' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(codes);
    expect(section.getByRole('button', { name: 'Print' })).toBeInTheDocument();
    await userEvent.click(section.getByRole('button', { name: 'I have kept them' }));
    const notice = await section.findByText('Your authenticator app is on: your next sign-in asks for its code.');
    await waitFor(() => expect(notice.closest('[role="status"]')).toHaveFocus());
    expect(section.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(await section.findByText('On: after your password you give an authenticator app (10 recovery codes left).')).toBeInTheDocument();
    expect(calls.filter((call) => call.url === '/api/guardian/account/totp/confirm').map((call) => call.body)).toEqual([
      { code: '000000' },
      { code: '000000' },
    ]);
  });

  it('lists her passkeys, says why her only one stays, and turns it all off with her current password', async () => {
    let state: object = {
      totp: false,
      recovery_codes_left: 0,
      passkeys: [{ id: 7, name: 'My phone', created_at: '2026-09-01T12:00:00.000Z', last_used_at: null }],
    };
    const { calls } = openApp('/family/account', {
      answer: (call) => {
        if (call.url === '/api/guardian/account') return json(account);
        if (call.url === '/api/guardian/account/second-factor' && call.method === 'GET') return json(state);
        if (call.url === '/api/guardian/account/passkeys/7') return json({ message: guardianMessages.lastPasskeyKept }, 409);
        if (call.url === '/api/guardian/account/second-factor') {
          if ((call.body as { current_password: string }).current_password !== 'the right one')
            return json({ message: messages.currentPasswordWrong, errors: { current_password: [messages.currentPasswordWrong] } }, 422);
          state = off;
          return json(off);
        }
      },
    });
    const section = within(await screen.findByRole('region', { name: 'Two-step sign-in' }));
    const list = await section.findByRole('list', { name: 'Your passkeys' });
    expect(within(list).getByText('My phone')).toBeInTheDocument();
    expect(within(list).getByText(/not used yet/)).toBeInTheDocument();
    await userEvent.click(section.getByRole('button', { name: 'Remove the passkey My phone' }));
    expect(await section.findByRole('alert')).toHaveTextContent(guardianMessages.lastPasskeyKept);

    await userEvent.click(section.getByRole('button', { name: 'Add a passkey' }));
    expect(await section.findByText(messages.passkeyNameEmpty)).toBeInTheDocument();
    expect(calls.some((call) => call.url === '/api/guardian/account/passkeys/options')).toBe(false);

    await userEvent.click(section.getByRole('button', { name: 'Turn off' }));
    expect(await section.findByText(messages.enterCurrentPassword)).toBeInTheDocument();
    await userEvent.type(section.getByLabelText(/^Current Password/), 'not it');
    await userEvent.click(section.getByRole('button', { name: 'Turn off' }));
    expect(await section.findByText(messages.currentPasswordWrong)).toBeInTheDocument();
    await userEvent.clear(section.getByLabelText(/^Current Password/));
    await userEvent.type(section.getByLabelText(/^Current Password/), 'the right one');
    await userEvent.click(section.getByRole('button', { name: 'Turn off' }));
    const notice = await section.findByText(guardianMessages.secondFactorOff);
    await waitFor(() => expect(notice.closest('[role="status"]')).toHaveFocus());
    expect(section.getByText('Off: you sign in with your password alone.')).toBeInTheDocument();
    expect(section.queryByRole('list', { name: 'Your passkeys' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE' && call.url === '/api/guardian/account/second-factor').map((call) => call.body)).toEqual([
      { current_password: 'not it' },
      { current_password: 'the right one' },
    ]);
  });
});

describe('the family’s routes and the others', () => {
  it('send a guardian opening a student’s or a staff screen to her daughters', async () => {
    const { router } = openApp('/attendance');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kezia Charles' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/family');
    expect(screen.getByRole('link', { name: 'My Daughters' })).toHaveAttribute('aria-current', 'page');
  });

  it('return a guardian who signs out, or whose session ends, to the family’s sign-in', async () => {
    const { calls, router } = openApp('/family/account');
    await userEvent.click(await screen.findByRole('link', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Parents and guardians' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/parents');
    expect(calls.map((call) => `${call.method} ${call.url}`)).toContain('POST /logout');
  });

  it('return her to the family’s sign-in with the server’s reason when a call finds her session ended', async () => {
    const { router } = openApp('/family/messages', {
      answer: (call) => (call.url.startsWith('/api/guardian/messages') ? json({ message: 'Your session has ended. Please sign in again.' }, 401) : undefined),
    });
    expect(await screen.findByText('Your session has ended. Please sign in again.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/parents');
  });

  it('keep a student out of the family’s pages', async () => {
    const { router } = openApp('/family', {
      session: studentSession,
      answer: (call) => (call.url.startsWith('/api/student/') ? json({ message: 'x' }, 404) : undefined),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
