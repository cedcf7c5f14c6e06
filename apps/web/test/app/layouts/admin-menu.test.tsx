import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '../../../src/lib/router/index.ts';
import { describe, expect, it } from 'vitest';
import { adminMenu, menuFor, screensOf, type AdminMenuEntry } from '../../../src/app/admin-screens.ts';
import { AdminMenu } from '../../../src/app/layouts/admin-menu.tsx';

const page = async () => ({ default: () => null });
/** SPEC §2's whole menu, as it will stand once every admin screen is built. */
const fullMenu: AdminMenuEntry[] = [
  { label: 'Dashboard', path: '/admin/dashboard', permission: 'class:read', page },
  { label: 'Export Data', path: '/admin/export', permission: 'exports', page },
  {
    label: 'Reports',
    screens: [
      { label: 'Registration Report', path: '/admin/reports', permission: 'exports', page },
      { label: 'Parents Contact', path: '/admin/reports/parents-contact', permission: 'class:read', page },
    ],
  },
  { label: 'Import Students', path: '/admin/import', permission: 'records:write', page },
  { label: 'Post Term Reports', path: '/admin/term-reports', permission: 'records:write', page },
  { label: 'Registration Settings', path: '/admin/registration-settings', permission: 'settings', page },
];

function renderMenu(path: string, entries = fullMenu) {
  const router = createMemoryRouter([{ path: '*', element: <AdminMenu entries={entries} /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return { router, menu: screen.getByRole('navigation', { name: 'Admin menu' }) };
}

const current = (menu: HTMLElement) =>
  within(menu)
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent);

describe('the admin menu', () => {
  it('lists the screens in the menu’s order, with Reports as a heading over its two', () => {
    const { menu } = renderMenu('/admin/dashboard');
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard', 'Export Data', 'Registration Report', 'Parents Contact', 'Import Students', 'Post Term Reports', 'Registration Settings']);
    const reports = within(menu).getByRole('group', { name: 'Reports' });
    expect(
      within(reports)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/admin/reports', '/admin/reports/parents-contact']);
  });

  it('marks the entry of the current URL, and only that one', () => {
    expect(current(renderMenu('/admin/registration-settings').menu)).toEqual(['Registration Settings']);
  });

  it('marks a sub-entry without marking the screen whose URL begins its own', () => {
    const { menu } = renderMenu('/admin/reports/parents-contact');
    expect(current(menu)).toEqual(['Parents Contact']);
    expect(within(menu).getByRole('button', { expanded: false })).toHaveTextContent('Reports: Parents Contact');
  });

  it('opens on a phone from one button naming the current screen, and closes again when an entry is chosen', async () => {
    const { menu, router } = renderMenu('/admin/dashboard');
    const toggle = within(menu).getByRole('button', { name: 'Dashboard' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)).toContainElement(within(menu).getByRole('link', { name: 'Export Data' }));
    await userEvent.click(within(menu).getByRole('link', { name: 'Import Students' }));
    expect(router.state.location.pathname).toBe('/admin/import');
    expect(within(menu).getByRole('button', { name: 'Import Students' })).toHaveAttribute('aria-expanded', 'false');
    expect(current(menu)).toEqual(['Import Students']);
  });

  it('gives every admin screen its own URL under /admin, the Dashboard first and New School Year last', () => {
    const paths = screensOf(adminMenu).map((entry) => entry.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) expect(path).toMatch(/^\/admin\/[a-z-]+(\/[a-z-]+)?$/);
    expect(adminMenu[0]).toMatchObject({ label: 'Dashboard', path: '/admin/dashboard' });
    expect(adminMenu.at(-1)).toMatchObject({ label: 'New School Year', path: '/admin/school-year' });
  });

  it("shows each role only the screens it may use: a teacher her class's screens, the office no staff or settings", () => {
    const labels = (entries: AdminMenuEntry[]) => screensOf(entries).map((entry) => entry.label);
    // Her classes' absence notes too, read-only (decision 065).
    expect(labels(menuFor(adminMenu, 'teacher'))).toEqual(['Dashboard', 'Parents Contact', 'Absence Notes', 'Health Alerts']);
    expect(menuFor(adminMenu, 'teacher').find((entry) => entry.label === 'Reports')).toMatchObject({ screens: [{ label: 'Parents Contact' }] });
    expect(labels(menuFor(adminMenu, 'office'))).not.toContain('Staff');
    expect(labels(menuFor(adminMenu, 'office'))).not.toContain('Registration Settings');
    expect(labels(menuFor(adminMenu, 'office'))).toContain('Export Data');
    // The families' links and invitations: the office and admins, never a teacher (decision 062).
    expect(labels(menuFor(adminMenu, 'office'))).toContain('Guardians');
    // The parents' contact changes, answered by the office and admins (decision 066).
    expect(labels(menuFor(adminMenu, 'office'))).toContain('Contact Changes');
    expect(labels(menuFor(adminMenu, 'office'))).toContain('Absence Notes');
    expect(labels(menuFor(adminMenu, 'admin'))).toEqual(labels(adminMenu));
  });
});
