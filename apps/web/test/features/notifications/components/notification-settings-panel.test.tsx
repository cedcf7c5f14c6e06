import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotificationSettingsPanel } from '../../../../src/features/notifications/components/notification-settings-panel.tsx';
import { json, renderWithQueries, stubFetch } from '../../../http.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('the notification settings', () => {
  it("previews a kind's message about a made-up student, asking for it only when opened", async () => {
    const calls = stubFetch((call) => {
      if (call.url === '/api/notification-settings') return json({ report_posted: true, absence: false, reminders: true, staff_security: true });
      if (call.url === '/api/notification-settings/preview')
        return json([
          { kind: 'report_posted', subject: 'School: a report card is ready', text: 'The Term 1 report of Amelia is ready.' },
          { kind: 'absence', subject: 'School: Amelia on Monday 2 March 2026', text: 'On Monday 2 March 2026, Amelia arrived at 08:20.\n\nStop link' },
          { kind: 'reminders', subject: 'School: registration is not finished', text: 'Still to do: Family Data.' },
          { kind: 'staff_security', subject: 'School: a new sign-in to your staff account', text: 'Your staff account jsmith was signed in to.' },
        ]);
      return json({ message: 'Not found' }, 404);
    });
    renderWithQueries(<NotificationSettingsPanel />);
    expect(await screen.findByRole('switch', { name: /Absence and lateness/ })).not.toBeChecked();
    expect(calls.some((call) => call.url.endsWith('/preview'))).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Preview: Absence and lateness' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preview: Absence and lateness' });
    expect(await within(dialog).findByText('School: Amelia on Monday 2 March 2026')).toBeInTheDocument();
    expect(within(dialog).getByText(/Amelia arrived at 08:20\./)).toBeInTheDocument();
    expect(within(dialog).queryByText(/report card/)).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Preview: Staff security notices' }));
    const staffDialog = await screen.findByRole('dialog', { name: 'Preview: Staff security notices' });
    expect(await within(staffDialog).findByText('School: a new sign-in to your staff account')).toBeInTheDocument();
    expect(within(staffDialog).getByText(/jsmith was signed in to/)).toBeInTheDocument();
  });

  it('says so when the preview cannot be loaded', async () => {
    stubFetch((call) =>
      call.url === '/api/notification-settings'
        ? json({ report_posted: true, absence: false, reminders: true, staff_security: true })
        : json({ message: 'Something went wrong.' }, 500),
    );
    renderWithQueries(<NotificationSettingsPanel />);
    await userEvent.click(await screen.findByRole('button', { name: 'Preview: Report cards posted' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The preview could not be loaded. Please try again.');
  });
});
