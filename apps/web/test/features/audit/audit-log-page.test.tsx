import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '../../../src/lib/router/index.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AuditLogPage from '../../../src/features/audit/audit-log-page.tsx';
import { json, renderWithQueries, stubFetch } from '../../http.tsx';

const entry = (id: number, fields: Record<string, unknown> = {}) => ({
  id,
  at: '2026-03-01T18:05:00.000Z',
  actor_kind: 'admin',
  actor: 'registrar',
  role: 'admin',
  action: 'file.downloaded',
  student_id: '20260001',
  ip: '10.0.0.9',
  detail: 'birth_certificate',
  ...fields,
});

function renderPage(url = '/admin/audit') {
  const calls = stubFetch((call) => {
    if (call.url === '/api/config') return json({ school_name: 'St. Brigid', time_zone: 'America/Port_of_Spain' });
    const page = Number(new URL(call.url, 'http://portal').searchParams.get('page') ?? 1);
    return json({
      entries: [
        entry(page * 10),
        entry(page * 10 + 1, { actor_kind: 'student', actor: '20260007', role: null, action: 'parents-contact.viewed', detail: null }),
      ],
      page,
      page_size: 50,
      total: 120,
    });
  });
  const router = createMemoryRouter([{ path: '/admin/audit', element: <AuditLogPage /> }], { initialEntries: [url] });
  renderWithQueries(<RouterProvider router={router} />);
  return { calls, router };
}

const auditCalls = (calls: Array<{ url: string }>) => calls.filter((call) => call.url.startsWith('/api/audit')).map((call) => call.url);

afterEach(() => vi.unstubAllGlobals());

describe('the audit log screen', () => {
  it('shows each entry in the school’s time: who with her role, what, which student and from where', async () => {
    renderPage();
    const rows = within(await screen.findByRole('table', { name: 'Audit log' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows[0]).toHaveTextContent('2026-03-01 14:05:00');
    expect(rows[0]).toHaveTextContent('registrar (admin)');
    expect(rows[0]).toHaveTextContent('Opened a documentbirth_certificate');
    expect(rows[0]).not.toHaveTextContent('file.downloaded');
    expect(rows[0]).toHaveTextContent('2026000110.0.0.9');
    expect(rows[1]).toHaveTextContent('Student 20260007');
    expect(rows[1]).toHaveTextContent('Opened Parents Contact');
    expect(screen.getByRole('status')).toHaveTextContent('120 entries');
  });

  it('sends the filters it is given, keeps them in the address, and pages on the server', async () => {
    const { calls, router } = renderPage('/admin/audit?action=file');
    await screen.findByRole('table', { name: 'Audit log' });
    expect(auditCalls(calls)).toEqual(['/api/audit?action=file&page=1']);
    expect(screen.getByLabelText('Action')).toHaveValue('file');

    await userEvent.type(screen.getByLabelText('Student ID'), '20260001');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(router.state.location.search).toBe('?student_id=20260001&action=file');
    await userEvent.click(await screen.findByRole('button', { name: 'Go to next page' }));
    expect(router.state.location.search).toBe('?student_id=20260001&action=file&page=2');
    await screen.findByText('51–100 of 120');
    expect(auditCalls(calls).at(-1)).toBe('/api/audit?student_id=20260001&action=file&page=2');

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(router.state.location.search).toBe('');
    expect(screen.getByLabelText('Student ID')).toHaveValue('');
  });

  it('takes school days typed as yyyy-MM-dd, whatever the browser’s locale, and refuses one typed only in part without asking', async () => {
    const { calls, router } = renderPage();
    await screen.findByRole('table', { name: 'Audit log' });
    const from = screen.getByRole('textbox', { name: 'From' });
    await userEvent.type(from, '202603');
    expect(from).toHaveValue('2026-03');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByText('Enter a date as yyyy-MM-dd.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(auditCalls(calls)).toEqual(['/api/audit?page=1']);

    await userEvent.type(from, '01');
    await userEvent.type(screen.getByRole('textbox', { name: 'To' }), '20260305');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(router.state.location.search).toBe('?from=2026-03-01&to=2026-03-05');
    expect(screen.queryByText('Enter a date as yyyy-MM-dd.')).toBeNull();
  });
});
