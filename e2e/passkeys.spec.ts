import { expect, test } from '@playwright/test';
import {
  addDeviceAuthenticator,
  apiCall,
  browserBeside,
  byHostName,
  expectAccessible,
  expectNoSidewaysScroll,
  firstStaffSignIn,
  signInAdminViaApi,
  signInStaff,
} from './support/fixtures.ts';
import { screenshots } from './support/screenshots.ts';

/** Each screen saved whole, to be looked at (SCREENSHOT_DIR). */
const shot = screenshots({ fullPage: true });

const OFFICE_PASSWORD = 'Flamboyant-Shade-Red-73';

test('a staff member adds a passkey, confirms an export with it, and signs in with password and passkey', async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  const username = `office-passkey-${testInfo.project.name}`;
  await signInAdminViaApi(page);
  const added = await apiCall(page, 'POST', '/api/staff', { username, display_name: 'Ms Ramdial', role: 'office', classes: [] });
  expect(added.status()).toBe(200);
  const oneTime: string = (await added.json()).one_time_password;

  const context = await browserBeside(page, browser, testInfo, byHostName());
  const office = await context.newPage();
  try {
    await addDeviceAuthenticator(context, office);

    await firstStaffSignIn(office, username, oneTime, OFFICE_PASSWORD);
    await expect(office.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();

    // My Account: she names a passkey and adds it with this device.
    await office.goto('/admin/account');
    await expect(office.getByText('You have no passkeys yet.')).toBeVisible();
    await office.getByLabel('Passkey name').fill('Staff room laptop');
    await office.getByRole('button', { name: 'Add a passkey' }).click();
    const passkeys = office.getByRole('list', { name: 'Your passkeys' });
    await expect(passkeys.getByRole('listitem')).toHaveCount(1);
    await expect(passkeys).toContainText('Staff room laptop');
    await expect(passkeys).toContainText('not used yet');
    await expect(office.getByText('The passkey “Staff room laptop” is added.')).toBeVisible();
    await expectAccessible(office);
    await expectNoSidewaysScroll(office);
    await shot(office, `account-passkeys-${testInfo.project.name}`);

    // A whole-school export asks her to confirm it is her; the passkey does.
    await office.goto('/admin/export');
    const stepUp = office.getByRole('dialog', { name: 'Confirm it is you' });
    await expect(stepUp.getByRole('button', { name: 'Use a passkey' })).toBeVisible();
    await expectAccessible(office);
    await shot(office, `step-up-passkey-${testInfo.project.name}`);
    const download = office.waitForEvent('download');
    await stepUp.getByRole('button', { name: 'Use a passkey' }).click();
    expect((await download).suggestedFilename()).toBe('Registration Data.xlsx');

    // Signed out, she signs in with her password and then her passkey.
    await office.goto('/logout');
    await expect(office).toHaveURL(/\/$/);
    await signInStaff(office, username, OFFICE_PASSWORD);
    await expect(office.getByRole('heading', { name: 'Use your passkey' })).toBeVisible();
    await expectAccessible(office);
    await shot(office, `sign-in-passkey-${testInfo.project.name}`);
    await office.getByRole('button', { name: 'Use a passkey' }).click();
    await expect(office.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();

    // Her account page shows when the passkey was last used.
    await office.goto('/admin/account');
    await expect(office.getByRole('list', { name: 'Your passkeys' })).toContainText('last used');
  } finally {
    await context.close();
  }
});

test('a portal opened by its IP address without PORTAL_URL says the administrator must set it, naming the address she opened', async ({ page }, testInfo) => {
  await signInAdminViaApi(page);
  await page.goto('/admin/account');
  await page.getByLabel('Passkey name').fill('Office computer');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  // The shared portal runs with no PORTAL_URL, opened at 127.0.0.1: its passkeys could only be localhost's.
  const here = new URL(process.env.E2E_BASE_URL!).origin;
  expect(here).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  await expect(
    page.getByText(
      `Passkeys work only at the portal's own address, which it has not been given. Please ask the administrator to set PORTAL_URL to the address you open the portal at (${here}).`,
    ),
  ).toBeVisible();
  await expect(page.getByText(/localhost/)).toHaveCount(0);
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await shot(page, `account-passkeys-need-portal-url-${testInfo.project.name}`);
});
