import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StudentLayout } from '../../../src/app/layouts/student-layout.tsx';
import { json, renderWithQueries, stubFetch, studentSession } from '../../http.tsx';

function renderLayout(path = '/dashboard') {
  // jsdom has no ResizeObserver; the floating menu (off the dashboard) watches the page with one.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
  stubFetch((call) => {
    if (call.url === '/api/session') return json(studentSession);
    if (call.url === '/api/config') return json({ school_name: "St. Brigid's Girls' College", time_zone: 'America/Port_of_Spain' });
    return json({});
  });
  const router = createMemoryRouter([{ element: <StudentLayout />, children: [{ path: '*', element: <h1>Page</h1> }] }], { initialEntries: [path] });
  renderWithQueries(<RouterProvider router={router} />);
  return router;
}

afterEach(() => vi.unstubAllGlobals());

describe('the student’s light layout', () => {
  it('shows the school’s name linking to the dashboard, her initials named by her name, and Logout', async () => {
    renderLayout('/term-reports');
    const home = await screen.findByRole('link', { name: /St. Brigid's Girls' College/ });
    expect(home).toHaveAttribute('href', '/dashboard');
    expect(await screen.findByRole('button', { name: 'Account: Kezia Charles' })).toHaveTextContent('KC');
    expect(screen.getByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/logout');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
  });

  it('marks the page she is on in the main menu, a wizard step as the registration', () => {
    renderLayout('/registration/family-data');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Edit/View Registration' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('offers her account’s screens in the avatar’s menu; Escape closes it and gives the focus back', async () => {
    const user = userEvent.setup();
    const router = renderLayout();
    const avatar = await screen.findByRole('button', { name: 'Account: Kezia Charles' });
    await user.click(avatar);
    const menu = await screen.findByRole('menu');
    expect(avatar).toHaveAttribute('aria-expanded', 'true');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Change Password', 'Privacy', 'Logout']);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(avatar).toHaveFocus();
    await user.click(avatar);
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Change Password' }));
    expect(router.state.location.pathname).toBe('/registration/change-password');
  });

  it('opens the drawer with the same entries and her account’s', async () => {
    renderLayout();
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const account = await screen.findByRole('group', { name: 'Account' });
    expect(within(account).getByRole('link', { name: 'Change Password' })).toHaveAttribute('href', '/registration/change-password');
    expect(within(account).getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
  });

  it('starts with a link past the menus: to the form in the wizard, to the page elsewhere', () => {
    renderLayout('/registration/family-data');
    expect(screen.getAllByRole('link')[0]).toHaveTextContent('Skip to form');
    expect(screen.getAllByRole('link')[0]).toHaveAttribute('href', '#registration-form');
  });

  it('shows a message handed over by the previous screen', async () => {
    const router = renderLayout();
    await router.navigate('/registration/student-data', { state: { snackbar: 'Password Changed Successfully.' } });
    expect(await screen.findByText('Password Changed Successfully.')).toBeInTheDocument();
  });
});
