import { expect, test, type Page } from '@playwright/test';
import { acceptAsNewAccount, mailedInvitation } from './support/family.ts';
import {
  addDeviceAuthenticator,
  apiCall,
  browserBeside,
  byHostName,
  claimStudent,
  expectAccessible,
  expectNoSidewaysScroll,
  signInAdminViaApi,
} from './support/fixtures.ts';
import { screenshots } from './support/screenshots.ts';
import { codeAfter, readAuthenticatorKey, timeStep, totpCode } from './support/totp.ts';

/**
 * A parent's optional two-step sign-in (issue 50 point 1, decision 062), at 1280×800 and 360×740:
 * a mother sets up an authenticator app on My Account, signs out, and signs in with her password
 * and the app's code; she adds a passkey with her device and signs in with it. When she has lost
 * them, an admin removes them on the Guardians screen, and her password alone signs her in.
 */

/** Each screen saved whole, to be looked at (SCREENSHOT_DIR). */
const shot = screenshots({ fullPage: true });

const PASSWORD = 'Poinsettia-Garden-Evenings-5';

/** She signs in at /parents with her address and password, as she types them. */
async function givePassword(page: Page, email: string) {
  await page.goto('/parents');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
}

/** She signs out from My Account, and is back at the family's sign-in. */
async function signOut(page: Page) {
  await page.getByRole('link', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/parents$/);
}

/** My Account's two-step section. */
async function twoStepSection(page: Page) {
  await page.goto('/family/account');
  const section = page.getByRole('region', { name: 'Two-step sign-in' });
  await expect(section.getByText(/^(On|Off):/)).toBeVisible();
  return section;
}

test('a mother sets up an authenticator app and a passkey, signs in with each after her password, and with her password alone once an admin removed them', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(210_000);
  const email = `mother-2fa-${testInfo.project.name}-${Date.now()}@example.com`;
  const daughter = claimStudent('any');

  // The school invites her; she makes her account from the mailed link, on the portal's own host name (passkeys belong to it).
  await signInAdminViaApi(page);
  expect((await apiCall(page, 'POST', '/api/guardian-invitations', { student_id: daughter.id, email, relationship: 'mother' })).status()).toBe(200);
  const link = await mailedInvitation(page, email);
  const context = await browserBeside(page, browser, testInfo, byHostName());
  const mother = await context.newPage();
  try {
    await addDeviceAuthenticator(context, mother);
    await acceptAsNewAccount(mother, link, { name: 'Celia Mohammed', firstName: daughter.first_name, password: PASSWORD });

    // My Account: two-step sign-in is off; she sets up her app with the key the page shows.
    let section = await twoStepSection(mother);
    await expect(section.getByText('Off: you sign in with your password alone.')).toBeVisible();
    await section.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await expect(section.getByRole('heading', { name: 'Set up your authenticator app' })).toBeFocused();
    await expect(section.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const secret = await readAuthenticatorKey(section.getByTestId('totp-secret'));
    await expectAccessible(mother);
    await expectNoSidewaysScroll(mother);
    await shot(mother, 'family-two-step-setup');
    let used = timeStep();
    await section.getByLabel('Code from the app').fill(totpCode(secret, used));
    await section.getByRole('button', { name: 'Turn on' }).click();
    await expect(section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
    await expectAccessible(mother);
    await expectNoSidewaysScroll(mother);
    await shot(mother, 'family-recovery-codes');
    await section.getByRole('button', { name: 'I have kept them' }).click();
    await expect(section.getByText('On: after your password you give an authenticator app (10 recovery codes left).')).toBeVisible();
    await expectAccessible(mother);
    await shot(mother, 'family-account-two-step');

    // Signed out, she signs in with her password, then her app's code.
    await signOut(mother);
    await givePassword(mother, email);
    const code = mother.getByLabel('Code', { exact: true });
    await expect(code).toBeFocused();
    await expectAccessible(mother);
    await expectNoSidewaysScroll(mother);
    await shot(mother, 'family-code-step');
    const signIn = await codeAfter(secret, used);
    used = signIn.step;
    await code.fill(signIn.code);
    await mother.getByRole('button', { name: 'Continue' }).click();
    await expect(mother).toHaveURL(/\/family$/);
    await expect(mother.getByRole('heading', { level: 1, name: `${daughter.first_name} ${daughter.last_name}` })).toBeVisible();

    // She adds a passkey with this device.
    section = await twoStepSection(mother);
    await section.getByLabel('Passkey name').fill('My phone');
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(section.getByRole('list', { name: 'Your passkeys' })).toContainText('My phone');
    await expect(section.getByRole('list', { name: 'Your passkeys' })).toContainText('not used yet');
    await expect(
      section.getByRole('status').filter({ hasText: 'The passkey “My phone” is added: you can sign in with it after your password.' }),
    ).toBeFocused();
    await expectAccessible(mother);
    await expectNoSidewaysScroll(mother);
    await shot(mother, 'family-account-passkey');

    // Signed out again, her password and then her passkey sign her in.
    await signOut(mother);
    await givePassword(mother, email);
    await expect(mother.getByRole('button', { name: 'Use a passkey' })).toBeVisible();
    await expectAccessible(mother);
    await shot(mother, 'family-passkey-step');
    await mother.getByRole('button', { name: 'Use a passkey' }).click();
    await expect(mother).toHaveURL(/\/family$/);
    section = await twoStepSection(mother);
    await expect(section.getByRole('list', { name: 'Your passkeys' })).toContainText('last used');

    // She loses her phone and her codes: an admin removes her two-step sign-in on the Guardians screen.
    await page.goto('/admin/guardians');
    await page.getByRole('searchbox', { name: 'Guardian or student' }).fill(email);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('button', { name: 'Remove the two-step sign-in of Celia Mohammed' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove her two-step sign-in?' });
    await expect(confirm).toContainText('Celia Mohammed will sign in with her password alone');
    await expectAccessible(page);
    await shot(page, 'guardians-remove-two-step');
    await confirm.getByRole('button', { name: 'Remove two-step sign-in' }).click();
    await expect(page.getByText('Two-step sign-in was removed from Celia Mohammed’s account.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove the two-step sign-in of Celia Mohammed' })).toHaveCount(0);

    // She was signed out everywhere; her password alone signs her in again.
    await mother.goto('/family');
    await expect(mother).toHaveURL(/\/parents$/);
    await mother.getByLabel('E-mail address').fill(email);
    await mother.getByLabel('Password').fill(PASSWORD);
    await mother.getByRole('button', { name: 'Sign In' }).click();
    await expect(mother).toHaveURL(/\/family$/);
    section = await twoStepSection(mother);
    await expect(section.getByText('Off: you sign in with your password alone.')).toBeVisible();
  } finally {
    await context.close();
  }
});
