import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignInAlerts } from '../../../../src/features/students/components/sign-in-alerts.tsx';
import { json, renderWithQueries, stubFetch } from '../../../http.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('the sign-in alert on the admin dashboard', () => {
  it('warns the admin of each address seen guessing dates of birth, with the server’s words', async () => {
    const message =
      'Wrong dates of birth for many students from 203.0.113.50, none of them signed in since: its date-of-birth sign-ins are slowed, then refused.';
    stubFetch(() => json({ alerts: [{ at: '2026-11-26T10:00:00.000Z', address: '203.0.113.50', message }] }));
    renderWithQueries(<SignInAlerts />);
    expect(await screen.findByText("Someone may be guessing students' dates of birth")).toBeTruthy();
    expect(screen.getByText(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))).toBeTruthy();
  });

  it('shows nothing while all is quiet', async () => {
    const calls = stubFetch(() => json({ alerts: [] }));
    const { container } = renderWithQueries(<SignInAlerts />);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(container.textContent).toBe('');
  });
});
