import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignInAlerts } from '../../../../src/features/students/components/sign-in-alerts.tsx';
import { json, renderWithQueries, stubFetch } from '../../../http.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('the sign-in alert on the admin dashboard', () => {
  it('warns the admin of each address seen guessing dates of birth, with the server’s words and when on the school’s clock', async () => {
    const message =
      'Wrong dates of birth for many students from 203.0.113.50, none of them signed in since: its date-of-birth sign-ins are slowed, then refused.';
    stubFetch((call) =>
      call.url === '/api/config'
        ? json({ school_name: 'St. Brigid', time_zone: 'America/Port_of_Spain' })
        : json({ alerts: [{ at: '2026-11-26T10:00:00.000Z', address: '203.0.113.50', message }] }),
    );
    renderWithQueries(<SignInAlerts />);
    expect(await screen.findByText("Someone may be guessing students' dates of birth")).toBeTruthy();
    expect(screen.getByText(`2026-11-26 06:00:00: ${message}`)).toBeTruthy();
  });

  it('shows nothing while all is quiet', async () => {
    const calls = stubFetch(() => json({ alerts: [] }));
    const { container } = renderWithQueries(<SignInAlerts />);
    await waitFor(() => expect(calls.map((call) => call.url)).toContain('/api/admin/sign-in-alerts'));
    expect(container.textContent).toBe('');
  });
});
