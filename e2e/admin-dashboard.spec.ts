import { expect, test } from '@playwright/test';
import {
  chooseRowAction,
  claimStudent,
  expectAccessible,
  expectCurrentAdminScreen,
  goToAdminScreen,
  rowActionsOpener,
  signInAdminViaApi,
  signInStudentViaApi,
  studentsTableRows,
} from './support/fixtures.ts';
import { expectFirstPageDrawn } from './support/pdf-viewer.ts';
import { shot } from './support/screenshots.ts';

// Issue 6 asks for these journeys at 1280×800 and 390×844.
test.beforeEach(async ({ page }, testInfo) => {
  if (testInfo.project.name === 'phone') await page.setViewportSize({ width: 390, height: 844 });
});

/** The demo school's 600 students at school, less a few that the leavers' journey marks as left. */
const DEMO_STUDENTS_AT_SCHOOL = 590;

test('the admin searches and sorts the students table, edits a name and resets a password', async ({ page, browser }) => {
  const student = claimStudent('any', 3);
  // She has her own password, which the reset will take away.
  const studentContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  await signInStudentViaApi(await studentContext.newPage(), student);
  await studentContext.close();

  await signInAdminViaApi(page);
  await page.goto('/admin/dashboard');
  // The demo school's 600 students at school, less the few another journey marks as left (hidden
  // by default), and any that another journey has imported meanwhile.
  const total = page.getByText(/^Total Number of Students: \d+$/);
  await expect.poll(async () => Number((await total.textContent())?.replace(/\D/g, '') ?? 0)).toBeGreaterThanOrEqual(DEMO_STUDENTS_AT_SCHOOL);
  await expectCurrentAdminScreen(page, 'Dashboard');
  await expectAccessible(page);

  await page.getByRole('searchbox').fill(student.id);
  const row = studentsTableRows(page, student.id);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`${student.last_name}, ${student.first_name}`);
  await page.getByRole('searchbox').fill('');
  // A header sorts by its column: ascending, then descending, then newest change first again.
  const idHeader = page.getByRole('columnheader', { name: 'ID' });
  await idHeader.getByRole('button').click();
  await expect(idHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByRole('row').nth(1)).toContainText('20220001');
  await idHeader.getByRole('button').click();
  await expect(idHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(page.getByRole('row').nth(1)).not.toContainText('2022');
  await idHeader.getByRole('button').click();
  await expect(idHeader).not.toHaveAttribute('aria-sort');
  await idHeader.getByRole('button').click();
  await expect(page.getByRole('row').nth(1)).toContainText('2022');
  // A page holds 100 students; the pager reaches the rest without a search.
  await expect(page.getByText(/^1–100 of \d+$/)).toBeVisible();
  await page.getByRole('button', { name: 'Go to next page' }).click();
  await expect(page.getByText(/^101–200 of \d+$/)).toBeVisible();
  await expect(page.getByRole('row').nth(1)).not.toContainText('20220001');
  await page.getByRole('button', { name: 'Go to previous page' }).click();
  await expect(page.getByRole('button', { name: 'Go to previous page' })).toBeDisabled();
  // A smaller page starts again from the first student.
  await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('25');
  await expect(page.getByText(/^1–25 of \d+$/)).toBeVisible();
  await page.getByRole('region', { name: 'Students table' }).evaluate((element) => (element.scrollTop = element.scrollHeight));
  await expect(studentsTableRows(page).last()).toHaveAttribute('aria-rowindex', '26');
  await shot(page, 'students-table-foot');
  await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('100');
  await expect(page.getByText(/^1–100 of \d+$/)).toBeVisible();

  await page.getByRole('searchbox').fill(student.id);
  await chooseRowAction(row, 'Edit');
  const edit = page.getByRole('dialog', { name: 'Edit Student' });
  const firstName = edit.getByRole('textbox', { name: 'First Name' });
  await expect(firstName).toHaveValue(student.first_name);
  await firstName.fill('');
  await firstName.blur();
  await expect(edit.getByText('Required')).toBeVisible();
  await firstName.fill('Anya');
  await firstName.blur();
  await expect(edit.getByText('Updated Successfully.')).toBeVisible();
  // The date of birth, typed as digits whatever the browser's locale: it gets its dashes and saves when the field is left.
  const newBirth = `${student.date_of_birth.slice(0, 8)}${student.date_of_birth.endsWith('-15') ? '16' : '15'}`;
  const birth = edit.getByRole('textbox', { name: 'Date of Birth' });
  await expect(birth).toHaveValue(student.date_of_birth);
  await birth.clear();
  await birth.pressSequentially(newBirth.replaceAll('-', ''));
  await expect(birth).toHaveValue(newBirth);
  await expect(edit.getByText('Updated Successfully.')).toHaveCount(0);
  await birth.blur();
  await expect(edit.getByText('Updated Successfully.')).toBeVisible();
  await expectAccessible(page);
  await edit.getByRole('button', { name: 'Close' }).click();
  await expect(row).toContainText(`${student.last_name}, Anya`);
  await expect(row).toContainText(newBirth);

  await chooseRowAction(row, 'Reset password');
  const reset = page.getByRole('dialog', { name: 'Reset Password' });
  await expect(reset).toContainText(`Are you sure you want to reset Anya ${student.last_name} password?`);
  await reset.getByRole('button', { name: 'Ok' }).click();
  await expect(reset).toContainText(`Anya ${student.last_name}'s password has been reset.`);
  await reset.getByRole('button', { name: 'Ok' }).click();

  const fresh = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: page.viewportSize() ?? undefined });
  const signIn = await fresh.newPage();
  await signIn.goto('/');
  await signIn.getByRole('textbox', { name: 'Student ID' }).fill(student.id);
  await signIn.getByRole('textbox', { name: 'Student ID' }).blur();
  await expect(signIn.getByRole('textbox', { name: 'Password', exact: true })).toHaveAttribute('placeholder', 'Enter date of birth');
  // The reset password is her date of birth as it now stands.
  await signIn.getByRole('textbox', { name: 'Password', exact: true }).fill(newBirth.replaceAll('-', ''));
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  await expect(signIn.getByRole('heading', { name: 'Set your password' })).toBeVisible();
  await fresh.close();
});

test('the search finds a student by any of her columns, word by word, and the rows follow each key', async ({ page }) => {
  const student = claimStudent('any');
  await signInAdminViaApi(page);
  await page.goto('/admin/dashboard');
  const pager = page.getByText(/^\d+–\d+ of \d+$/);
  await expect(pager).toHaveText(/^1–100 of \d+$/);
  const everyone = await pager.textContent();
  const search = page.getByRole('searchbox');
  const row = studentsTableRows(page, student.id);

  // Her surname in lower case and her class, key by key: two words, each in a column of its own.
  const words = `${student.last_name.toLowerCase()} ${student.class_id}`;
  await search.pressSequentially(words);
  await expect(search).toHaveValue(words);
  await expect(row).toHaveCount(1);
  for (const shown of await studentsTableRows(page).all()) {
    await expect(shown.locator('[data-field="name"]')).toContainText(student.last_name, { ignoreCase: true });
    await expect(shown.locator('[data-field="class_id"]')).toHaveText(student.class_id);
  }
  await search.fill(`${student.date_of_birth} ${student.first_name.toUpperCase()}`);
  await expect(row).toHaveCount(1);
  await search.fill(`${student.id} nobody-has-this`);
  await expect(pager).toHaveText('0–0 of 0');
  await expect(page.getByText('No student matches the search.')).toBeVisible();

  // Erased key by key, the table comes back to every student.
  await search.fill(student.id);
  await expect(pager).toHaveText('1–1 of 1');
  for (let left = student.id.length; left > 0; left -= 1) await search.press('Backspace');
  await expect(search).toHaveValue('');
  await expect(pager).toHaveText(everyone ?? '');
  await expectAccessible(page);
});

test('the admin opens a registration form from the table, with the keyboard', async ({ page }) => {
  const student = claimStudent('complete', 3);
  await signInAdminViaApi(page);
  await page.goto('/admin/dashboard');
  await page.getByRole('searchbox').fill(student.id);
  const row = studentsTableRows(page, student.id);
  await expect(row).toHaveCount(1);
  const opener = rowActionsOpener(row);
  // From the search box, Tab passes the columns' sort buttons to the row's actions (its 'Actions'
  // button, or on a phone the student's name): Enter opens them, the arrow keys move between them.
  await page.getByRole('searchbox').focus();
  for (let presses = 0; presses < 10 && !(await opener.evaluate((button) => button === document.activeElement)); presses += 1) {
    await page.keyboard.press('Tab');
  }
  await expect(opener).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Registration Form' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(opener).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Registration Form' })).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: /Registration Form/ });
  await expectFirstPageDrawn(dialog);
  const pdf = await page.request.get(`/api/registration-form/${student.id}`);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
});

test('the table draws the rows scrolled into view, to the last of a page, and keeps the row that holds the focus', async ({ page }) => {
  await signInAdminViaApi(page);
  await page.goto('/admin/dashboard');
  const table = page.getByRole('table', { name: 'Students' });
  await expect(page.getByText(/^1–100 of \d+$/)).toBeVisible();
  const rows = studentsTableRows(page);
  // Only the rows in view and a few more are drawn, not the page's 100.
  await expect(rows.first()).toHaveAttribute('aria-rowindex', '2');
  expect(await rows.count()).toBeLessThan(40);
  const total = Number(await table.getAttribute('aria-rowcount')) - 1;
  expect(total).toBeGreaterThanOrEqual(DEMO_STUDENTS_AT_SCHOOL);

  const firstOpener = rowActionsOpener(rows.first());
  await firstOpener.focus();
  const firstId = await rows.first().getAttribute('data-id');
  const scroller = page.getByRole('region', { name: 'Students table' });
  await scroller.evaluate((element) => (element.scrollTop = element.scrollHeight));
  const last = table.locator('tbody tr[aria-rowindex="101"]');
  await expect(last).toBeInViewport();
  await expect(rowActionsOpener(last)).toBeVisible();
  // The focused row stays drawn (out of view), with the focus on what opens its actions.
  const held = rowActionsOpener(studentsTableRows(page, firstId ?? ''));
  await expect(held).toBeFocused();
  await expect(held).not.toBeInViewport();
  // The actions it opens there, the dialog one of them opens gives the focus back to it when closed.
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeFocused();
  await page.keyboard.press('Enter');
  const edit = page.getByRole('dialog', { name: 'Edit Student' });
  await expect(edit.getByRole('textbox', { name: 'First Name' })).not.toHaveValue('');
  await edit.getByRole('button', { name: 'Close' }).click();
  await expect(edit).toHaveCount(0);
  await expect(held).toBeFocused();

  await page.getByRole('button', { name: 'Go to next page' }).click();
  await expect(page.getByText(/^101–200 of \d+$/)).toBeVisible();
  await expect(rows.first()).toHaveAttribute('aria-rowindex', '102');
  await expect(rows.first()).toBeInViewport();
  await expectAccessible(page);
});

test('closing registration in the settings turns the student’s wizard read-only', async ({ page, browser }) => {
  const formLevel = test.info().project.name === 'phone' ? 4 : 5;
  const student = claimStudent('any', formLevel);
  await signInAdminViaApi(page);
  await page.goto('/admin/dashboard');
  await goToAdminScreen(page, 'Registration Settings');
  await expect(page).toHaveURL(/\/admin\/registration-settings$/);
  await page
    .getByRole('switch', { name: `Form ${formLevel} registration open` })
    .or(page.getByRole('checkbox', { name: `Form ${formLevel} registration open` }))
    .first()
    .uncheck();
  const formRow = page.getByRole('row').filter({ hasText: `Form ${formLevel}` });
  await formRow.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Form ${formLevel} registration saved.`)).toBeVisible();
  await expectAccessible(page);
  try {
    const studentContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
    const studentPage = await studentContext.newPage();
    await signInStudentViaApi(studentPage, student);
    await studentPage.goto('/registration/student-data');
    await expect(studentPage.getByText(`Registration for Form ${formLevel} is closed.`, { exact: false })).toBeVisible();
    await expect(studentPage.locator('#field-home_address')).toBeDisabled();
    await studentContext.close();
  } finally {
    await page
      .getByRole('switch', { name: `Form ${formLevel} registration open` })
      .or(page.getByRole('checkbox', { name: `Form ${formLevel} registration open` }))
      .first()
      .check();
    await formRow.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`Form ${formLevel} registration saved.`)).toBeVisible();
  }
});
