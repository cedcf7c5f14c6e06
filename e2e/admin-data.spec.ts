import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import {
  chooseFromSelect,
  expectAccessible,
  expectCurrentAdminScreen,
  expectNoSidewaysScroll,
  goToAdminScreen,
  signInAdminViaApi,
  signInNewAdmin,
} from './support/fixtures.ts';
import { expectDownload, expectFirstPageDrawn } from './support/pdf-viewer.ts';
import { shot } from './support/screenshots.ts';

/** Where a journey keeps a downloaded file to read it: Playwright's own output folder. */
const output = (name: string) => test.info().outputPath(name);

test('Export Data shows the persistent dialog and downloads Registration Data.xlsx', async ({ page }) => {
  await signInAdminViaApi(page);
  await page.goto('/admin/dashboard');
  // The answer is held back until the dialog has been seen, as it shows while the file is made.
  let dialogSeen = () => {};
  const answerMayGo = new Promise<void>((resolve) => (dialogSeen = resolve));
  await page.route('**/api/registration-data-spreadsheet', async (route) => {
    const response = await route.fetch();
    await answerMayGo;
    await route.fulfill({ response });
  });
  const download = page.waitForEvent('download');
  await goToAdminScreen(page, 'Export Data');
  const dialog = page.getByRole('dialog', { name: 'Downloading data...' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('progressbar')).toBeVisible();
  dialogSeen();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Registration Data.xlsx');
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Registration Data.xlsx has been downloaded.')).toBeVisible();
  await expectCurrentAdminScreen(page, 'Export Data');
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  const saved = output('Registration Data.xlsx');
  await file.saveAs(saved);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(saved);
  expect(workbook.worksheets[0].name).toBe('All Students');
  expect(workbook.worksheets[0].rowCount).toBeGreaterThan(100);
  expect(workbook.worksheets[0].getRow(1).getCell(1).value).toBe('Student ID');

  // A failure says so, and the admin can try again.
  await page.unroute('**/api/registration-data-spreadsheet');
  await page.route('**/api/registration-data-spreadsheet', (route) => route.fulfill({ status: 503, json: { message: 'The portal is busy.' } }));
  await page.getByRole('button', { name: 'Download again' }).click();
  await expect(page.getByRole('alert')).toContainText('The portal is busy.');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
});

test('the Reports screen shows the registration report for all classes', async ({ page }) => {
  await signInAdminViaApi(page);
  await page.goto('/admin/dashboard');
  const report = page.waitForResponse((response) => response.url().endsWith('/api/registration-report/all'));
  await goToAdminScreen(page, 'Registration Report');
  await expect(page).toHaveURL(/\/admin\/reports$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Registration Report' })).toBeVisible();
  const answer = await report;
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('application/pdf');
  // The report opens in the portal's own viewer, which phones can show (decision 044).
  const viewer = page.getByRole('dialog', { name: 'Registration Report' });
  await expectFirstPageDrawn(viewer);
  await expectDownload(page, viewer, /^registration-report\.pdf$/);
  await expectAccessible(page);
  await viewer.getByRole('button', { name: 'Close' }).click();
  await expectCurrentAdminScreen(page, 'Registration Report');
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
});

test('the dashboard’s total counts the students Parents Contact lists; those who have left are counted apart in both, and listed when asked', async ({
  page,
}) => {
  await signInAdminViaApi(page);
  // Other journeys mark students as left on the same portal: the two screens are read again until they were read between two such changes.
  await expect(async () => {
    await page.goto('/admin/dashboard');
    const total = page.getByText(/^Total Number of Students: [1-9]\d*$/);
    const note = page.getByText(/^\d+ who have left the school are not counted$/);
    await expect(total).toBeVisible();
    await expect(note).toBeVisible();
    const atSchool = Number((await total.textContent())!.match(/\d+/)![0]);
    const leavers = Number((await note.textContent())!.match(/\d+/)![0]);
    await shot(page, 'admin-dashboard-total');

    await goToAdminScreen(page, 'Parents Contact');
    const status = page.getByRole('status').filter({ hasText: /students/ });
    await expect(status).toHaveText(`${atSchool} students · ${leavers} who have left not shown`);
    await page.getByRole('checkbox', { name: 'Include students who have left' }).check();
    await expect(status).toHaveText(`${atSchool + leavers} students · ${leavers} of them have left`);
    await expect(page.getByRole('table', { name: 'Parents contact' }).getByText(/^Left on \d{4}-\d{2}-\d{2}$/)).toHaveCount(leavers);
    await shot(page, 'admin-parents-contact-leavers');

    await page.goto('/admin/dashboard');
    await page.getByRole('checkbox', { name: 'Show students who have left' }).check();
    await expect(page.getByText(`Total Number of Students: ${atSchool + leavers}`, { exact: true })).toBeVisible();
    await expect(page.getByText(`${leavers} of them have left the school`, { exact: true })).toBeVisible();
  }).toPass({ timeout: 120_000 });
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
});

test('Export Data and the Registration Report leave out the students who have left unless the admin includes them', async ({ page }, testInfo) => {
  // Two spreadsheets and two reports of the whole school, made while other journeys run.
  test.setTimeout(180_000);
  await signInNewAdmin(page, testInfo, 'leavers', 'Leavers-Ledger-Frangipani-7');
  /** The spreadsheet's students on its first sheet (the header row aside), downloaded with the page's choice. */
  const spreadsheetRows = async (name: string) => {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download again' }).click();
    const saved = output(name);
    await (await download).saveAs(saved);
    await expect(page.getByText('Registration Data.xlsx has been downloaded.')).toBeVisible();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(saved);
    return workbook.worksheets[0].actualRowCount - 1;
  };
  await goToAdminScreen(page, 'Export Data');
  await expect(page.getByText('Registration Data.xlsx has been downloaded.')).toBeVisible();
  const choice = page.getByRole('checkbox', { name: 'Include students who have left' });
  await expect(choice).not.toBeChecked();
  // Other journeys mark students as left on the same portal: the two files are made again until they were made between two such changes.
  await expect(async () => {
    await choice.uncheck();
    const atSchool = await spreadsheetRows('at-school.xlsx');
    await choice.check();
    const withLeavers = await spreadsheetRows('with-leavers.xlsx');
    expect(withLeavers).toBeGreaterThan(atSchool);
  }).toPass({ timeout: 120_000 });
  await expectNoSidewaysScroll(page);
  await shot(page, 'admin-export-data-leavers');
  await expectAccessible(page);

  // The report is made again with them when asked, and opens in the viewer.
  await goToAdminScreen(page, 'Registration Report');
  const viewer = page.getByRole('dialog', { name: 'Registration Report' });
  await expectFirstPageDrawn(viewer);
  await viewer.getByRole('button', { name: 'Close' }).click();
  const again = page.waitForRequest((request) => request.url().endsWith('/api/registration-report/all?leavers=include'));
  await page.getByRole('checkbox', { name: 'Include students who have left' }).check();
  await again;
  await expectFirstPageDrawn(viewer);
  await viewer.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('checkbox', { name: 'Include students who have left' })).toBeChecked();
  await expectNoSidewaysScroll(page);
  await shot(page, 'admin-registration-report-leavers');
  await expectAccessible(page);
});

test('Parents Contact lists the students of a class who have left when the admin includes them, each with her day', async ({ page }) => {
  await signInAdminViaApi(page);
  await page.goto('/admin/dashboard');
  await goToAdminScreen(page, 'Parents Contact');
  await expect(page.getByRole('status').filter({ hasText: /students/ })).toBeVisible();
  // One class, with the demo school's girl of 4B who moved to another school: axe reads one class's list.
  await chooseFromSelect(page, 'Class', 'Form 4 – 4B');
  const table = page.getByRole('table', { name: 'Parents contact' });
  await expect(table.locator('tbody tr').first()).toBeVisible();
  const leftOn = table.getByText(/^Left on \d{4}-\d{2}-\d{2}$/);
  await expect(leftOn).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Include students who have left' }).check();
  await expect(leftOn.first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
});

test('Parents Contact lists one class, finds a student, and downloads the list as PDF and Excel', async ({ page }) => {
  await signInAdminViaApi(page);
  await page.goto('/admin/dashboard');
  await goToAdminScreen(page, 'Parents Contact');
  await expect(page).toHaveURL(/\/admin\/reports\/parents-contact$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Parents Contact' })).toBeVisible();
  await expectCurrentAdminScreen(page, 'Parents Contact');

  // The class list opens once the page has settled on its first class and that class's students.
  await expect(page.getByRole('status').filter({ hasText: /students/ })).toBeVisible();
  await chooseFromSelect(page, 'Class', 'Form 2 – 2B');
  const table = page.getByRole('table', { name: 'Parents contact' });
  const rows = table.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  const total = await rows.count();
  expect(total).toBeGreaterThan(1);
  await expect(table.locator('tbody')).not.toContainText('· 3A');
  const firstStudent = (await rows.first().locator('td').first().locator('p').first().textContent())!;
  await page.getByRole('searchbox', { name: 'Search' }).fill(firstStudent.split(',')[0]);
  await expect(page.getByRole('status').filter({ hasText: /of \d+ students|students/ })).toBeVisible();
  await expect(rows.first()).toContainText(firstStudent);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  for (const [name, type, suggested] of [
    ['PDF', 'application/pdf', 'Parents Contact 2B.pdf'],
    ['Excel', 'spreadsheetml', 'Parents Contact 2B.xlsx'],
  ] as const) {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(suggested);
    const path = output(suggested);
    await file.saveAs(path);
    const bytes = fs.readFileSync(path);
    expect(bytes.subarray(0, type === 'application/pdf' ? 5 : 2).toString('latin1')).toBe(type === 'application/pdf' ? '%PDF-' : 'PK');
  }
});

test('an import with errors changes nothing; the corrected file adds the student, who signs in with her date of birth', async ({ page, browser }) => {
  const id = `E2E-${test.info().project.name === 'phone' ? 'P' : 'D'}-${Date.now() % 100000}`;
  await signInAdminViaApi(page);
  await page.goto('/admin/dashboard');
  await goToAdminScreen(page, 'Import Students');
  await expect(page).toHaveURL(/\/admin\/import$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Import Students' })).toBeVisible();
  await expectCurrentAdminScreen(page, 'Import Students');

  const template = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download the template' }).click();
  expect((await template).suggestedFilename()).toBe('Student Import Template.xlsx');

  const header = 'Student ID,First Name,Last Name,Sex,Date of Birth,Class,House\n';
  const chooser = page.getByLabel('Choose the file to import');
  await chooser.setInputFiles({
    name: 'intake.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${header}${id},Kamala,Persad,F,2014-02-31,1A,A\n${id}X,Vanessa,Persad,F,2014-03-01,1Z,A\n`),
  });
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(page.getByText(/The file has 2 problems/)).toBeVisible();
  const problems = page.getByRole('region', { name: 'Problems found in the file' }).or(page.getByLabel('Problems found in the file'));
  await expect(problems).toContainText('The date of birth must be a date (yyyy-MM-dd).');
  await expect(problems).toContainText('There is no class 1Z.');
  await expect(page.getByRole('button', { name: 'Import', exact: true })).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  await chooser.setInputFiles({ name: 'intake-fixed.csv', mimeType: 'text/csv', buffer: Buffer.from(`${header}${id},Kamala,Persad,F,2014-02-28,1A,A\n`) });
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(page.getByText(/ready to import/)).toBeVisible();
  await expect(page.getByLabel('Figures of the import')).toContainText('New students1');
  // While the import is open the screen asks the server how far it has got (a one-row file is written at once).
  const progress = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/student-import/progress');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  expect((await progress).status()).toBe(200);
  await expect(page.getByText('The file was imported.')).toBeVisible();
  const history = page.getByRole('table', { name: 'Past imports' });
  await expect(history).toContainText('intake-fixed.csv');
  await expectAccessible(page);

  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const student = await context.newPage();
  await student.goto('/');
  await student.getByRole('textbox', { name: 'Student ID' }).fill(id);
  await student.getByRole('textbox', { name: 'Student ID' }).blur();
  const password = student.getByRole('textbox', { name: 'Password', exact: true });
  await expect(password).toHaveAttribute('placeholder', 'Enter date of birth');
  await password.fill('20140228');
  await student.getByRole('button', { name: 'Sign In' }).click();
  await expect(student.getByRole('heading', { name: 'Set your password' })).toBeVisible();
  await context.close();
});
