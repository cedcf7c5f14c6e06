import { expect, test } from '@playwright/test';
import { apiCall, claimStudent, expectAccessible, signInAdminViaApi } from './support/fixtures.ts';

test('a student who has left is refused at sign-in as a wrong password is, even with her right password', async ({ page }, testInfo) => {
  const student = claimStudent();
  await signInAdminViaApi(page);
  expect((await apiCall(page, 'POST', `/api/students/${student.id}/left`, { reason: 'Moved to another school' })).status()).toBe(200);
  await page.context().clearCookies();

  await page.goto('/');
  await page.getByRole('textbox', { name: 'Student ID' }).fill(student.id);
  await page.getByRole('textbox', { name: 'Student ID' }).blur();
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(student.dobPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('The student ID or password is incorrect.');
  await expect(page).toHaveURL(/\/$/);
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('leaver-sign-in.png'), fullPage: true });
});
