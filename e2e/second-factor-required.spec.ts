import { test as base, expect, type Page } from '@playwright/test';
import { timeStep, totpCode } from '../apps/server/src/features/auth/totp.ts';
import {
  addDeviceAuthenticator,
  addStaffViaApi,
  browserBeside,
  byHostName,
  expectAccessible,
  expectNoSidewaysScroll,
  firstStaffSignIn,
  signInStaff,
} from './support/fixtures.ts';
import { E2E_ADMIN_PASSWORD, startPortal } from './support/portal-process.ts';
import { screenshots } from './support/screenshots.ts';

/** Each screen saved whole, to be looked at (SCREENSHOT_DIR). */
const shot = screenshots({ fullPage: true });

const OFFICE_PASSWORD = 'Flamboyant-Shade-Red-57';

/**
 * A portal of its own that requires a second factor of admin and office staff (a real school's
 * setting), started afresh for each journey: its admin enrols a factor on the way.
 */
const test = base.extend<{ ownPortal: string }>({
  ownPortal: async ({ browserName: _browser }, use) => {
    const portal = await startPortal({ STAFF_MFA: 'required' });
    await use(portal.baseUrl);
    await portal.stop();
  },
  baseURL: async ({ ownPortal }, use) => use(ownPortal),
});

/** Signs in on the staff sign-in page. */
/** Sets up the authenticator app on the enrolment screen, reading its key from the screen as a phone's app would from the QR code. */
async function enrolOnScreen(page: Page) {
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!;
  await page.getByLabel('Code from the app').fill(totpCode(secret, timeStep()));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
}

test('with STAFF_MFA=required, admin and office staff set up a second factor (an app or a passkey) before anything else, right after the first password change', async ({
  page,
  browser,
  ownPortal,
}, testInfo) => {
  test.setTimeout(120_000);
  const project = testInfo.project.name;

  // The admin, with no factor yet, is taken from the dashboard to the enrolment screen, which says why.
  await signInStaff(page, 'admin', E2E_ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/admin\/enrol$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Set up a second factor' })).toBeVisible();
  await expect(page.getByText('Your school asks admin and office staff to sign in with a second factor.')).toBeVisible();
  // The server refuses her every other call until she has one.
  const refused = await page.request.get('/api/students');
  expect(refused.status()).toBe(403);
  expect((await refused.json()).code).toBe('enrolment_required');
  await page.goto('/admin/staff');
  await expect(page).toHaveURL(/\/admin\/enrol$/);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await shot(page, `enrol-required-${project}`);

  await enrolOnScreen(page);
  await expectAccessible(page);
  await shot(page, `enrol-required-done-${project}`);
  await page.getByRole('button', { name: 'Continue to the dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();

  // She adds an office member, who sets her own password and is then asked for a factor at once.
  const oneTime = await addStaffViaApi(page, { username: `office-${project}`, display_name: 'Mrs Ramdial', role: 'office' });
  // Her device has its own lock: she sets up a passkey in place of the app.
  const context = await browserBeside(page, browser, testInfo, byHostName(ownPortal));
  const office = await context.newPage();
  try {
    await addDeviceAuthenticator(context, office);
    await firstStaffSignIn(office, `office-${project}`, oneTime, OFFICE_PASSWORD);
    await expect(office.getByRole('heading', { level: 1, name: 'Set up a second factor' })).toBeVisible();
    await office.goto('/admin/export');
    await expect(office).toHaveURL(/\/admin\/enrol$/);
    await office.getByLabel('Passkey name').fill('Office phone');
    await office.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(office.getByText('The passkey “Office phone” is added.')).toBeVisible();
    await expectAccessible(office);
    await shot(office, `enrol-passkey-${project}`);
    await office.getByRole('button', { name: 'Continue to the dashboard' }).click();
    await expect(office.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    expect((await office.request.get('/api/students')).status()).toBe(200);
  } finally {
    await context.close();
  }
});
