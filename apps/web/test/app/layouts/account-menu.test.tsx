import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from '../../../src/lib/router/index.ts';
import { describe, expect, it } from 'vitest';
import { AccountMenu } from '../../../src/app/layouts/account-menu.tsx';

const entries = [
  { to: '/registration/change-password', label: 'Change Password' },
  { to: '/privacy', label: 'Privacy' },
];

/** Her initials' button, opening the menu as the layouts do. */
function Avatar() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <button type="button" aria-haspopup="menu" aria-expanded={anchor ? 'true' : undefined} onClick={(event) => setAnchor(event.currentTarget)}>
        KC
      </button>
      {anchor && <AccountMenu anchor={anchor} entries={entries} onClose={() => setAnchor(null)} />}
    </>
  );
}

async function openMenu() {
  const router = createMemoryRouter([{ path: '*', element: <Avatar /> }], { initialEntries: ['/attendance'] });
  render(<RouterProvider router={router} />);
  const user = userEvent.setup();
  const avatar = screen.getByRole('button', { name: 'KC' });
  await user.click(avatar);
  return { user, avatar, router, menu: screen.getByRole('menu') };
}

describe('the account menu', () => {
  it('lists her account’s screens, then Logout, as links, and focuses the first on opening', async () => {
    const { avatar, menu } = await openMenu();
    expect(menu).toHaveAttribute('id', 'account-menu');
    expect(avatar).toHaveAttribute('aria-expanded', 'true');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => [item.textContent, item.getAttribute('href')])).toEqual([
      ['Change Password', '/registration/change-password'],
      ['Privacy', '/privacy'],
      ['Logout', '/logout'],
    ]);
    expect(items[0]).toHaveFocus();
  });

  it('moves with Arrow Down and Up, round at the ends, and Home and End', async () => {
    const { user, menu } = await openMenu();
    const [password, privacy, logout] = within(menu).getAllByRole('menuitem');
    await user.keyboard('{ArrowDown}');
    expect(privacy).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(password).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(logout).toHaveFocus();
    await user.keyboard('{Home}');
    expect(password).toHaveFocus();
    await user.keyboard('{End}');
    expect(logout).toHaveFocus();
  });

  it('closes on Escape and gives the focus back to her initials', async () => {
    const { user, avatar } = await openMenu();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(avatar).toHaveFocus();
    expect(avatar).not.toHaveAttribute('aria-expanded');
  });

  it('closes on a click outside it', async () => {
    const { user, avatar } = await openMenu();
    await user.click(screen.getByTestId('account-menu-backdrop'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(avatar).toHaveFocus();
  });

  it('closes when an entry is chosen, and goes there', async () => {
    const { user, menu, router } = await openMenu();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(router.state.location.pathname).toBe('/privacy');
    expect(menu).not.toBeInTheDocument();
  });
});
