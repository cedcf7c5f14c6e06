import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '../../src/lib/router/index.ts';
import { describe, expect, it } from 'vitest';
import { Permitted } from '../../src/app/permitted.tsx';
import { json, renderWithQueries, staffSession, stubFetch } from '../http.tsx';

/** A screen needing `exports`, shown to a staff member of the role. */
async function showExportsScreen(role: 'admin' | 'office' | 'teacher') {
  stubFetch((call) => (call.url === '/api/session' ? json(staffSession(role, role === 'teacher' ? ['1A'] : [])) : json([])));
  const router = createMemoryRouter(
    [
      {
        path: '/admin/export',
        element: (
          <Permitted permission="exports">
            <h1>Export Data</h1>
          </Permitted>
        ),
      },
    ],
    { initialEntries: ['/admin/export'] },
  );
  renderWithQueries(<RouterProvider router={router} />);
}

describe('a staff screen outside her role', () => {
  it('tells a teacher she has no access, with the way back to her dashboard', async () => {
    await showExportsScreen('teacher');
    expect(await screen.findByRole('heading', { level: 1, name: 'You do not have access to this page.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/admin/dashboard');
    expect(screen.queryByRole('heading', { name: 'Export Data' })).not.toBeInTheDocument();
  });

  it('shows the screen itself to the office, whose role has the exports', async () => {
    await showExportsScreen('office');
    expect(await screen.findByRole('heading', { level: 1, name: 'Export Data' })).toBeInTheDocument();
  });
});
