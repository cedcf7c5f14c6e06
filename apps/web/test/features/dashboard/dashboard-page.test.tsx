import { screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '../../../src/lib/router/index.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Registration } from '../../../src/api/get-student.ts';
import DashboardPage from '../../../src/features/dashboard/dashboard-page.tsx';
import { json, renderWithQueries, stubFetch, studentSession } from '../../http.tsx';
import { allReviewed, progress, registration } from '../registration/fixtures.tsx';

function renderDashboard(answer: Registration) {
  stubFetch((call) => {
    if (call.url === '/api/session') return json(studentSession);
    if (call.url === '/api/student/20260001') return json(answer);
    return json([]);
  });
  const router = createMemoryRouter([{ path: '/dashboard', element: <DashboardPage /> }], { initialEntries: ['/dashboard'] });
  renderWithQueries(<RouterProvider router={router} />);
}

const registrationCard = () => screen.getByRole('region', { name: 'Edit/View Registration' });

afterEach(() => vi.unstubAllGlobals());

describe('the student dashboard', () => {
  it('says on the registration card how many steps remain, and which', async () => {
    renderDashboard({ ...registration(), progress: { ...progress, studentData: 1, familyData: 1 } });
    expect(await screen.findByTestId('registration-remaining')).toHaveTextContent(
      '4 of 6 steps remain for 2026-2027: Health Data, Other Data, Documents, Complete.',
    );
    expect(within(registrationCard()).getByTestId('registration-remaining')).toBeInTheDocument();
    expect(screen.queryByTestId('registration-complete')).not.toBeInTheDocument();
  });

  it('confirms a completed registration with its year, its day and what to do if something changes', async () => {
    const done = { studentData: 1, familyData: 1, healthData: 1, otherData: 1, documents: 1, submit: 1, reviewed: allReviewed };
    renderDashboard({ ...registration(), progress: done, completed_on: '2026-10-02' });
    const confirmation = await screen.findByTestId('registration-complete');
    expect(within(registrationCard()).getByTestId('registration-complete')).toBe(confirmation);
    expect(confirmation).toHaveTextContent('Your registration for 2026-2027 is complete');
    expect(confirmation).toHaveTextContent('Completed on 2026-10-02.');
    expect(confirmation).toHaveTextContent('If something changes, update it here and tell the school office.');
    expect(screen.queryByTestId('registration-remaining')).not.toBeInTheDocument();
  });
});
