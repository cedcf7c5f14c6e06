import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '../../../src/lib/router/index.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import PrivacyPage from '../../../src/features/privacy/privacy-page.tsx';
import { json, renderWithQueries, stubFetch, studentSession } from '../../http.tsx';

function renderPage(access: unknown, myData: () => Response) {
  const calls = stubFetch((call) => {
    if (call.url === '/api/config') return json({ school_name: 'St. Brigid', time_zone: 'America/Port_of_Spain' });
    if (call.url === '/api/session') return json(studentSession);
    if (call.url === '/api/my-record-access') return json(access);
    if (call.url === '/api/my-data') return myData();
    return json({ message: 'Not found.' }, 404);
  });
  const router = createMemoryRouter([{ path: '/privacy', element: <PrivacyPage /> }], { initialEntries: ['/privacy'] });
  renderWithQueries(<RouterProvider router={router} />);
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('the privacy page', () => {
  it('lists when staff looked at her record, who with her role, and what they did', async () => {
    renderPage(
      {
        entries: [
          { at: '2026-03-01T18:05:00.000Z', staff: 'registrar', role: 'admin', what: 'Opened your registration form (PDF)' },
          { at: '2026-02-27T12:00:00.000Z', staff: 'Ms. Charles', role: 'teacher', what: 'Viewed your attendance' },
        ],
        total: 2,
        limit: 500,
      },
      () => json({}),
    );
    const rows = within(await screen.findByRole('table', { name: 'Staff who viewed or changed your record' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '2026-03-01 14:05:00registrarAdministratorOpened your registration form (PDF)',
      '2026-02-27 08:00:00Ms. CharlesTeacherViewed your attendance',
    ]);
  });

  it('says so when no staff member has looked, and shows the reason a download is refused', async () => {
    const calls = renderPage({ entries: [], total: 0, limit: 500 }, () =>
      json({ message: 'You can download your data 3 times an hour. Please try again in 42 minutes.' }, 429),
    );
    expect(await screen.findByText('No staff member has viewed or changed your record yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You can download your data 3 times an hour. Please try again in 42 minutes.');
    expect(calls.filter((call) => call.url === '/api/my-data')).toHaveLength(1);
  });
});
