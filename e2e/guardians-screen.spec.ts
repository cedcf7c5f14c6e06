import { expect, test, type Page } from '@playwright/test';
import {
  browserBeside,
  claimStudent,
  expectAccessible,
  expectCurrentAdminScreen,
  expectNoSidewaysScroll,
  goToAdminScreen,
  signInAdminViaApi,
} from './support/fixtures.ts';
import { invitationLinkTo } from './support/family.ts';
import { shot } from './support/screenshots.ts';

/**
 * The staff's Guardians screen and a parent's own account (issue 50, points 1 and 7), at 1280×800
 * and 360×740: the admin invites a parent from the screen, finds the parent's link once she has
 * accepted, restricts it and lifts the restriction; the parent signs in at /parents, renames herself
 * on her account page and reads the school's messages to her.
 */

const PASSWORD = 'Frangipani-Walk-Evening-9';

/** Confirms the link change the dialog asks about, by its button. */
async function confirmChange(page: Page, title: string, button: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('the admin invites a parent from the Guardians screen, finds her link, restricts it and lifts it; the parent signs in and keeps her account', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const run = `${testInfo.project.name}-${Date.now()}`;
  const email = `aunt-${run}@example.com`;
  const girl = claimStudent('any', 2);

  await signInAdminViaApi(page);
  await page.goto('/admin/dashboard');
  await goToAdminScreen(page, 'Guardians');
  await expectCurrentAdminScreen(page, 'Guardians');
  await expect(page.getByRole('heading', { level: 1, name: 'Guardians' })).toBeVisible();

  // She invites the girl's aunt from the screen.
  await page.getByRole('button', { name: 'Invite a parent' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite a parent' });
  await invite.getByLabel('Student ID').fill(girl.id);
  await invite.getByLabel('E-mail address').fill(email);
  await invite.getByRole('combobox', { name: 'Relationship' }).click();
  await page.getByRole('option', { name: 'Guardian' }).click();
  await expectAccessible(page);
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite).toBeHidden();

  // The class's invitations list it, waiting.
  await page.getByRole('combobox', { name: 'Class' }).click();
  await page.getByRole('option', { name: `Form ${girl.class_id.slice(0, 1)} – ${girl.class_id}` }).click();
  const invitations = page.getByRole('table', { name: `Invitations of ${girl.class_id}` });
  await expect(invitations.getByText(email)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await shot(page, 'guardians-class');

  // The aunt accepts in a browser of her own.
  const auntContext = await browserBeside(page, browser, testInfo);
  const aunt = await auntContext.newPage();
  await aunt.goto(invitationLinkTo(email));
  await aunt.getByLabel('Your name').fill('Claudette Mohammed');
  await aunt.getByLabel('New Password').fill(PASSWORD);
  await aunt.getByLabel('Confirm Password').fill(PASSWORD);
  await aunt.getByRole('button', { name: 'Create Account' }).click();
  await expect(aunt).toHaveURL(/\/family$/);

  // The admin finds her link by her address, restricts it, then lifts the restriction.
  await page.getByLabel('Guardian or student').fill(email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const links = page.getByRole('table', { name: 'Guardians’ links' }).or(page.getByRole('table', { name: "Guardians' links" }));
  await expect(links.getByText('Claudette Mohammed')).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'guardians-links');
  await links.getByRole('button', { name: /^Restrict Claudette Mohammed for / }).click();
  await confirmChange(page, 'Restrict this link?', 'Restrict');
  await expect(links.getByText('Restricted')).toBeVisible();
  expect((await aunt.request.get(`/api/student-attendance/${girl.id}`)).status()).toBe(404);
  await links.getByRole('button', { name: /^Lift the restriction of Claudette Mohammed for / }).click();
  await confirmChange(page, 'Lift the restriction?', 'Lift the restriction');
  await expect(links.getByText('Restricted')).toHaveCount(0);
  expect((await aunt.request.get(`/api/student-attendance/${girl.id}`)).status()).toBe(200);

  // The aunt signs out, then in at /parents; she renames herself and reads the school's messages to her.
  await aunt.getByRole('link', { name: 'Logout' }).click();
  await expect(aunt).toHaveURL(/\/parents$/);
  await expect(aunt.getByRole('heading', { name: 'Parents and guardians' })).toBeVisible();
  await expectAccessible(aunt);
  await shot(aunt, 'parents-sign-in');
  await aunt.getByLabel('E-mail address').fill(email);
  await aunt.getByLabel(/^Password/).fill('not her password');
  await aunt.getByRole('button', { name: 'Sign In' }).click();
  await expect(aunt.getByText('The e-mail address or password is incorrect.')).toBeVisible();
  await aunt.getByLabel(/^Password/).fill(PASSWORD);
  await aunt.getByRole('button', { name: 'Sign In' }).click();
  await expect(aunt).toHaveURL(/\/family/);
  await aunt.goto('/family/account');
  await expect(aunt.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
  const name = aunt.getByLabel('Your name');
  await expect(name).toHaveValue('Claudette Mohammed');
  await name.fill('Claudette M. Mohammed');
  await aunt.getByRole('button', { name: 'Save', exact: true }).click();
  await expect.poll(async () => (await (await aunt.request.get('/api/guardian/account')).json()).display_name).toBe('Claudette M. Mohammed');
  await expectNoSidewaysScroll(aunt);
  await expectAccessible(aunt);
  await shot(aunt, 'family-account');
  await aunt.goto('/family/messages');
  await expect(aunt.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await expectNoSidewaysScroll(aunt);
  await expectAccessible(aunt);
  await shot(aunt, 'family-messages');
  await auntContext.close();
});
