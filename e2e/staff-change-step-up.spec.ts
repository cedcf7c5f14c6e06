import { test as base, expect, type Page } from '@playwright/test';
import { codeAfter, timeStep, totpCode } from './support/totp.ts';
import { apiCall, expectAccessible, signInAdminViaApi } from './support/fixtures.ts';
import { startPortal } from './support/portal-process.ts';
import { screenshots } from './support/screenshots.ts';

/** Each screen saved whole, to be looked at (SCREENSHOT_DIR). */
const shot = screenshots({ fullPage: true });

/** A portal of its own, whose admin sets up an authenticator app: the shared portal's admin stays without one. */
const test = base.extend<{ ownPortal: string }>({
  ownPortal: async ({ browserName: _browser }, use) => {
    const portal = await startPortal();
    await use(portal.baseUrl);
    await portal.stop();
  },
  baseURL: async ({ ownPortal }, use) => use(ownPortal),
});

/** The admin's authenticator app, set up through the API: its secret and the time step of the code taken. */
async function adminWithApp(page: Page): Promise<{ secret: string; used: number }> {
  await signInAdminViaApi(page);
  const { secret } = (await (await apiCall(page, 'POST', '/api/account/totp', {})).json()) as { secret: string };
  const used = timeStep();
  expect((await apiCall(page, 'POST', '/api/account/totp/confirm', { code: totpCode(secret, used) })).status()).toBe(200);
  return { secret, used };
}

test('adding a staff member asks for the admin’s code, then adds her and shows her one-time password', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const { secret, used } = await adminWithApp(page);
  await page.goto('/admin/staff');
  await page.getByRole('button', { name: 'Add staff member' }).click();
  const form = page.getByRole('dialog', { name: 'Add a staff member' });
  await form.getByLabel('Username').fill('mrs-joseph');
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Mrs Joseph');
  await form.getByRole('button', { name: 'Add', exact: true }).click();

  // Her code was given when she set the app up, not since: the change asks for it again.
  const stepUp = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(stepUp).toBeVisible();
  await expectAccessible(page);
  await shot(page, `staff-change-step-up-${testInfo.project.name}`);
  await stepUp.getByLabel('Code').fill((await codeAfter(secret, used)).code);
  await stepUp.getByRole('button', { name: 'Confirm' }).click();
  await expect(stepUp).toBeHidden();
  await expect(page.getByTestId('one-time-password')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Staff accounts' }).getByText('mrs-joseph')).toBeVisible();
  await shot(page, `staff-change-done-${testInfo.project.name}`);
});
