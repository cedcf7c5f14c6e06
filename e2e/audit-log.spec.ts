import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { claimStudent, expectAccessible, expectCurrentAdminScreen, expectNoSidewaysScroll, goToAdminScreen, signInAdminViaApi } from './support/fixtures.ts';
import { shot } from './support/screenshots.ts';

/**
 * An admin reads the audit log, at 1280×800 and 360×740: she filters it by student and action,
 * pages through it, and downloads what her filters match as CSV. With SCREENSHOT_DIR set, the
 * screen is saved there to be looked at.
 */

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
  await expect(table.locator('tbody tr').last()).toContainText('student.record-viewed');

  await filters.getByLabel('Action').fill('registration-form');
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).not.toHaveURL(/page=2/);
  await expect(total).toHaveText('1 entry');
  const row = table.locator('tbody tr');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('registration-form.viewed');
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
  expect(lines[0]).toBe('When,Who,Role,Action,Student ID,From,Detail');
  expect(lines.slice(1).every((line) => line.includes(`,${student.id},`))).toBe(true);
  expect(lines.some((line) => line.includes(',admin,admin,registration-form.viewed,'))).toBe(true);

  // Clearing the filters shows the whole log again, the CSV's own export among its newest entries
  // (other journeys running meanwhile may have written newer ones).
  await filters.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(filters.getByLabel('Student ID')).toHaveValue('');
  await expect(table.locator('tbody tr').filter({ hasText: 'audit.exported' }).first()).toBeVisible();
});

test('a bad filter is explained, not failed on', async ({ page }) => {
  await signInAdminViaApi(page);
  await page.goto('/admin/audit?from=2026-03-05&to=2026-03-01');
  await expect(page.getByRole('alert')).toHaveText('The end date is before the start date.');
});
