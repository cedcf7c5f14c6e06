import { expect, test } from '@playwright/test';
import { claimStudent, expectAccessible, hasUniqueName, signInStudentViaApi, STUDENT_PASSWORD } from './support/fixtures.ts';

test('first sign-in with the date of birth, forced password change, dashboard, logout', async ({ page }) => {
  const student = claimStudent();
  await page.goto('/');
  await page.getByRole('textbox', { name: 'Student ID' }).fill(student.id);
  await page.getByRole('textbox', { name: 'Student ID' }).blur();
  const password = page.getByRole('textbox', { name: 'Password', exact: true });
  await expect(password).toHaveAttribute('placeholder', 'Enter date of birth');
  await password.fill(student.dobPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();

  await expect(page.getByRole('heading', { name: 'Set your password' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('New Password').fill(STUDENT_PASSWORD);
  await page.getByLabel('Confirm Password').fill(`${STUDENT_PASSWORD}x`);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('The passwords do not match.')).toBeVisible();
  await page.getByLabel('Confirm Password').fill(STUDENT_PASSWORD);
  await page.getByRole('button', { name: 'Change Password' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Password Changed Successfully.')).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText('Password Changed Successfully.')).toBeHidden();
  await expect(page.getByRole('heading', { name: `Welcome, ${student.first_name} ${student.last_name}` })).toBeVisible();
  for (const card of ['View Term Reports', 'Edit/View Registration', 'View Attendance']) await expect(page.getByRole('heading', { name: card })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go to another page' })).toHaveCount(0);
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Logout' }).click();
  await expect(page.getByText('Signing out…')).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 5000 });
  await expect(page.getByRole('heading', { name: 'Student sign-in' })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('authenticated'))).toBe('false');

  // Her own password works from now on; the date of birth no longer does.
  await page.getByRole('textbox', { name: 'Student ID' }).fill(student.id);
  await page.getByRole('textbox', { name: 'Student ID' }).blur();
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toHaveAttribute('placeholder', 'Enter password');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(STUDENT_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a wrong password shows the red alert above the form', async ({ page }) => {
  const student = claimStudent();
  await page.goto('/');
  await page.getByRole('textbox', { name: 'Student ID' }).fill(student.id);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not-my-birthday');
  await page.getByRole('button', { name: 'Sign In' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText('The student ID or password is incorrect.');
  // SPEC §2: a red outlined alert, above the form.
  await expect(alert).toHaveCSS('border-top-style', 'solid');
  await expect(alert).toHaveCSS('border-top-color', 'rgb(211, 47, 47)');
  const [alertBox, idBox] = [await alert.boundingBox(), await page.getByRole('textbox', { name: 'Student ID' }).boundingBox()];
  expect(alertBox!.y + alertBox!.height).toBeLessThanOrEqual(idBox!.y);
  await expectAccessible(page);
});

test('Find my student ID looks a student up by first and last name', async ({ page }) => {
  let student = claimStudent();
  while (!hasUniqueName(student)) student = claimStudent();
  await page.goto('/');
  await page.getByRole('button', { name: 'Find my student ID' }).click();
  const dialog = page.getByRole('dialog', { name: 'Find my student ID' });
  await dialog.getByLabel('First Name').fill(student.first_name.toUpperCase());
  await dialog.getByLabel('Last Name').fill(student.last_name);
  await dialog.getByRole('button', { name: 'Search' }).click();
  const row = dialog.getByRole('listitem').filter({ hasText: student.id });
  await expect(row).toContainText(student.first_name);
  await expect(row).toContainText(student.last_name);
  await expectAccessible(page);
  await row.getByRole('button', { name: `Use ${student.id}` }).click();
  await expect(page.getByRole('textbox', { name: 'Student ID' })).toHaveValue(student.id);
});

test('a reload keeps a student signed in; the floating menu shows off the dashboard', async ({ page }) => {
  const student = claimStudent();
  await signInStudentViaApi(page, student);
  await page.goto('/term-reports');
  await page.reload();
  await expect(page).toHaveURL(/\/term-reports$/);
  await expect(page.getByText('End of Term Report').first()).toBeVisible();
  // On a phone the menu button waits at the end of the page, where it covers nothing.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(page.getByRole('button', { name: 'Go to another page' })).toBeVisible();
  await page.getByRole('button', { name: 'Go to another page' }).click();
  await expect(page.getByRole('menuitem', { name: 'View Attendance' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('menuitem', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/registration\/student-data$/);
});

test('a signed-in student who opens the admin dashboard is turned away', async ({ page }) => {
  const student = claimStudent();
  await signInStudentViaApi(page, student);
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
});

test('the two-step change-password screen leads on to student data', async ({ page }) => {
  const student = claimStudent();
  await signInStudentViaApi(page, student);
  await page.goto('/registration/change-password');
  await page.getByLabel('Current Password').fill(STUDENT_PASSWORD);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('New Password').fill('Another-Poui-Tree-7');
  await page.getByLabel('Confirm Password').fill('Another-Poui-Tree-7');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page).toHaveURL(/\/registration\/student-data$/);
  await expect(page.getByText('Password Changed Successfully.')).toBeVisible();
});

test('an ended session sends the student to sign-in with a clear message', async ({ page, context }) => {
  const student = claimStudent();
  await signInStudentViaApi(page, student);
  await page.goto('/dashboard');
  await context.clearCookies({ name: 'portal_session' });
  await context.addCookies([{ name: 'portal_session', value: 'expired-or-forged', url: page.url() }]);
  await page.goto('/registration/change-password');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('status')).toHaveText('Your session has ended. Please sign in again.');
  await expectAccessible(page);

  // The browser still holds the ended session's CSRF token: signing in again on this page works all the same.
  await page.getByRole('textbox', { name: 'Student ID' }).fill(student.id);
  await page.getByRole('textbox', { name: 'Student ID' }).blur();
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(STUDENT_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${student.first_name} ${student.last_name}` })).toBeVisible();
});

test('a session that ends while the student works sends her to sign-in saying why', async ({ page, context }) => {
  const student = claimStudent();
  await signInStudentViaApi(page, student);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
  await context.addCookies([{ name: 'portal_session', value: 'ended-while-working', url: page.url() }]);
  await page.getByRole('link', { name: 'Edit/View Registration' }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('status')).toHaveText('Your session has ended. Please sign in again.');
});
