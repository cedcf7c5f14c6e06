import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PortalLayout } from '../../../src/app/layouts/portal-layout.tsx';
import { studentAccountEntries, studentEntries } from '../../../src/app/navigation.ts';
import { renderLayout } from './render-layout.tsx';

const renderStudentLayout = (path?: string) =>
  renderLayout(<PortalLayout entries={studentEntries} accountEntries={studentAccountEntries} dashboardPath="/dashboard" />, path);

describe('the student layout', () => {
  it('offers Change Password and Privacy in the avatar’s menu', async () => {
    const router = renderStudentLayout();
    await userEvent.click(await screen.findByRole('button', { name: 'Account: Kezia Charles' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Change Password', 'Privacy', 'Logout']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Change Password' }));
    expect(router.state.location.pathname).toBe('/registration/change-password');
  });

  it('offers Change Password in the drawer', async () => {
    renderStudentLayout();
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const account = await screen.findByRole('group', { name: 'Account' });
    expect(within(account).getByRole('link', { name: 'Change Password' })).toHaveAttribute('href', '/registration/change-password');
  });

  it('starts with a link past the menus: to the form in the wizard, to the page elsewhere', async () => {
    renderStudentLayout('/registration/family-data');
    expect(screen.getAllByRole('link')[0]).toHaveTextContent('Skip to form');
    expect(screen.getAllByRole('link')[0]).toHaveAttribute('href', '#registration-form');
  });
});
