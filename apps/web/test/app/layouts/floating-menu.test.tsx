import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '../../../src/lib/router/index.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FloatingMenu } from '../../../src/app/layouts/floating-menu.tsx';

const entries = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/term-reports', label: 'View Term Reports' },
  { to: '/attendance', label: 'View Attendance' },
];

beforeEach(() =>
  // jsdom has no ResizeObserver; the menu watches the page's height with one.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  ),
);
afterEach(() => vi.unstubAllGlobals());

function renderMenu() {
  const router = createMemoryRouter([{ path: '*', element: <FloatingMenu entries={entries} /> }], { initialEntries: ['/registration/student-data'] });
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup(), button: screen.getByRole('button', { name: 'Go to another page' }) };
}

describe('the floating menu', () => {
  it('opens from its button a column of the other pages, each named by its label, the first nearest the button', async () => {
    const { user, button } = renderMenu();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const items = within(screen.getByRole('menu')).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['View Attendance', 'View Term Reports', 'Dashboard']);
    await user.click(button);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('goes to the page chosen and closes', async () => {
    const { user, button, router } = renderMenu();
    await user.click(button);
    await user.click(screen.getByRole('menuitem', { name: 'View Term Reports' }));
    expect(router.state.location.pathname).toBe('/term-reports');
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('is walked with the arrow keys from its button, and closes on Escape with the focus back on the button', async () => {
    const { user, button } = renderMenu();
    await user.click(button);
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Dashboard' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'View Term Reports' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('waits at the end of the page where the content reaches under its corner', () => {
    vi.stubGlobal('matchMedia', (media: string) => ({ matches: media === '(max-width: 1279.98px)', addEventListener() {}, removeEventListener() {} }));
    Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 5000 });
    renderMenu();
    expect(screen.getByRole('button', { name: 'Go to another page' }).parentElement).toHaveClass('layout-fab-hidden');
    Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 0 });
  });
});
