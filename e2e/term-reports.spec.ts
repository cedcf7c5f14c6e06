import { expect, test, type Page } from '@playwright/test';
import {
  claimStudent,
  expectAccessible,
  expectCurrentAdminScreen,
  expectNoSidewaysScroll,
  goToAdminScreen,
  signInAdminViaApi,
  signInStudentViaApi,
  studentsTableRows,
} from './support/fixtures.ts';
import { expectFirstPageDrawn } from './support/pdf-viewer.ts';

/** Where a screenshot for looking at goes (outside the repository), when asked for with SCREENSHOTS=1. */
const shot = async (page: Page, name: string) => {
  if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/${name}.png` });
};

test('a student opens a posted report card and closes it, and cannot open one not yet posted', async ({ page }, testInfo) => {
  // A Form 2–5 student has last year's three terms (posted) and this term's (not posted).
  const student = claimStudent('any', 3);
  await signInStudentViaApi(page, student);
  await page.goto('/term-reports');
  await expect(page.getByRole('heading', { name: 'Select Term Report' })).toBeVisible();
  const items = page.getByRole('list', { name: 'Term reports' }).getByRole('listitem');
  await expect(items).toHaveCount(4);
  await expect(items.first()).toContainText('Form 3');
  await expect(items.first()).toContainText('Report not posted');
  await expect(items.nth(1)).toContainText('Form 2');
  await expect(items.nth(1)).toContainText('Term 3, Trinity, 2025-2026');
  await expect(items.nth(1)).toContainText(/Report posted 2026-07-10/);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await shot(page, `term-reports-list-${testInfo.project.name}`);

  const unposted = page.getByRole('button', { name: /Term 1, Michaelmas, 2026-2027, not posted/ });
  await expect(unposted).toBeDisabled();
  expect((await page.request.get(`/api/report-card/${student.id}/2026/1`)).status()).toBe(404);

  await page.getByRole('button', { name: /Term 3, Trinity, 2025-2026/ }).click();
  const dialog = page.getByRole('dialog', { name: /End of Term Report – Term 3, Trinity, 2025-2026/ });
  await expect(dialog).toBeVisible();
  await expectFirstPageDrawn(dialog);
  await expect(dialog.getByText('Page 1 of 1')).toBeVisible();
  const card = await page.request.get(`/api/report-card/${student.id}/2025/3`);
  expect(card.status()).toBe(200);
  expect(card.headers()['content-type']).toBe('application/pdf');
  await expectAccessible(page);
  await shot(page, `term-reports-pdf-${testInfo.project.name}`);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('an admin imports a term’s results (check, then import), posts the term, the student opens it, and the admin withdraws it', async ({
  page,
  browser,
}, testInfo) => {
  // Each viewport works on a term of its own, so the two runs never post each other's term.
  const year = testInfo.project.name === 'phone' ? 2032 : 2031;
  const yearLabel = `${year}-${year + 1}`;
  const student = claimStudent('any', 4);
  const studentContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: page.viewportSize() ?? undefined });
  const studentPage = await studentContext.newPage();
  await signInStudentViaApi(studentPage, student);

  await signInAdminViaApi(page);
  await page.goto('/admin/dashboard');
  await goToAdminScreen(page, 'Import Term Results');
  await expect(page).toHaveURL(/\/admin\/term-results$/);
  await expectCurrentAdminScreen(page, 'Import Term Results');
  await page.getByRole('textbox', { name: 'Academic year starting' }).fill(String(year));
  const csv = ['Student ID,Subject,Mark,Comment', `${student.id},Mathematics,88,Excellent work`, `${student.id},English,,`, `${student.id},Spanish,250,`].join(
    '\n',
  );
  await page
    .getByLabel('Choose the file to import')
    .first()
    .setInputFiles({ name: 'results.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Check file' }).first().click();
  await expect(page.getByText('The file has 1 problem, listed below.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Problems found in the file' })).toContainText('from 0 to 100');
  await expect(page.getByRole('button', { name: 'Import', exact: true })).toHaveCount(0);

  const corrected = csv.replace(',Spanish,250,', ',Spanish,71,Good progress');
  await page
    .getByLabel('Choose the file to import')
    .first()
    .setInputFiles({ name: 'results-corrected.csv', mimeType: 'text/csv', buffer: Buffer.from(corrected) });
  await page.getByRole('button', { name: 'Check file' }).first().click();
  await expect(page.getByText(/ready to import/)).toBeVisible();
  await expect(page.getByRole('table', { name: 'The first rows' })).toContainText('Mathematics');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText('The file was imported.')).toBeVisible();

  await goToAdminScreen(page, 'Post Term Reports');
  await expect(page).toHaveURL(/\/admin\/term-reports$/);
  await page.getByRole('textbox', { name: 'Search' }).fill(yearLabel);
  const row = page.getByRole('row', { name: new RegExp(yearLabel) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('not posted');
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await row.getByRole('button', { name: `Edit ${yearLabel} Term 1` }).click();
  const confirm = page.getByRole('dialog', { name: `Post ${year} Term 1 reports?` });
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText(`${yearLabel} Term 1 reports posted.`)).toBeVisible();
  await expect(row).toContainText(/posted\s*\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  await page.getByRole('button', { name: 'Close' }).click();

  await studentPage.goto('/term-reports');
  await studentPage.getByRole('button', { name: new RegExp(`Term 1, Michaelmas, ${yearLabel}`) }).click();
  const dialog = studentPage.getByRole('dialog', { name: new RegExp(yearLabel) });
  await expectFirstPageDrawn(dialog);
  expect((await studentPage.request.get(`/api/report-card/${student.id}/${year}/1`)).status()).toBe(200);
  await dialog.getByRole('button', { name: 'Close' }).click();

  await row.getByRole('button', { name: `Edit ${yearLabel} Term 1` }).click();
  await confirm.getByRole('button', { name: 'No' }).click();
  await expect(page.getByText(`${yearLabel} Term 1 reports removed.`)).toBeVisible();
  await expect(row).toContainText('not posted');

  await studentPage.reload();
  await expect(studentPage.getByRole('button', { name: new RegExp(`Term 1, Michaelmas, ${yearLabel}, not posted`) })).toBeDisabled();
  expect((await studentPage.request.get(`/api/report-card/${student.id}/${year}/1`)).status()).toBe(404);
  await studentContext.close();
});

test('an admin opens any student’s term reports from the students table, unposted ones included', async ({ page }) => {
  const student = claimStudent('any', 2);
  await signInAdminViaApi(page);
  await page.goto('/admin/dashboard');
  await page.getByRole('searchbox').fill(student.id);
  const row = studentsTableRows(page, student.id);
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /^Term Reports of/ }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/students/${student.id}/term-reports$`));
  const unposted = page.getByRole('button', { name: /Term 1, Michaelmas, 2026-2027, not posted/ });
  await expect(unposted).toBeEnabled();
  await expectAccessible(page);
  const opened = page.waitForResponse((response) => response.url().endsWith(`/api/report-card/${student.id}/2026/1`));
  await unposted.click();
  expect((await opened).status()).toBe(200);
  await expectFirstPageDrawn(page.getByRole('dialog'));
  await page.getByRole('button', { name: 'Close' }).click();
});
