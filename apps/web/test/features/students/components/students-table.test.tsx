import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '../../../../src/lib/router/index.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StudentsTable } from '../../../../src/features/students/components/students-table.tsx';
import { json, renderWithQueries, staffSession, stubFetch, type Call } from '../../../http.tsx';
import { row, stored } from '../fixtures.ts';

const ACTION_NAMES = ['Registration Form', 'Edit', 'Attendance', 'Term Reports', 'School Years', 'Invite a parent', 'Reset password', 'Mark as left'];

/** The table over the portal's answers (Kezia Charles and one more student), at a phone's width when `phone`. */
async function showTable({ phone = false, role = 'admin' as 'admin' | 'teacher' } = {}, answer?: (call: Call) => Response | undefined) {
  // jsdom lays nothing out: the table's scroller is never resized.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
  if (phone) {
    const query = (media: string) => ({
      media,
      matches: true,
      onchange: null,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
      dispatchEvent: () => false,
    });
    vi.stubGlobal('matchMedia', query);
  }
  const calls = stubFetch((call) => {
    const answered = answer?.(call);
    if (answered) return answered;
    if (call.url === '/api/students')
      return json([
        row,
        { ...row, id: '20260002', first_name: 'Amara', last_name: 'Baptiste', updatedAt: '2026-08-01T00:00:00.000Z', has_guardian: true },
        { ...row, id: '20200003', first_name: 'Leila', last_name: 'Mohammed', class_id: '5A', updatedAt: '2030-01-01T00:00:00.000Z', left_on: '2026-09-01' },
      ]);
    if (call.url === `/api/student/${row.id}`) return json(stored());
    if (call.url === '/api/session') return json(staffSession(role, role === 'teacher' ? ['1A'] : []));
    return json([]);
  });
  const router = createMemoryRouter(
    [
      { path: '/admin/dashboard', element: <StudentsTable /> },
      { path: '/admin/students/:id/:screen', element: <p>Another screen</p> },
    ],
    { initialEntries: ['/admin/dashboard'] },
  );
  renderWithQueries(<RouterProvider router={router} />);
  await screen.findByRole('cell', { name: /Charles, Kezia/ });
  return { router, calls };
}

afterEach(() => vi.unstubAllGlobals());

describe('the students table’s row actions', () => {
  it('are one “Actions” button per row, named for the student, whose menu names the eight actions, Reset password and Mark as left set apart at the end', async () => {
    await showTable();
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Actions for Charles, Kezia' });
    expect(button).toHaveTextContent('Actions');
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(button);
    const menu = screen.getByRole('menu', { name: 'Actions for Charles, Kezia' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(ACTION_NAMES);
    // A rule parts the everyday actions from resetting her password and marking her as left, the last items.
    const reset = within(menu).getByRole('menuitem', { name: 'Reset password' });
    expect(reset.previousElementSibling).toHaveRole('separator');
    expect(within(menu).getAllByRole('separator')).toHaveLength(1);
  });

  it('show their names as tooltips: what the Actions menu holds, and each item with the student’s name', async () => {
    await showTable();
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Actions for Charles, Kezia' });
    await user.hover(button);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Registration Form, Edit, Attendance, Term Reports, School Years, Invite a parent, Reset password',
    );
    await user.unhover(button);
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
    await user.click(button);
    const edit = screen.getByRole('menuitem', { name: 'Edit' });
    await user.hover(edit);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Edit of Charles, Kezia');
    expect(edit).toHaveAccessibleDescription('Edit of Charles, Kezia');
  });

  it('are reached with Tab and worked with the keyboard: Enter opens the menu, the arrows choose, Escape gives the focus back', async () => {
    await showTable();
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Actions for Charles, Kezia' });
    screen.getByRole('searchbox', { name: 'Search' }).focus();
    // Past the columns' sort buttons and the scrolling table, Tab comes to the first row's actions.
    for (let presses = 0; presses < 10 && document.activeElement !== button; presses += 1) await user.tab();
    expect(button).toHaveFocus();
    expect(screen.getByRole('tooltip')).toHaveTextContent('Registration Form, Edit, Attendance, Term Reports, School Years, Invite a parent, Reset password');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menuitem', { name: 'Registration Form' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Edit' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Student' });
    expect(await within(dialog).findByDisplayValue('Kezia')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(button).toHaveFocus());
  });

  it('on a phone open from the student’s name as a sheet headed by her name, and take her to the action chosen', async () => {
    const { router } = await showTable({ phone: true });
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Actions for/ })).not.toBeInTheDocument();
    const name = screen.getByRole('button', { name: 'Charles, Kezia' });
    expect(name).toHaveAttribute('aria-haspopup', 'dialog');
    await userEvent.click(name);
    const sheet = screen.getByRole('dialog', { name: 'Charles, Kezia' });
    expect(sheet).toHaveTextContent('20260001 · 1A');
    const menu = within(sheet).getByRole('menu', { name: 'Actions for Charles, Kezia' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(ACTION_NAMES);
    // The sheet's heading names her: no item carries a tooltip, which would cover the item above it.
    for (const item of within(menu).getAllByRole('menuitem')) expect(item).not.toHaveAccessibleDescription();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Attendance' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/students/${row.id}/attendance`));
  });

  it('take the admin to her School Years: what she changed since last year, and her past years', async () => {
    const { router } = await showTable();
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Charles, Kezia' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'School Years' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/students/${row.id}/years`));
  });

  it("offer a teacher only her class's attendance and term reports: no record, edit, school years or password reset", async () => {
    await showTable({ role: 'teacher' });
    await userEvent.click(screen.getAllByRole('button', { name: /^Actions for/ })[0]!);
    const menu = await screen.findByRole('menu');
    await waitFor(() =>
      expect(
        within(menu)
          .getAllByRole('menuitem')
          .map((item) => item.textContent),
      ).toEqual(['Attendance', 'Term Reports']),
    );
  });
});

describe('the columns', () => {
  const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent);

  it('show an admin every column of SPEC §2, the date of birth and birth certificate among them', async () => {
    await showTable();
    await screen.findByRole('columnheader', { name: 'Date of Birth' });
    expect(headers()).toEqual(['ID', 'Name', 'Class', 'Parent linked', 'Date of Birth', 'Birth Certificate Pin', 'Actions']);
    expect(screen.getByRole('row', { name: /Charles, Kezia/ })).toHaveTextContent('2013-09-21');
  });

  it('leave out for a teacher the date of birth and birth certificate, which her role may not see, rather than show them empty', async () => {
    await showTable({ role: 'teacher' });
    await waitFor(() => expect(headers()).toEqual(['ID', 'Name', 'Class', 'Parent linked', 'Actions']));
    const kezia = screen.getByRole('row', { name: /Charles, Kezia/ });
    expect(
      within(kezia)
        .getAllByRole('cell')
        .map((cell) => cell.dataset.field),
    ).toEqual(['id', 'name', 'class_id', 'parent_linked', 'actions']);
  });

  it('tell a teacher whether each student has a linked parent, never who: Yes, or a dash', async () => {
    await showTable({ role: 'teacher' });
    const linked = (name: RegExp) => within(screen.getByRole('row', { name })).getAllByRole('cell')[3];
    await waitFor(() => expect(linked(/Baptiste, Amara/)).toHaveTextContent(/^Yes$/));
    expect(linked(/Charles, Kezia/)).toHaveTextContent(/^—$/);
  });
});

describe('Invite a parent, from a student’s row', () => {
  it('sends an invitation for that student to the address and relationship given, and says so', async () => {
    const { calls } = await showTable({}, (call) =>
      call.url === '/api/guardian-invitations' && call.method === 'POST'
        ? json({
            id: 'inv1',
            student_id: row.id,
            student_name: 'Kezia Charles',
            email: 'mum@example.org',
            relationship: 'mother',
            sent_at: '2026-12-01T10:00:00.000Z',
            expires_at: '2026-12-04T10:00:00.000Z',
            state: 'open',
          })
        : undefined,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Charles, Kezia' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Invite a parent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a parent of Kezia Charles' });
    expect(within(dialog).queryByLabelText(/Student ID/)).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/E-mail address/), 'Mum@Example.org');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Relationship/ }));
    await userEvent.click(screen.getByRole('option', { name: 'Mother' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(/An invitation to link Kezia Charles was sent to mum@example.org/)).toBeInTheDocument();
    expect(calls.filter((call) => call.url === '/api/guardian-invitations').map((call) => call.body)).toEqual([
      { student_id: row.id, email: 'mum@example.org', relationship: 'mother' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Invite a parent/ })).not.toBeInTheDocument());
  });
});

describe('students who have left', () => {
  it('are hidden by default, shown with the day they left when asked for, with only the actions that read and Bring back', async () => {
    await showTable();
    expect(screen.queryByRole('cell', { name: /Mohammed, Leila/ })).not.toBeInTheDocument();
    expect(screen.getByText('Total Number of Students: 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Show students who have left' }));
    expect(await screen.findByRole('cell', { name: /^Mohammed, Leila\s*Left on 2026-09-01$/ })).toBeInTheDocument();
    expect(screen.getByText('Total Number of Students: 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Mohammed, Leila' }));
    const menu = screen.getByRole('menu', { name: 'Actions for Mohammed, Leila' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Registration Form', 'Attendance', 'Term Reports', 'School Years', 'Bring back']);
  });
});
