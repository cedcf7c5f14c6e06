import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { codeAfter, readAuthenticatorKey, timeStep, totpCode } from './support/totp.ts';
import {
  addStaffViaApi,
  apiCall,
  browserBeside,
  expectAccessible,
  expectNoSidewaysScroll,
  firstStaffSignIn,
  signInAdminViaApi,
  signInStaff,
} from './support/fixtures.ts';
import { expectFirstPageDrawn } from './support/pdf-viewer.ts';
import { screenshots } from './support/screenshots.ts';

/** Each screen saved whole, to be looked at (SCREENSHOT_DIR). */
const shot = screenshots({ fullPage: true });

const OFFICE_PASSWORD = 'Ixora-Hedge-Pink-48';

test('a staff member enrols an authenticator app, an export asks for her code, and she signs in with password and code', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const username = `office-mfa-${testInfo.project.name}`;
  await signInAdminViaApi(page);
  const oneTime = await addStaffViaApi(page, { username, display_name: 'Mrs Baptiste', role: 'office' });
  const context = await browserBeside(page, browser, testInfo);
  const office = await context.newPage();
  try {
    await firstStaffSignIn(office, username, oneTime, OFFICE_PASSWORD);
    await expect(office.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();

    // Her account page: the authenticator app, and where she is signed in.
    await office.goto('/admin/account');
    await expect(office.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
    await expect(office.getByRole('list', { name: 'Your sessions' })).toContainText('This device');
    await office.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await expect(office.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const secret = await readAuthenticatorKey(office.getByTestId('totp-secret'));
    await expectAccessible(office);
    await expectNoSidewaysScroll(office);
    await shot(office, `account-enrol-${testInfo.project.name}`);
    let used = timeStep();
    await office.getByLabel('Code from the app').fill(totpCode(secret, used));
    await office.getByRole('button', { name: 'Turn on' }).click();
    await expect(office.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
    await expectAccessible(office);
    await shot(office, `account-recovery-codes-${testInfo.project.name}`);

    // A whole-school export asks for a code, then goes ahead.
    await office.goto('/admin/export');
    const stepUp = office.getByRole('dialog', { name: 'Confirm it is you' });
    await expect(stepUp).toBeVisible();
    await expectAccessible(office);
    await shot(office, `step-up-${testInfo.project.name}`);
    const forExport = await codeAfter(secret, used);
    used = forExport.step;
    await stepUp.getByLabel('Code').fill(forExport.code);
    const download = office.waitForEvent('download');
    await stepUp.getByRole('button', { name: 'Confirm' }).click();
    expect((await download).suggestedFilename()).toBe('Registration Data.xlsx');
    await expect(office.getByText('Registration Data.xlsx has been downloaded.')).toBeVisible();

    // Signed out, she signs in with her password and then a code.
    await office.goto('/logout');
    await expect(office).toHaveURL(/\/$/);
    await signInStaff(office, username, OFFICE_PASSWORD);
    await expect(office.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
    await expectAccessible(office);
    await shot(office, `sign-in-code-${testInfo.project.name}`);
    await office.getByLabel('Code').fill((await codeAfter(secret, used)).code);
    await office.getByRole('button', { name: 'Continue' }).click();
    await expect(office.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  } finally {
    await context.close();
  }
});

/**
 * A new office member with an authenticator app, signed in (through the API) in a browser of her
 * own whose session has not given a code since: the next whole-school export asks for one.
 */
async function enrolledOffice(page: Page, browser: Browser, testInfo: TestInfo, username: string) {
  await signInAdminViaApi(page);
  const oneTime = await addStaffViaApi(page, { username, display_name: 'Mrs Ali', role: 'office' });
  const context = await browserBeside(page, browser, testInfo);
  const office = await context.newPage();
  await office.request.get('/sanctum/csrf-cookie');
  expect((await apiCall(office, 'POST', '/api/admin-login', { name: username, password: oneTime })).status()).toBe(200);
  expect((await apiCall(office, 'POST', '/api/admin/change-password', { current_password: oneTime, password: OFFICE_PASSWORD })).status()).toBe(200);
  const { secret } = (await (await apiCall(office, 'POST', '/api/account/totp', {})).json()) as { secret: string };
  const used = timeStep();
  expect((await apiCall(office, 'POST', '/api/account/totp/confirm', { code: totpCode(secret, used) })).status()).toBe(200);
  return { office, context, secret, used };
}

/** Gives the code the step-up dialog asks for, once it and the page under it have been looked at. */
async function giveCode(page: Page, secret: string, used: number, shotName: string) {
  const stepUp = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(stepUp).toBeVisible();
  await expectAccessible(page);
  await shot(page, shotName);
  await stepUp.getByLabel('Code').fill((await codeAfter(secret, used)).code);
  await stepUp.getByRole('button', { name: 'Confirm' }).click();
  await expect(stepUp).toBeHidden();
}

test('the Registration Report asks for the code, then opens in the viewer', async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  const { office, context, secret, used } = await enrolledOffice(page, browser, testInfo, `office-report-${testInfo.project.name}`);
  try {
    const refusals: number[] = [];
    office.on('response', (response) => {
      if (response.url().endsWith('/api/registration-report/all') && response.status() === 403) refusals.push(response.status());
    });
    await office.goto('/admin/reports');
    // The whole school's report takes a while to make when the machine is busy.
    const made = office.waitForResponse((response) => response.url().endsWith('/api/registration-report/all') && response.ok(), { timeout: 60_000 });
    await giveCode(office, secret, used, `step-up-report-${testInfo.project.name}`);
    await made;
    // The screen behind the viewer: hidden from the accessibility tree while the viewer is open, so looked for with the hidden too.
    await expect(office.getByRole('heading', { level: 1, name: 'Registration Report', includeHidden: true })).toBeAttached();
    const viewer = office.getByRole('dialog', { name: 'Registration Report' });
    await expectFirstPageDrawn(viewer);
    await expectAccessible(office);
    await shot(office, `report-viewer-${testInfo.project.name}`);
    expect(refusals).toHaveLength(1);
    await viewer.getByRole('button', { name: 'Close' }).click();
    await expect(office.getByRole('button', { name: 'Open the report' })).toBeVisible();
    await expectNoSidewaysScroll(office);
    await expectAccessible(office);
  } finally {
    await context.close();
  }
});

test('Parents Contact for all classes asks for the code, then lists every class and downloads the file', async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  const { office, context, secret, used } = await enrolledOffice(page, browser, testInfo, `office-contact-${testInfo.project.name}`);
  try {
    await office.goto('/admin/reports/parents-contact');
    await giveCode(office, secret, used, `step-up-parents-contact-${testInfo.project.name}`);
    await expect(office.getByRole('heading', { level: 1, name: 'Parents Contact' })).toBeVisible();
    await expect(office.getByRole('combobox', { name: 'Class' })).toHaveText('All classes');
    // Every class's students: far more than one class holds.
    await expect(office.getByRole('status').filter({ hasText: /^\d+ students\b/ })).toHaveText(/^[1-9]\d{2,} students\b/);
    // Within the 15 minutes the file comes without another code.
    const download = office.waitForEvent('download');
    await office.getByRole('button', { name: 'Excel' }).click();
    expect((await download).suggestedFilename()).toBe('Parents Contact All Classes.xlsx');
    await expect(office.getByRole('dialog', { name: 'Confirm it is you' })).toBeHidden();
  } finally {
    await context.close();
  }
});
