import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import MessagesPage from '../../../src/features/notifications/messages-page.tsx';
import { json, renderWithQueries, stubFetch } from '../../http.tsx';

afterEach(() => vi.unstubAllGlobals());

const message = (id: number, fields: Record<string, unknown>) => ({
  id,
  kind: 'staff_security',
  recipient: 'office@school.test',
  subject: 'School: a new sign-in to your staff account',
  status: 'queued',
  attempts: 0,
  created_at: '2026-03-01T18:05:00.000Z',
  sent_at: null,
  last_error: null,
  guardian: null,
  ...fields,
});

describe('the Messages screen', () => {
  it("shows each message's time on the school's clock, not the browser's", async () => {
    stubFetch((call) => {
      if (call.url === '/api/config') return json({ school_name: 'St. Brigid', time_zone: 'Asia/Tokyo' });
      if (call.url.startsWith('/api/messages'))
        return json({
          items: [message(2, { status: 'sent', sent_at: '2026-03-01T23:30:00.000Z' }), message(1, {})],
          total: 2,
          mail_server: true,
        });
      if (call.url === '/api/notification-settings') return json({ report_posted: true, absence: false, reminders: true, staff_security: true });
      return json({ message: 'Not found' }, 404);
    });
    renderWithQueries(<MessagesPage />);
    const table = await screen.findByRole('table');
    await within(table).findByText('2026-03-02 08:30:00');
    const rows = within(table).getAllByRole('row').slice(1);
    // Sent: the time it went; queued: the time it was written. Tokyo is 9 hours ahead of UTC.
    expect(rows[0]).toHaveTextContent('2026-03-02 08:30:00');
    expect(rows[1]).toHaveTextContent('2026-03-02 03:05:00');
    expect(rows[1]).toHaveTextContent('Staff security notices');
  });
});

describe('a message that went to a guardian’s account', () => {
  it('names the guardian beside her address', async () => {
    stubFetch((call) => {
      if (call.url === '/api/config') return json({ school_name: 'St. Brigid', time_zone: 'America/Port_of_Spain' });
      if (call.url.startsWith('/api/messages'))
        return json({
          items: [message(3, { kind: 'report_posted', recipient: 'mother@example.org', guardian: 'Mrs Ali' }), message(4, { kind: 'family_account' })],
          total: 2,
          mail_server: true,
        });
      if (call.url === '/api/notification-settings') return json({ report_posted: true, absence: false, reminders: true, staff_security: true });
      return json({ message: 'Not found' }, 404);
    });
    renderWithQueries(<MessagesPage />);
    const table = await screen.findByRole('table');
    await within(table).findByText('mother@example.org', { exact: false });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Mrs Ali · mother@example.org');
    expect(rows[1]).toHaveTextContent('Family accounts');
    expect(rows[1]).not.toHaveTextContent('·');
  });
});
