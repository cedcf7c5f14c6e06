import {
  chooseRowAction,
  claimStudent,
  expectAccessible,
  expectNoSidewaysScroll,
  signInAdminViaApi,
  signInStudentViaApi,
  studentsTableRows,
} from './support/fixtures.ts';
import { expectDownload, expectFirstPageDrawn } from './support/pdf-viewer.ts';
import { expect, NO_PDF_VIEWER, testInOwnBrowser } from './support/own-browser.ts';
import { shot } from './support/screenshots.ts';

const test = testInOwnBrowser(NO_PDF_VIEWER);

// Each test starts a phone-sized browser of its own, so it runs once, with the phone project.
test.skip(({ isMobile }) => !isMobile, 'runs its own phone-sized browser, once');

/** Files of the PDF viewer (pdf.js and its worker), which no screen loads before a PDF is opened. */
const isViewerFile = (url: string) => /\/assets\/(pdf-viewer|pdf\.worker)[^/]*\.m?js$/.test(url);

test('a student opens her report card on a phone that shows no PDF: the page is drawn, zooms, downloads and prints', async ({ page }) => {
  const viewerFiles: string[] = [];
  page.on('request', (request) => isViewerFile(request.url()) && viewerFiles.push(request.url()));
  // No error, and nothing the Content-Security-Policy refused (Chromium reports those as errors).
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  const student = claimStudent('any', 3);
  await signInStudentViaApi(page, student);
  await page.goto('/term-reports');
  expect(await page.evaluate(() => navigator.pdfViewerEnabled)).toBe(false);
  await page.getByRole('button', { name: /Term 3, Trinity, 2025-2026/ }).click();
  const dialog = page.getByRole('dialog', { name: 'End of Term Report – Term 3, Trinity, 2025-2026' });
  await expect(dialog).toBeVisible();
  expect(viewerFiles).toEqual([]);

  const canvas = await expectFirstPageDrawn(dialog);
  expect(viewerFiles.some((url) => url.includes('pdf.worker'))).toBe(true);
  await expect(dialog.getByText('Page 1 of 1')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Next page' })).toBeDisabled();
  // Drawn for the phone's width, and said so: as wide as the viewer, no wider than the screen.
  await expect(dialog.getByTestId('pdf-zoom')).toHaveText('Fit width');
  const fitted = (await canvas.boundingBox())!;
  expect(fitted.width).toBeGreaterThan(300);
  expect(fitted.width).toBeLessThanOrEqual(360);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await shot(page, 'pdf-viewer-report-card-phone');
  expect(errors).toEqual([]);

  // One tap shows the page at its true size: a letter page 8.5 inches wide, 816 CSS pixels.
  await dialog.getByRole('button', { name: 'Zoom in' }).click();
  await expect(dialog.locator('canvas[data-drawn="1@1"]')).toBeVisible();
  await expect(dialog.getByTestId('pdf-zoom')).toHaveText('100%');
  expect((await canvas.boundingBox())!.width).toBeCloseTo(816, -1);
  // The keyboard too: in the page's area, − zooms out again.
  await dialog.getByRole('region', { name: /page 1 of 1/ }).press('-');
  await expect(dialog.locator('canvas[data-drawn="1@fit"]')).toBeVisible();
  await expect(dialog.getByTestId('pdf-zoom')).toHaveText('Fit width');

  await expectDownload(page, dialog, new RegExp(`^report-card-${student.id}-2025-term-3\\.pdf$`));

  // Print draws each page as an image that only printing shows, on paper of the page's size.
  await page.evaluate(() => {
    window.print = () => {
      const images = document.querySelectorAll('.pdf-print-pages img');
      document.body.dataset.printed = `${images.length} ${[...document.querySelectorAll('style')].some((style) => /@page pdf-page-1 \{ size: [\d.]+pt [\d.]+pt/.test(style.textContent ?? ''))}`;
    };
  });
  await dialog.getByRole('button', { name: 'Print' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-printed', '1 true');
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  await expect(page.locator('.pdf-print-pages')).toHaveCount(0);

  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('a student’s registration form: every page is drawn in turn, and it downloads', async ({ page }) => {
  const student = claimStudent('complete', 2);
  await signInStudentViaApi(page, student);
  await page.goto('/registration/complete');
  await page.getByRole('button', { name: 'View / Print registration form' }).click();
  const dialog = page.getByRole('dialog', { name: 'Registration Form' });
  await expect(dialog.getByText('Printing this form needs a legal sheet (8 1/2 x 14).')).toBeVisible();
  await expectFirstPageDrawn(dialog);
  const count = Number((await dialog.getByText(/^Page 1 of \d+$/).textContent())!.match(/of (\d+)/)![1]);
  expect(count).toBeGreaterThan(1);
  for (let number = 2; number <= count; number += 1) {
    await dialog.getByRole('button', { name: 'Next page' }).click();
    await expect(dialog.getByText(`Page ${number} of ${count}`)).toBeVisible();
    await expect(dialog.locator(`canvas[data-drawn="${number}@fit"]`)).toBeVisible();
  }
  await expect(dialog.getByRole('button', { name: 'Next page' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Previous page' }).click();
  await expect(dialog.getByText(`Page ${count - 1} of ${count}`)).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'pdf-viewer-registration-form-phone');
  await expectDownload(page, dialog, new RegExp(`^registration-form-${student.id}\\.pdf$`));
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
});

test('an admin on a phone opens a student’s registration form from the table', async ({ page }) => {
  const student = claimStudent('complete', 4);
  await signInAdminViaApi(page);
  await page.goto('/admin/dashboard');
  await page.getByRole('searchbox').fill(student.id);
  const row = studentsTableRows(page, student.id);
  await expect(row).toHaveCount(1);
  await chooseRowAction(row, 'Registration Form');
  const dialog = page.getByRole('dialog', { name: /^Registration Form – / });
  await expectFirstPageDrawn(dialog);
  await expectAccessible(page);
  await expectDownload(page, dialog, new RegExp(`^registration-form-${student.id}\\.pdf$`));
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
});

test('a student’s attendance report for a range is drawn on the phone and downloads', async ({ page }) => {
  const student = claimStudent('any', 1);
  await signInStudentViaApi(page, student);
  await page.goto('/attendance');
  await page.getByRole('button', { name: 'Generate Report' }).click();
  const range = page.getByRole('dialog', { name: 'Attendance Report' });
  for (const [label, date] of [
    ['Start Date', '20261001'],
    ['End Date', '20261031'],
  ]) {
    await range.getByRole('textbox', { name: label }).clear();
    await range.getByRole('textbox', { name: label }).pressSequentially(date);
  }
  await range.getByRole('button', { name: 'Display Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Attendance Report 2026-10-01 to 2026-10-31' });
  await expectFirstPageDrawn(dialog);
  await expectAccessible(page);
  await shot(page, 'pdf-viewer-attendance-phone');
  await expectDownload(page, dialog, new RegExp(`^attendance-${student.id}-2026-10-01-2026-10-31\\.pdf$`));
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
