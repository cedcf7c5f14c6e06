import { expect, test, type Page } from '@playwright/test';
import { timeStep, totpCode } from '../apps/server/src/features/auth/totp.ts';
import { apiCall, expectAccessible, expectNoSidewaysScroll, signInAdminViaApi } from './support/fixtures.ts';

/** Where a screenshot for looking at goes (outside the repository), when asked for with SCREENSHOTS=1. */
const shot = async (page: Page, name: string) => {
  if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/${name}.png`, fullPage: true });
};

const OFFICE_PASSWORD = 'Ixora-Hedge-Pink-48';

/**
 * The app's code for a time step after `used` (each step's code is taken once): the step now, or
 * the next, which the server also accepts; it waits for the clock when both are used.
 */
async function codeAfter(secret: string, used: number): Promise<{ code: string; step: number }> {
  while (timeStep() + 1 <= used) await new Promise((resolve) => setTimeout(resolve, 1000));
  const step = Math.max(timeStep(), used + 1);
  return { code: totpCode(secret, step), step };
}

test('a staff member enrols an authenticator app, an export asks for her code, and she signs in with password and code', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const username = `office-mfa-${testInfo.project.name}`;
  await signInAdminViaApi(page);
  const added = await apiCall(page, 'POST', '/api/staff', { username, display_name: 'Mrs Baptiste', role: 'office', classes: [] });
  expect(added.status()).toBe(200);
  const oneTime: string = (await added.json()).one_time_password;

  const context = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    viewport: page.viewportSize() ?? undefined,
    isMobile: testInfo.project.use.isMobile,
    hasTouch: testInfo.project.use.hasTouch,
  });
  const office = await context.newPage();
  try {
    await office.goto('/admin');
    await office.getByLabel('Username').fill(username);
    await office.getByLabel('Password').fill(oneTime);
    await office.getByRole('button', { name: 'Sign In' }).click();
    await office.getByLabel('New Password').fill(OFFICE_PASSWORD);
    await office.getByLabel('Confirm Password').fill(OFFICE_PASSWORD);
    await office.getByRole('button', { name: 'Change Password' }).click();
    await expect(office.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();

    // Her account page: the authenticator app, and where she is signed in.
    await office.goto('/admin/account');
    await expect(office.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
    await expect(office.getByRole('list', { name: 'Your sessions' })).toContainText('This device');
    await office.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await expect(office.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const secret = (await office.getByTestId('totp-secret').textContent())!;
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
    await office.goto('/admin');
    await office.getByLabel('Username').fill(username);
    await office.getByLabel('Password').fill(OFFICE_PASSWORD);
    await office.getByRole('button', { name: 'Sign In' }).click();
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
