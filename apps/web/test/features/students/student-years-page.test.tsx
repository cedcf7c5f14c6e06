import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { messages } from '@school/contract/messages';
import { createMemoryRouter, RouterProvider } from '../../../src/lib/router/index.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import StudentYearsPage from '../../../src/features/students/student-years-page.tsx';
import { json, renderWithQueries, stubFetch } from '../../http.tsx';

afterEach(() => vi.unstubAllGlobals());

const student = { id: '20250001', first_name: 'Kezia', last_name: 'Charles', class_id: '2A' };

/** The page for Kezia over the portal's answers to its two calls. */
function showPage(changes: unknown, history: unknown) {
  const calls = stubFetch((call) => json(call.url.endsWith('/changes') ? changes : history));
  const router = createMemoryRouter([{ path: '/admin/students/:studentId/years', element: <StudentYearsPage /> }], {
    initialEntries: [`/admin/students/${student.id}/years`],
  });
  renderWithQueries(<RouterProvider router={router} />);
  return calls;
}

describe('the School Years page', () => {
  it('asks for a second factor past the hour’s allowance of records read, then shows her years', async () => {
    let stepped = false;
    const changes = { year: 2026, label: '2026-2027', student, since: null, fields: [] };
    const calls = stubFetch((call) => {
      if (call.url === '/api/account/step-up') {
        stepped = true;
        return json({ message: 'Confirmed.' });
      }
      if (call.url === '/api/account/passkeys') return json({ passkeys: [] });
      if (call.url === '/api/account') return json({ totp: true, recovery_codes_left: 10, sessions: [] });
      if (call.url.endsWith('/changes'))
        return stepped ? json(changes) : json({ code: 'step_up_required', enrolled: true, message: messages.stepUpForRecords }, 403);
      return json([]);
    });
    const router = createMemoryRouter([{ path: '/admin/students/:studentId/years', element: <StudentYearsPage /> }], {
      initialEntries: [`/admin/students/${student.id}/years`],
    });
    renderWithQueries(<RouterProvider router={router} />);
    const stepUp = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    fireEvent.input(within(stepUp).getByLabelText('Code'), { target: { value: '123456' } });
    fireEvent.click(within(stepUp).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'School Years of Kezia Charles' })).toBeInTheDocument();
    // Her history is asked for once her record was let through: never refused beside it.
    await waitFor(() => expect(calls.some((call) => call.url.endsWith('/history'))).toBe(true));
    expect(calls.map((call) => call.url).filter((url) => url.startsWith(`/api/student/`))).toEqual([
      `/api/student/${student.id}/changes`,
      `/api/student/${student.id}/changes`,
      `/api/student/${student.id}/history`,
    ]);
  });

  it('shows each field she changed since last year, with the value then and now, and her past years', async () => {
    const calls = showPage(
      {
        year: 2026,
        label: '2026-2027',
        student,
        since: { year: 2025, label: '2025-2026' },
        fields: [
          { name: 'email', label: 'E-mail', before: 'kezia@example.tt', after: null },
          { name: 'allergy', label: 'Allergies', before: 'Dust', after: 'Pollen' },
        ],
      },
      [{ year: 2025, class_id: '1A', submitted_at: '2025-09-12', changed_fields: ['email', 'allergy'] }],
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'School Years of Kezia Charles' })).toBeInTheDocument();
    const changed = screen.getByRole('table', { name: 'Fields changed since 2025-2026' });
    const rows = within(changed)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Field', 'In 2025-2026', 'Now'],
      ['E-mail', 'kezia@example.tt', 'Empty'],
      ['Allergies', 'Dust', 'Pollen'],
    ]);
    expect(screen.getByText('Student 20250001 · Class 2A · 2026-2027')).toBeInTheDocument();
    const past = await screen.findByRole('table', { name: 'Past years' });
    expect(within(past).getByRole('rowheader', { name: '2025-2026' }).closest('tr')).toHaveTextContent('2025-20261A2025-09-12E-mail, Allergies');
    expect(calls.map((call) => call.url).sort()).toEqual([`/api/student/${student.id}/changes`, `/api/student/${student.id}/history`]);
  });

  it('tells the admin when there is nothing to compare: a student new this year, with no past year', async () => {
    showPage({ year: 2026, label: '2026-2027', student, since: null, fields: [] }, []);
    expect(await screen.findByText('She is new this year: no registration of hers was kept from last year to compare with.')).toBeInTheDocument();
    expect(await screen.findByText(/No past year is kept yet/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('tells the admin when a returning student changed nothing', async () => {
    showPage({ year: 2026, label: '2026-2027', student, since: { year: 2025, label: '2025-2026' }, fields: [] }, []);
    expect(await screen.findByText('She has changed nothing in her registration since 2025-2026.')).toBeInTheDocument();
  });

  it('says so kindly when her years could not be loaded', async () => {
    stubFetch(() => json({ message: 'No student has this ID.' }, 404));
    const router = createMemoryRouter([{ path: '/admin/students/:studentId/years', element: <StudentYearsPage /> }], {
      initialEntries: ['/admin/students/nobody/years'],
    });
    renderWithQueries(<RouterProvider router={router} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Her school years could not be loaded. Please reload the page.');
  });
});
