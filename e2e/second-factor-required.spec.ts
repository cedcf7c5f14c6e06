import { test as base, expect, type Page } from '@playwright/test';
import { codeAfter, timeStep, totpCode } from './support/totp.ts';
import {
  addDeviceAuthenticator,
  addStaffViaApi,
  apiCall,
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
async function enrolOnScreen(page: Page): Promise<{ secret: string; used: number }> {
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!;
  const used = timeStep();
  await page.getByLabel('Code from the app').fill(totpCode(secret, used));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  return { secret, used };
}

/** Gives a code again (the step-up), as the dialog does before a staff change: the next time step, the one just used being taken. */
async function stepUpViaApi(page: Page, { secret, used }: { secret: string; used: number }) {
  const { code } = await codeAfter(secret, used);
  expect((await apiCall(page, 'POST', '/api/account/step-up', { code })).status()).toBe(200);
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

  const adminApp = await enrolOnScreen(page);
  await expectAccessible(page);
  await shot(page, `enrol-required-done-${project}`);
  await page.getByRole('button', { name: 'Continue to the dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();

  // She adds an office member (a staff change: her code again), who sets her own password and is then asked for a factor at once.
  await stepUpViaApi(page, adminApp);
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

test('with STAFF_MFA=required, a sign-in after her first enrols a factor only with her password again and the code sent to her notice address', async ({
  page,
  browser,
  ownPortal,
}, testInfo) => {
  test.setTimeout(120_000);
  const project = testInfo.project.name;
  const username = `office-later-${project}`;
  const email = `${username}@school.test`;

  // The admin enrols at her first sign-in, then adds the office member with her notice address.
  await signInStaff(page, 'admin', E2E_ADMIN_PASSWORD);
  const adminApp = await enrolOnScreen(page);
  await stepUpViaApi(page, adminApp);
  const added = await apiCall(page, 'POST', '/api/staff', { username, display_name: 'Mrs Khan', role: 'office', classes: [], email });
  expect(added.status()).toBe(200);
  const oneTime = (await added.json()).one_time_password as string;

  const context = await browserBeside(page, browser, testInfo, ownPortal);
  const office = await context.newPage();
  try {
    // Her first sign-in ends before she sets up a factor; her next one (as a thief's with her password would) is asked more.
    await firstStaffSignIn(office, username, oneTime, OFFICE_PASSWORD);
    await expect(office.getByRole('heading', { level: 1, name: 'Set up a second factor' })).toBeVisible();
    await office.goto('/logout');
    await expect(office).toHaveURL(/\/$/);
    await signInStaff(office, username, OFFICE_PASSWORD);
    await expect(office.getByRole('heading', { level: 1, name: 'Set up a second factor' })).toBeVisible();
    await office.getByRole('button', { name: 'Set up an authenticator app' }).click();
    const check = office.getByRole('dialog', { name: 'Confirm it is you' });
    await expect(check.getByText('Before you set up a second factor, confirm it is you')).toBeVisible();
    await expectAccessible(office);
    await shot(office, `enrol-check-password-${project}`);
    await check.getByLabel('Your password').fill(OFFICE_PASSWORD);
    await check.getByRole('button', { name: 'Send the code' }).click();
    await expect(check.getByText('A code is on its way to your notice address.')).toBeVisible();

    // The message as she reads it (the admin's outbox shows it here, where no mail server is set up).
    type Listed = { id: number; recipient: string; subject: string };
    const listed = ((await (await page.request.get('/api/messages?kind=staff_security')).json()).items as Listed[]).find((item) => item.recipient === email)!;
    expect(listed.subject).toContain('your code to set up a second factor');
    const text = (await (await page.request.get(`/api/messages/${listed.id}`)).json()).text as string;
    const code = /is (\d{6})\./.exec(text)![1]!;
    await check.getByLabel('Code from the message').fill(code);
    await shot(office, `enrol-check-code-${project}`);
    await check.getByRole('button', { name: 'Confirm' }).click();
    await expect(check).toBeHidden();

    await expect(office.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const secret = (await office.getByTestId('totp-secret').textContent())!;
    await office.getByLabel('Code from the app').fill(totpCode(secret, timeStep()));
    await office.getByRole('button', { name: 'Turn on' }).click();
    await expect(office.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
    await office.getByRole('button', { name: 'Continue to the dashboard' }).click();
    await expect(office.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  } finally {
    await context.close();
  }
});
