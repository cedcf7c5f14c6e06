import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { StudentLayout } from '../../../src/app/layouts/student-layout.tsx';
import { renderLayout } from './render-layout.tsx';

const renderStudentLayout = (path?: string) => renderLayout(<StudentLayout />, path);

describe('the student’s light layout', () => {
  it('shows the school’s name linking to the dashboard, her initials named by her name, and Logout', async () => {
    renderStudentLayout('/term-reports');
    const home = await screen.findByRole('link', { name: /St. Brigid's Girls' College/ });
    expect(home).toHaveAttribute('href', '/dashboard');
    expect(await screen.findByRole('button', { name: 'Account: Kezia Charles' })).toHaveTextContent('KC');
    expect(screen.getByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/logout');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
  });

  it('marks the page she is on in the main menu, a wizard step as the registration', () => {
    renderStudentLayout('/registration/family-data');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Edit/View Registration' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('offers her account’s screens in the avatar’s menu; Escape closes it and gives the focus back', async () => {
    const user = userEvent.setup();
    const router = renderStudentLayout();
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
    renderStudentLayout();
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const account = await screen.findByRole('group', { name: 'Account' });
    expect(within(account).getByRole('link', { name: 'Change Password' })).toHaveAttribute('href', '/registration/change-password');
    expect(within(account).getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
  });

  it('starts with a link past the menus: to the form in the wizard, to the page elsewhere', () => {
    renderStudentLayout('/registration/family-data');
    expect(screen.getAllByRole('link')[0]).toHaveTextContent('Skip to form');
    expect(screen.getAllByRole('link')[0]).toHaveAttribute('href', '#registration-form');
  });

  it('shows a message handed over by the previous screen', async () => {
    const router = renderStudentLayout();
    await router.navigate('/registration/student-data', { state: { snackbar: 'Password Changed Successfully.' } });
    expect(await screen.findByText('Password Changed Successfully.')).toBeInTheDocument();
  });
});
