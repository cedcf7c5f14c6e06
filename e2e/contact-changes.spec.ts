import { expect, test } from '@playwright/test';
import {
  addStaffViaApi,
  apiCall,
  browserBeside,
  claimStudent,
  expectAccessible,
  expectCurrentAdminScreen,
  expectNoSidewaysScroll,
  firstStaffSignIn,
  goToAdminScreen,
  signInAdminViaApi,
  signInStudentViaApi,
} from './support/fixtures.ts';
import { invitationLinkTo } from './support/family.ts';
import { screenshots, shot } from './support/screenshots.ts';

/**
 * Contact changes (issue 51, point 2; decision 066), at 1280×800 and 360×740: a father proposes a
 * new mobile number for his daughter's record; an office member approves it on Contact Changes,
 * with the record's number and his side by side; the father sees it approved, and his daughter's
 * registration wizard shows the new number.
 */

const PASSWORD = 'Breadfruit-Hill-Sunday-4';
/** The family's form is long: its screens are taken whole. */
const fullShot = screenshots({ fullPage: true });

test('a father proposes a new mobile number, the office approves it, and his daughter’s wizard shows it', async ({ page, browser }, testInfo) => {
  test.setTimeout(180_000);
  const run = `${testInfo.project.name}-${Date.now()}`;
  const email = `father-${run}@example.com`;
  const girl = claimStudent('any', 4);

  // The admin makes sure the record has a father's section, adds an office member and invites the father.
  const adminContext = await browserBeside(page, browser, testInfo);
  const admin = await adminContext.newPage();
  await signInAdminViaApi(admin);
  const { record } = (await (await admin.request.get(`/api/student/${girl.id}`)).json()) as { record: Record<string, unknown> };
  const prepared = await apiCall(admin, 'POST', '/api/student', {
    ...record,
    living_status: 'Both Parents',
    father_name: 'Joseph Charles',
    mobile_phone_father: '6201111',
  });
  expect(prepared.status()).toBe(200);
  const username = `office-cc-${run}`.slice(0, 40);
  const oneTime = await addStaffViaApi(admin, { username, display_name: 'Mrs Office', role: 'office' });
  expect((await apiCall(admin, 'POST', '/api/guardian-invitations', { student_id: girl.id, email, relationship: 'father' })).status()).toBe(200);

  // The father accepts the invitation and opens his contact details from his daughter's page.
  await page.goto(invitationLinkTo(email));
  await page.getByLabel('Your name').fill('Joseph Charles');
  await page.getByLabel('New Password').fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/family$/);
  const update = page.getByRole('link', { name: 'Update my contact details' });
  await update.scrollIntoViewIfNeeded();
  await shot(page, 'contact-details-link');
  await update.click();
  await expect(page).toHaveURL(new RegExp(`/family/${girl.id}/details$`));
  await expect(page.getByRole('heading', { level: 1, name: 'My Contact Details' })).toBeVisible();
  const his = page.getByRole('region', { name: 'Your details as her father' });
  // His section only: no one else's, and nothing of the record shown to him.
  await expect(his.getByLabel('Mobile Phone')).toHaveValue('');
  await expect(page.getByRole('region', { name: 'Your details as her mother' })).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await fullShot(page, 'contact-details-form');

  // He types his new mobile number and sends it.
  await his.getByLabel('Mobile Phone').fill('6209999');
  await page.getByRole('button', { name: 'Send to the School Office' }).click();
  await expect(page.getByText(`Your changes for ${girl.first_name} are with the school office.`)).toBeVisible();
  const sent = page.getByRole('list', { name: 'Changes you sent' }).getByRole('listitem').first();
  await expect(sent).toContainText('Waiting for the school office');
  await expect(sent).toContainText('1868-620-9999');
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await fullShot(page, 'contact-details-sent');

  // The office member signs in and answers it on Contact Changes: the record's number and his, side by side.
  const officeContext = await browserBeside(page, browser, testInfo);
  const office = await officeContext.newPage();
  await firstStaffSignIn(office, username, oneTime, `${PASSWORD}-office`);
  await expect(office).toHaveURL(/\/admin\//);
  await goToAdminScreen(office, 'Contact Changes');
  await expectCurrentAdminScreen(office, 'Contact Changes');
  await expect(office.getByRole('heading', { level: 1, name: 'Contact Changes' })).toBeVisible();
  const card = office.locator('article').filter({ hasText: girl.id });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('from Joseph Charles (Father)');
  const row = card.locator('tr[data-field="mobile_phone_father"]');
  await expect(row).toContainText('1868-620-1111');
  await expect(row).toContainText('1868-620-9999');
  await card.scrollIntoViewIfNeeded();
  await expectNoSidewaysScroll(office);
  await expectAccessible(office);
  await shot(office, 'contact-changes-office');
  await card.getByRole('button', { name: 'Approve all' }).click();
  await card.getByRole('button', { name: 'Save answer' }).click();
  await expect(office.getByText('Answered: 1 approved, 0 declined. The record holds the approved values now.')).toBeVisible();
  await expect(office.locator('article').filter({ hasText: girl.id })).toHaveCount(0);

  // The answered list shows his change approved, by whom.
  await office.getByRole('combobox', { name: 'Show' }).click();
  await office.getByRole('option', { name: 'Answered' }).click();
  const answered = office.locator('article').filter({ hasText: girl.id });
  await expect(answered).toContainText('Approved');
  await expect(answered).toContainText('by Mrs Office');
  await expectAccessible(office);
  await shot(office, 'contact-changes-answered');

  // The father sees it approved.
  await page.reload();
  const approved = page.getByRole('list', { name: 'Changes you sent' }).getByRole('listitem').first();
  await expect(approved).toContainText('Approved');
  await expect(approved).toContainText('1868-620-9999 · Approved');
  await approved.scrollIntoViewIfNeeded();
  await expectAccessible(page);
  await shot(page, 'contact-details-approved');

  // His daughter's wizard shows the new number.
  const herContext = await browserBeside(page, browser, testInfo);
  const her = await herContext.newPage();
  await signInStudentViaApi(her, girl);
  await her.goto('/registration/family-data');
  await expect(her.locator('#field-mobile_phone_father')).toHaveValue('6209999');
  await her.locator('#field-mobile_phone_father').scrollIntoViewIfNeeded();
  await expectAccessible(her);
  await shot(her, 'contact-changes-wizard');

  await Promise.all([adminContext.close(), officeContext.close(), herContext.close()]);
});
