import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { claimStudent, expectAccessible, expectCurrentAdminScreen, expectNoSidewaysScroll, goToAdminScreen, signInAdminViaApi } from './support/fixtures.ts';
import { shot } from './support/screenshots.ts';

/**
 * An admin reads the audit log, at 1280×800 and 360×740: she filters it by student and action,
 * pages through it, and downloads what her filters match as CSV. Each action is said in words,
 * and every date is written yyyy-MM-dd in the school's time, in a browser whose locale and time
 * zone are not the school's. With SCREENSHOT_DIR set, the screen is saved there to be looked at.
 */
test.use({ locale: 'en-US', timezoneId: 'Asia/Tokyo' });

/** A moment as every screen writes it: on the school's clock, to the second (SPEC §9). */
const moment = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

test('an admin filters the audit log by student and action, pages through it and downloads the CSV', async ({ page }) => {
  const student = claimStudent('any');
  await signInAdminViaApi(page);
  // Staff open her record, her registration form, and the list of her documents 55 times: 57 entries about her.
  expect((await page.request.get(`/api/student/${student.id}`)).status()).toBe(200);
  expect((await page.request.get(`/api/registration-form/${student.id}`)).status()).toBe(200);
  for (let batch = 0; batch < 5; batch += 1) {
    const answers = await Promise.all(Array.from({ length: 11 }, () => page.request.get(`/api/get-files/${student.id}`)));
    expect(answers.map((answer) => answer.status())).toEqual(Array(11).fill(200));
  }

  await page.goto('/admin/dashboard');
  await goToAdminScreen(page, 'Audit Log');
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Audit log' });
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await expectCurrentAdminScreen(page, 'Audit Log');

  const filters = page.getByRole('form', { name: 'Filter the audit log' });
  const total = page.getByRole('status').filter({ hasText: /entr/ });
  await filters.getByLabel('Student ID').fill(student.id);
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(new RegExp(`student_id=${student.id}`));
  await expect(total).toHaveText('57 entries');
  await expect(table.locator('tbody tr')).toHaveCount(50);
  // The second page is read from the server.
  await page.getByRole('button', { name: 'Go to next page' }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(table.locator('tbody tr')).toHaveCount(7);
  await expect(table.locator('tbody tr').last()).toContainText('Opened a student’s registration record');
  await expect(table.locator('tbody tr').last().locator('td').first()).toHaveText(moment);

  await filters.getByLabel('Action').fill('registration-form');
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).not.toHaveURL(/page=2/);
  await expect(total).toHaveText('1 entry');
  const row = table.locator('tbody tr');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Opened a registration form (PDF)');
  await expect(row).not.toContainText('registration-form.viewed');
  await expect(row).toContainText('admin (admin)');
  await expect(row).toContainText(student.id);
  await expectNoSidewaysScroll(page);
  await shot(page, 'audit-log');
  await expectAccessible(page);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^Audit Log \d{4}-\d{2}-\d{2}\.csv$/);
  const saved = test.info().outputPath('audit.csv');
  await file.saveAs(saved);
  const lines = fs
    .readFileSync(saved, 'utf8')
    .replace(/^\ufeff/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe('When,Who,Role,What,Action,Student ID,From,Detail');
  expect(lines.slice(1).every((line) => line.includes(`,${student.id},`))).toBe(true);
  expect(lines.some((line) => line.includes(',admin,admin,Opened a registration form (PDF),registration-form.viewed,'))).toBe(true);

  // Clearing the filters shows the whole log again, the CSV's own export among its newest entries
  // (other journeys running meanwhile may have written newer ones).
  await filters.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(filters.getByLabel('Student ID')).toHaveValue('');
  await expect(table.locator('tbody tr').filter({ hasText: 'Downloaded the audit log' }).first()).toBeVisible();
});

test('the audit log says what was done in words and takes its days as yyyy-MM-dd, whatever the browser’s locale', async ({ page }) => {
  const student = claimStudent('any');
  await signInAdminViaApi(page);
  expect((await page.request.get(`/api/parents-contact/${student.class_id}`)).status()).toBe(200);

  await page.goto('/admin/audit');
  const filters = page.getByRole('form', { name: 'Filter the audit log' });
  // The action is found by the words the screen shows for it.
  await filters.getByLabel('Action').fill('Opened Parents Contact');
  // The days are typed as digits and read yyyy-MM-dd, never the browser's mm/dd/yyyy.
  const from = filters.getByRole('textbox', { name: 'From' });
  await expect(from).toHaveAttribute('placeholder', 'yyyy-mm-dd');
  await from.pressSequentially('20260101');
  await expect(from).toHaveValue('2026-01-01');
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/action=Opened\+Parents\+Contact&from=2026-01-01/);
  const row = page
    .getByRole('table', { name: 'Audit log' })
    .locator('tbody tr')
    .filter({ hasText: `class ${student.class_id}` })
    .first();
  await expect(row).toContainText('Opened Parents Contact');
  await expect(row).not.toContainText('parents-contact.viewed');
  await expect(row.locator('td').first()).toHaveText(moment);
  await expectNoSidewaysScroll(page);
  await shot(page, 'audit-log-in-words');
  await expectAccessible(page);
});

test('a bad filter is explained, not failed on', async ({ page }) => {
  await signInAdminViaApi(page);
  await page.goto('/admin/audit?from=2026-03-05&to=2026-03-01');
  await expect(page.getByRole('alert')).toHaveText('The end date is before the start date.');
});
