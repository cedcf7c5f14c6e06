import { expect, test } from '@playwright/test';
import { openZip } from '../apps/server/src/lib/zip/index.ts';
import { claimStudent, expectAccessible, expectNoSidewaysScroll, signInAdminViaApi, signInStudentViaApi } from './support/fixtures.ts';
import { shot } from './support/screenshots.ts';

/**
 * A student opens her privacy page from her account's menu, at 1280×800 and 360×740: she sees
 * which staff member looked at her record and what they did, and downloads all her data as one
 * ZIP, three times an hour. With SCREENSHOT_DIR set, the page is saved there to be looked at.
 */

test('a student sees who looked at her record and downloads her data', async ({ page, browser }) => {
  const student = claimStudent('complete');
  await signInStudentViaApi(page, student);
  // A member of staff opens her registration form.
  const office = await browser.newPage();
  await signInAdminViaApi(office);
  expect((await office.request.get(`/api/registration-form/${student.id}`)).status()).toBe(200);
  await office.close();

  await page.goto('/dashboard');
  await page.getByRole('button', { name: /^Account: / }).click();
  await page.getByRole('menuitem', { name: 'Privacy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Staff who viewed or changed your record' });
  const row = table.locator('tbody tr');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Opened your registration form (PDF)');
  await expect(row).toContainText('admin');
  await expect(row).toContainText('Administrator');
  await expectNoSidewaysScroll(page);
  await shot(page, 'privacy');
  await expectAccessible(page);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^My Data ${student.id} \\d{4}-\\d{2}-\\d{2}\\.zip$`));
  await expect(page.getByRole('status').filter({ hasText: 'downloaded' })).toHaveText('Your data has been downloaded.');
  const saved = test.info().outputPath('my-data.zip');
  await file.saveAs(saved);
  const archive = await openZip(saved, { maxEntries: 50, maxUncompressedBytes: 100 * 1024 * 1024 });
  const names = archive.entries.map((entry) => entry.name);
  expect(names).toEqual(expect.arrayContaining(['my-record.json', 'registration-form.pdf', 'attendance.csv']));
  const record = JSON.parse((await archive.read(archive.entries.find((entry) => entry.name === 'my-record.json')!)).toString());
  expect(record['Student ID']).toBe(student.id);
  expect(Object.keys(record)).toEqual(expect.arrayContaining(['Student Data', 'Family Data', 'Health Data', 'Other Data', 'Complete']));

  // Three downloads an hour: the fourth is refused with the reason.
  for (let count = 0; count < 2; count += 1) expect((await page.request.get('/api/my-data')).status()).toBe(200);
  await page.getByRole('button', { name: 'Download my data' }).click();
  await expect(page.getByRole('alert')).toHaveText(/^You can download your data 3 times an hour\. Please try again in \d+ minutes?\.$/);
  await expectAccessible(page);
});
