import { expect, test, type Page } from '@playwright/test';
import {
  chooseRowAction,
  claimStudent,
  expectAccessible,
  expectNoSidewaysScroll,
  goToAdminScreen,
  signInAdminViaApi,
  signInStudentViaApi,
  studentsTableRows,
} from './support/fixtures.ts';
import { expectFirstPageDrawn } from './support/pdf-viewer.ts';
import { shot } from './support/screenshots.ts';

/** Today on the school's wall clock, yyyy-MM-dd. */
const schoolToday = () =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'America/Port_of_Spain', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

/** Types a date as digits (yyyymmdd) into one of the report's date fields, which puts in the dashes. */
async function typeDate(page: Page, label: string, isoDate: string) {
  const field = page.getByRole('textbox', { name: label });
  await field.clear();
  await field.pressSequentially(isoDate.replaceAll('-', ''));
  await expect(field).toHaveValue(isoDate);
}

test('a student reads her charts and table, searches a date, and opens and closes a report for a range', async ({ page }, testInfo) => {
  const student = claimStudent('any', 2);
  await signInStudentViaApi(page, student);
  await page.goto('/attendance');
  await expect(page.getByRole('heading', { level: 1, name: 'Student Attendance Records' })).toBeVisible();
  await expect(page.getByText(`${student.first_name} ${student.last_name}`)).toBeVisible();
  await expect(page.getByText(student.id, { exact: true })).toBeVisible();
  await expect(page.getByText(student.class_id, { exact: true })).toBeVisible();
  await expect(page.getByText('Michaelmas Term 2026-2027')).toBeVisible();

  const attendance = page.getByRole('figure', { name: /^Attendance: \d+%/ });
  await expect(attendance).toContainText(/Present: \d+/);
  await expect(attendance).toContainText(/Absent: \d+/);
  await expect(page.getByRole('figure', { name: /^Punctual: \d+%/ })).toContainText(/Late: \d+/);

  const table = page.getByRole('table', { name: 'Attendance records' });
  await expect(table.getByRole('columnheader')).toHaveText(['Date', 'AM', 'PM', 'Late', 'Time In', 'Time Out']);
  await expect(table.getByRole('row')).toHaveCount(testInfo.project.name === 'phone' ? 11 : 26);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  await page.getByRole('textbox', { name: 'Search Date' }).fill('2026-10-05');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText('2026-10-05');
  // The date as sign-in teaches it, yyyymmdd, finds the same day.
  await page.getByRole('textbox', { name: 'Search Date' }).fill('20261005');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText('2026-10-05');
  await page.getByRole('textbox', { name: 'Search Date' }).fill('2026-10-16');
  await expect(table).toContainText('No day matches');

  await page.getByRole('button', { name: 'Generate Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Attendance Report' });
  await expect(dialog.getByRole('textbox', { name: 'Start Date' })).toBeVisible();
  await expectAccessible(page);
  await typeDate(page, 'Start Date', '2026-10-01');
  await typeDate(page, 'End Date', '2026-09-01');
  // Refused in the dialog as it is typed, before Display Report can be pressed.
  await expect(dialog.getByText('The end date is before the start date.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Display Report' })).toBeDisabled();
  await shot(page, `attendance-report-backwards-${testInfo.project.name}`);
  await typeDate(page, 'End Date', '2026-10-31');
  const report = page.waitForResponse((response) => response.url().includes(`/api/student-attendance-report/${student.id}/2026-10-01/2026-10-31`));
  await dialog.getByRole('button', { name: 'Display Report' }).click();
  expect((await report).status()).toBe(200);
  const pdf = page.getByRole('dialog', { name: 'Attendance Report 2026-10-01 to 2026-10-31' });
  await expectFirstPageDrawn(pdf);
  await expectAccessible(page);
  await shot(page, `attendance-report-${testInfo.project.name}`);
  await pdf.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByRole('button', { name: 'Generate Report' }).click();
  await page.getByRole('dialog', { name: 'Attendance Report' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('an admin imports a scan file and the student sees the new day', async ({ page, browser }, testInfo) => {
  const student = claimStudent('any', 4);
  const today = schoolToday();
  await signInAdminViaApi(page);
  await page.goto('/admin/dashboard');
  await goToAdminScreen(page, 'Import Attendance');
  await expect(page.getByRole('heading', { level: 1, name: 'Import Attendance' })).toBeVisible();
  await page.getByLabel('Choose the file to import').setInputFiles({
    name: 'gate-scans.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`Student ID,Date,Time In,Time Out\n${student.id},${today},08:21,15:04\n`),
  });
  await page.getByRole('button', { name: 'Check file' }).click();
  const figures = page.getByLabel('Figures of the import');
  await expect(figures).toContainText('New scans2');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(figures).toContainText('Student days updated1');

  // The same student from the students table's row action.
  await goToAdminScreen(page, 'Dashboard');
  await page.getByRole('searchbox').fill(student.id);
  const studentRow = studentsTableRows(page, student.id);
  await chooseRowAction(studentRow, 'Attendance');
  await expect(page).toHaveURL(new RegExp(`/admin/students/${student.id}/attendance$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Student Attendance Records' })).toBeVisible();
  await expect(page.getByText(student.id, { exact: true })).toBeVisible();
  if (testInfo.project.name === 'desktop') await expectAccessible(page);

  const studentContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: page.viewportSize() ?? undefined });
  const studentPage = await studentContext.newPage();
  await signInStudentViaApi(studentPage, student);
  await studentPage.goto('/attendance');
  await studentPage.getByRole('textbox', { name: 'Search Date' }).fill(today);
  const row = studentPage.getByRole('table', { name: 'Attendance records' }).getByRole('row').nth(1);
  await expect(row).toContainText(today);
  await expect(row).toContainText('08:21');
  await expect(row).toContainText('15:04');
  await expect(row).toContainText('Late');
  await expect(row).toHaveAttribute('data-late', 'true');
  await studentContext.close();
});

test('an admin reads the term calendar and adds a closed day', async ({ page }, testInfo) => {
  // Each project adds its own day, in a later term, so no other journey's figures change.
  const day = testInfo.project.name === 'phone' ? '2027-02-16' : '2027-02-15';
  await signInAdminViaApi(page);
  await page.goto('/admin/dashboard');
  await goToAdminScreen(page, 'Term Calendar');
  await expect(page.getByRole('heading', { level: 1, name: 'Term Calendar' })).toBeVisible();
  const firstTerm = page.getByRole('group', { name: 'Term 1' });
  await expect(firstTerm.getByRole('textbox', { name: 'Starts' })).toHaveValue('2025-09-08');
  // The button opens the browser's own calendar; nothing on the page fails for it.
  const failures: Error[] = [];
  page.on('pageerror', (error) => failures.push(error));
  await firstTerm.getByRole('button', { name: 'Choose Starts from a calendar' }).click();
  await page.keyboard.press('Escape');
  expect(failures).toEqual([]);
  await expect(page.getByRole('group', { name: 'Closed day 1' }).getByLabel('Reason')).toHaveValue('Republic Day');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Add Closed Day' }).click();
  const added = page.getByRole('group', { name: /^Closed day/ }).last();
  await added.getByRole('textbox', { name: 'Date' }).pressSequentially(day.replaceAll('-', ''));
  await added.getByLabel('Reason').fill('Carnival');
  await page.getByRole('button', { name: 'Save Calendar' }).click();
  await expect(page.getByRole('status')).toHaveText('The term calendar is saved. Attendance figures now count by it.');
  await page.reload();
  const days = page.getByRole('group', { name: /^Closed day/ }).getByRole('textbox', { name: 'Date' });
  await expect(days.first()).toBeVisible();
  expect(await Promise.all((await days.all()).map((field) => field.inputValue()))).toContain(day);
});

test('the Term Calendar shows its dates as yyyy-MM-dd, the same in a US and a British browser', async ({ browser }, testInfo) => {
  const shown: string[] = [];
  for (const locale of ['en-US', 'en-GB']) {
    const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, locale, viewport: testInfo.project.use.viewport });
    const page = await context.newPage();
    await signInAdminViaApi(page);
    await page.goto('/admin/term-calendar');
    const starts = page.getByRole('group', { name: 'Term 1' }).getByRole('textbox', { name: 'Starts' });
    await expect(starts).toHaveValue(/\d/);
    shown.push(await starts.inputValue());
    await shot(page, `term-calendar-${testInfo.project.name}-${locale}`);
    await context.close();
  }
  expect(shown).toEqual(['2025-09-08', '2025-09-08']);
});
