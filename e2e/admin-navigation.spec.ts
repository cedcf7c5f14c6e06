import { expect, test, type Page } from '@playwright/test';
import {
  claimStudent,
  expectAccessible,
  expectCurrentAdminScreen,
  expectNoSidewaysScroll,
  goToAdminScreen,
  openAdminMenu,
  signInAdminViaApi,
  signInStudentViaApi,
} from './support/fixtures.ts';

/** The screen at `path` is showing, under its heading, with its entry marked in the admin menu. */
async function expectScreen(page: Page, path: string, heading: string, entry: string) {
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expectCurrentAdminScreen(page, entry);
}

test('each admin screen has its own URL, reached from the menu, the address bar and the browser’s back and forward', async ({ page }) => {
  await signInAdminViaApi(page);
  await page.goto('/admin/dashboard');
  await expectScreen(page, '/admin/dashboard', 'Admin Dashboard', 'Dashboard');
  await expect(page.getByText(/^Total Number of Students: \d+$/)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  // The menu lists the screens built so far in SPEC §2's order; on a phone it opens without any sideways scrolling.
  const menu = await openAdminMenu(page);
  await expect(menu.getByRole('link')).toHaveText([
    'Dashboard',
    'Export Data',
    'Registration Report',
    'Parents Contact',
    'Import Students',
    'Post Term Reports',
    'Import Term Results',
    'Term Calendar',
    'Import Attendance',
    'Guardians',
    'Contact Changes',
    'Absence Notes',
    'Consent Forms',
    'Health Alerts',
    'Staff',
    'Audit Log',
    'Messages',
    'Registration Settings',
    'New School Year',
  ]);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  await menu.getByRole('link', { name: 'Registration Settings', exact: true }).click();
  await expectScreen(page, '/admin/registration-settings', 'Registration Settings', 'Registration Settings');
  // One row a form level (on a phone each reads as a card, its column names beside its values).
  await expect(page.getByRole('table', { name: 'Registration settings' }).locator('tbody tr')).toHaveCount(5);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  await page.goBack();
  await expectScreen(page, '/admin/dashboard', 'Admin Dashboard', 'Dashboard');
  await page.goForward();
  await expectScreen(page, '/admin/registration-settings', 'Registration Settings', 'Registration Settings');

  // Typed into the address bar, or reloaded, a screen opens as itself.
  await page.goto('/admin/registration-settings');
  await expectScreen(page, '/admin/registration-settings', 'Registration Settings', 'Registration Settings');
  await page.reload();
  await expectScreen(page, '/admin/registration-settings', 'Registration Settings', 'Registration Settings');
  await goToAdminScreen(page, 'Dashboard');
  await expectScreen(page, '/admin/dashboard', 'Admin Dashboard', 'Dashboard');
});

test('the admin screens are for admins only', async ({ page, browser }) => {
  await page.goto('/admin/registration-settings');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();

  const studentContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const studentPage = await studentContext.newPage();
  await signInStudentViaApi(studentPage, claimStudent('any'));
  await studentPage.goto('/admin/registration-settings');
  await expect(studentPage).toHaveURL(/\/dashboard$/);
  await expect(studentPage.getByRole('navigation', { name: 'Admin menu' })).toHaveCount(0);
  await studentContext.close();
});
