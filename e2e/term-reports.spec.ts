import { expect, test } from '@playwright/test';
import {
  chooseRowAction,
  claimStudent,
  expectAccessible,
  expectCurrentAdminScreen,
  expectNoSidewaysScroll,
  goToAdminScreen,
  signInAdminViaApi,
  signInStudentViaApi,
  studentsTableRows,
  xsrf,
} from './support/fixtures.ts';
import { expectFirstPageDrawn } from './support/pdf-viewer.ts';
import { makeZip } from '../apps/server/test/helpers/zip.ts';
import { onSchoolClock, schoolZone } from './support/school-clock.ts';
import { shot } from './support/screenshots.ts';

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
  const timeZone = await schoolZone(page);
  const postingFrom = onSchoolClock(new Date(Date.now() - 1000).toISOString(), timeZone);
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText(`${yearLabel} Term 1 reports posted.`)).toBeVisible();
  const postingTo = onSchoolClock(new Date(Date.now() + 1000).toISOString(), timeZone);
  await expect(row).toContainText(/posted\s*\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  // When it was posted, on the school's clock, to the second: the office's table and her list say the same.
  const posted = /(\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2})/.exec((await row.textContent())!)![1]!;
  expect(posted >= postingFrom && posted <= postingTo, `${posted} is between ${postingFrom} and ${postingTo}`).toBe(true);
  await page.getByRole('button', { name: 'Close' }).click();

  await studentPage.goto('/term-reports');
  await expect(studentPage.getByRole('button', { name: new RegExp(`Term 1, Michaelmas, ${yearLabel}`) })).toContainText(`Report posted ${posted}`);
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
  await chooseRowAction(row, 'Term Reports');
  await expect(page).toHaveURL(new RegExp(`/admin/students/${student.id}/term-reports$`));
  const unposted = page.getByRole('button', { name: /Term 1, Michaelmas, 2026-2027, not posted/ });
  await expect(unposted).toBeEnabled();
  // It looks openable (not faded) and says it is not posted.
  await expect(unposted.getByText('Not posted', { exact: true })).toBeVisible();
  expect(await unposted.evaluate((button) => getComputedStyle(button.closest('li')!).opacity)).toBe('1');
  await shot(page, `admin-term-reports-${test.info().project.name}`);
  await expectAccessible(page);
  const opened = page.waitForResponse((response) => response.url().endsWith(`/api/report-card/${student.id}/2026/1`));
  await unposted.click();
  expect((await opened).status()).toBe(200);
  await expectFirstPageDrawn(page.getByRole('dialog'));
  await page.getByRole('button', { name: 'Close' }).click();
});

/** A one-page PDF with a few lines of large text, as a school's own report card might be. */
const madeElsewhere = (line: string) => {
  const text = [0, 1, 2, 3].map((row) => `BT /F1 48 Tf 40 ${700 - row * 80} Td (${line}) Tj ET`).join('\n');
  return Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n` +
      `3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj\n` +
      `4 0 obj<</Length ${text.length}>>stream\n${text}\nendstream endobj\n5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );
};

test('a report card the school made elsewhere shows in the student’s viewer and in a tab of its own, served sandboxed so nothing in it runs as the portal', async ({
  page,
  browser,
}, testInfo) => {
  const student = claimStudent('any', 3);
  await signInAdminViaApi(page);
  const upload = await page.request.post('/api/report-cards/upload', {
    headers: await xsrf(page),
    multipart: {
      year: '2025',
      term: '3',
      dry_run: 'false',
      file: { name: 'cards.zip', mimeType: 'application/zip', buffer: makeZip([{ name: `${student.id}.pdf`, data: madeElsewhere('Made elsewhere') }]) },
    },
  });
  expect(upload.status()).toBe(200);
  expect(await upload.json()).toMatchObject({ dry_run: false, cards: 1, errors: [] });

  const studentContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: page.viewportSize() ?? undefined });
  const studentPage = await studentContext.newPage();
  await signInStudentViaApi(studentPage, student);
  const url = `/api/report-card/${student.id}/2025/3`;

  await studentPage.goto('/term-reports');
  const fetched = studentPage.waitForResponse((response) => response.url().endsWith(url));
  await studentPage.getByRole('button', { name: /Term 3, Trinity, 2025-2026/ }).click();
  const dialog = studentPage.getByRole('dialog', { name: /End of Term Report – Term 3, Trinity, 2025-2026/ });
  const card = await fetched;
  expect(card.status()).toBe(200);
  expect((await card.allHeaders())['content-security-policy'].split(';')).toContain('sandbox');
  await expectFirstPageDrawn(dialog);
  await shot(studentPage, `term-reports-uploaded-card-${testInfo.project.name}`);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Opened on its own (a link, a bookmark), Chromium's viewer still shows the sandboxed card.
  const opened = await studentPage.goto(url);
  expect(opened?.status()).toBe(200);
  // A moment for the viewer to fail, if it would: nothing on the page marks that it has tried.
  await studentPage.waitForTimeout(1000);
  expect(studentPage.frames().some((frame) => frame.url().startsWith('chrome-error:'))).toBe(false);
  await shot(studentPage, `term-reports-uploaded-card-tab-${testInfo.project.name}`);
  await studentContext.close();
});
