import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from '../../../src/lib/router/index.ts';
import { describe, expect, it } from 'vitest';
import { NavDrawer } from '../../../src/app/layouts/nav-drawer.tsx';

const entries = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/attendance', label: 'View Attendance' },
];
const accountEntries = [{ to: '/registration/change-password', label: 'Change Password' }];

/** The top bar's menu button, opening the drawer as the layouts do. */
function Bar() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open menu
      </button>
      <NavDrawer open={open} onClose={() => setOpen(false)} schoolName="St. Brigid's" entries={entries} accountEntries={accountEntries} path="/attendance" />
    </>
  );
}

async function openDrawer() {
  const router = createMemoryRouter([{ path: '*', element: <Bar /> }], { initialEntries: ['/attendance'] });
  render(<RouterProvider router={router} />);
  const user = userEvent.setup();
  const button = screen.getByRole('button', { name: 'Open menu' });
  await user.click(button);
  return { user, button, router, drawer: screen.getByRole('dialog', { name: 'Menu' }) };
}

describe('the phone’s drawer', () => {
  it('is a modal panel named Menu with the school, the main entries (the current one marked) and her account’s', async () => {
    const { drawer } = await openDrawer();
    expect(drawer).toHaveAttribute('aria-modal', 'true');
    expect(drawer).toHaveTextContent("St. Brigid's");
    const main = within(drawer).getByRole('navigation', { name: 'Main' });
    expect(within(main).getByRole('link', { name: 'View Attendance' })).toHaveAttribute('aria-current', 'page');
    expect(within(main).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
    expect(within(within(drawer).getByRole('group', { name: 'Account' })).getByRole('link', { name: 'Change Password' })).toHaveAttribute(
      'href',
      '/registration/change-password',
    );
  });

  it('takes the focus and keeps it inside, round from the last entry to the first and back', async () => {
    const { user, drawer } = await openDrawer();
    expect(drawer).toHaveFocus();
    const links = within(drawer).getAllByRole('link');
    await user.tab();
    expect(links[0]).toHaveFocus();
    await user.tab({ shift: true });
    expect(links.at(-1)).toHaveFocus();
    await user.tab();
    expect(links[0]).toHaveFocus();
  });

  it('closes on Escape and gives the focus back to the menu button', async () => {
    const { user, button } = await openDrawer();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('closes on a click beside it', async () => {
    const { user, button } = await openDrawer();
    await user.click(screen.getByTestId('drawer-backdrop'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('closes when an entry is chosen, and goes there', async () => {
    const { user, drawer, router } = await openDrawer();
    await user.click(within(drawer).getByRole('link', { name: 'Dashboard' }));
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
