import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import SQLite from 'better-sqlite3';
import {
  addStaffViaApi,
  apiCall,
  browserBeside,
  claimStudent,
  expectAccessible,
  expectNoSidewaysScroll,
  firstStaffSignIn,
  goToAdminScreen,
  rowActionsOpener,
  signInAdminViaApi,
  signInStudentViaApi,
  STUDENT_PASSWORD,
  studentsTableRows,
  settled,
  xsrf,
} from './support/fixtures.ts';
import { shot } from './support/screenshots.ts';

/**
 * The layout at both sizes (the phone project is 360 px wide): nothing the student or the office
 * needs is clipped, off-screen, under another element, or makes the page scroll sideways. With
 * SCREENSHOT_DIR set, each screen is also saved there to be looked at.
 */

type Box = { x: number; y: number; width: number; height: number };

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The element's box lies wholly inside the window. */
async function expectInViewport(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box, 'element is rendered').not.toBeNull();
  const viewport = locator.page().viewportSize()!;
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width + 0.5);
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height + 0.5);
}

/** The element's text is not cut: its content fits its box. */
async function expectNotClipped(locator: Locator) {
  const { scrollWidth, clientWidth, scrollHeight, clientHeight } = await locator.evaluate((element) => ({
    scrollWidth: element.scrollWidth,
    clientWidth: element.clientWidth,
    scrollHeight: element.scrollHeight,
    clientHeight: element.clientHeight,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  expect(scrollHeight).toBeLessThanOrEqual(clientHeight);
}

/** Boxes of every visible field and save indicator of the wizard. */
async function fieldBoxes(page: Page): Promise<Box[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('[id^="field-"], [data-save-status]')]
      .map((element) => element.getBoundingClientRect())
      .filter((rect) => rect.width > 0 && rect.height > 0 && rect.bottom > 0 && rect.top < window.innerHeight)
      .map((rect) => ({ x: rect.x, y: rect.y, width: rect.width, height: rect.height })),
  );
}

/** Where the floating menu's button is, or null while it is hidden. */
async function floatingButton(page: Page): Promise<Box | null> {
  const fab = page.getByRole('button', { name: 'Go to another page' });
  if (!(await fab.isVisible())) return null;
  const box = await fab.boundingBox();
  const hidden = await fab.evaluate((element) => getComputedStyle(element).visibility === 'hidden');
  return hidden ? null : box;
}

/** At the top, the middle and the end of the page, the floating menu's button covers no field or save indicator. */
async function expectFloatingMenuCoversNothing(page: Page) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (const y of [0, Math.floor(height / 2), height]) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    // The button hides or shows with the scroll, sliding: judged once it has come to rest.
    await settled(page);
    const fab = await floatingButton(page);
    if (!fab) continue;
    for (const field of await fieldBoxes(page)) expect(overlaps(fab, field), `floating menu over a field at scroll ${y}`).toBe(false);
  }
  // At the end of the page it shows, in the room kept for it.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(page.getByRole('button', { name: 'Go to another page' })).toBeVisible();
  await settled(page);
  const fab = await floatingButton(page);
  expect(fab).not.toBeNull();
  for (const field of await fieldBoxes(page)) expect(overlaps(fab!, field)).toBe(false);
}

/** The top bar shows the whole school name, the avatar and Logout inside the window, none over another. */
async function expectTopBarFits(page: Page) {
  const name = page.getByTestId('school-name');
  await expect(name).toHaveText("St. Brigid's Girls' College");
  await expectNotClipped(name);
  const logout = page.getByRole('link', { name: 'Logout' });
  const avatar = page.getByRole('banner').getByRole('button', { name: /^Account: / });
  for (const element of [name, logout, avatar]) await expectInViewport(element);
  const [nameBox, logoutBox, avatarBox] = await Promise.all([name.boundingBox(), logout.boundingBox(), avatar.boundingBox()]);
  expect(overlaps(nameBox!, avatarBox!)).toBe(false);
  expect(overlaps(nameBox!, logoutBox!)).toBe(false);
}

test('the wizard fits the screen: step menu labels uncut, the floating menu over no field, the top bar whole', async ({ page }) => {
  test.setTimeout(120_000);
  const student = claimStudent('any');
  await signInStudentViaApi(page, student);
  const phone = test.info().project.name === 'phone';
  for (const [step, heading] of [
    ['student-data', 'Student Data'],
    ['family-data', 'Family Data'],
    ['health-data', 'Health Data'],
    ['other-data', 'Other Data'],
    ['documents', 'Documents'],
    ['complete', 'Complete'],
  ]) {
    await page.goto(`/registration/${step}`);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectTopBarFits(page);
    const steps = page.getByRole('navigation', { name: 'Registration steps' }).filter({ visible: true });
    if (phone) {
      // The bottom stepper: six numbers apart from one another, and the current step's name, legible, whole and on screen.
      const links = steps.getByRole('link');
      await expect(links).toHaveCount(6);
      const boxes = await Promise.all((await links.all()).map((link) => link.boundingBox()));
      for (let i = 0; i < boxes.length; i += 1) {
        await expectInViewport(links.nth(i));
        expect(boxes[i]!.width).toBeGreaterThanOrEqual(44);
        for (let j = i + 1; j < boxes.length; j += 1) expect(overlaps(boxes[i]!, boxes[j]!), `step ${i + 1} and step ${j + 1} apart`).toBe(false);
      }
      const name = steps.locator('[data-step-current]');
      await expect(name).toHaveText(new RegExp(`^Step \\d of 6: ${heading}`));
      expect(parseFloat(await name.evaluate((element) => getComputedStyle(element).fontSize))).toBeGreaterThanOrEqual(12);
      await expectInViewport(name);
      await expectNotClipped(name);
      for (const link of await links.all()) expect(overlaps((await link.boundingBox())!, (await name.boundingBox())!)).toBe(false);
    }
    await shot(page, `wizard-${step}`);
    await expectFloatingMenuCoversNothing(page);
    await shot(page, `wizard-${step}-end`);
  }

  // The floating menu's labels, opened, sit one under another without running into each other.
  await page.getByRole('button', { name: 'Go to another page' }).click();
  const menu = page.getByRole('menu', { name: 'Go to another page' });
  const labels = menu.getByRole('menuitem');
  await expect(labels.first()).toBeVisible();
  // Measured once the menu has grown to its size: while it opens, it is drawn squashed.
  await menu.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)));
  const boxes = await Promise.all((await labels.all()).map((label) => label.boundingBox()));
  for (let i = 0; i < boxes.length; i += 1) {
    await expectInViewport(labels.nth(i));
    for (let j = i + 1; j < boxes.length; j += 1) expect(overlaps(boxes[i]!, boxes[j]!)).toBe(false);
  }
  await shot(page, 'floating-menu-open');
  await expectAccessible(page);
});

test('the snackbar after a password change covers neither the top bar nor the page title', async ({ page }) => {
  const student = claimStudent('any');
  await signInStudentViaApi(page, student);
  await page.goto('/registration/change-password');
  await page.getByLabel(/^Current Password/).fill('not-her-password');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert')).toHaveText('The current password is incorrect.');
  await expect(page.getByLabel(/^New Password/)).toBeHidden();
  await page.getByLabel(/^Current Password/).fill(STUDENT_PASSWORD);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel(/^New Password/).fill('password');
  await page.getByLabel(/^Confirm Password/).fill('password');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  // The refused new password is still there to correct.
  await expect(page.getByLabel(/^New Password/)).toHaveValue('password');
  await shot(page, 'change-password-refused');
  await page.getByLabel(/^New Password/).fill('Sorrel-Season-2026');
  await page.getByLabel(/^Confirm Password/).fill('Sorrel-Season-2026');
  await page.getByRole('button', { name: 'Change Password' }).click();
  const snackbar = page.getByText('Password Changed Successfully.');
  await expect(snackbar).toBeVisible();
  // Measured where it comes to rest, not while it slides in.
  await settled(page);
  const [bar, title, message] = await Promise.all([
    page.locator('header').boundingBox(),
    page.getByRole('heading', { level: 1 }).boundingBox(),
    page.getByRole('alert').filter({ hasText: 'Password Changed Successfully.' }).boundingBox(),
  ]);
  expect(message!.y).toBeGreaterThanOrEqual(bar!.y + bar!.height);
  expect(overlaps(message!, title!)).toBe(false);
  // Nor the floating menu's button or the wizard's step bar, where they show.
  const others = [page.getByRole('button', { name: 'Go to another page' }), page.getByRole('navigation', { name: 'Registration steps' })];
  for (const other of others) {
    for (const shown of await other.filter({ visible: true }).all()) expect(overlaps(message!, (await shown.boundingBox())!)).toBe(false);
  }
  await expectInViewport(page.getByRole('alert').filter({ hasText: 'Password Changed Successfully.' }));
  await shot(page, 'snackbar');
});

/** Two demo students who share a first and last name, if the demo school has such a pair. */
function sharedName(): { first_name: string; last_name: string } | undefined {
  const db = new SQLite(path.join(process.env.E2E_DATA_DIR!, 'portal.sqlite'), { readonly: true });
  try {
    return db
      .prepare('SELECT first_name, last_name FROM students GROUP BY lower(first_name), lower(last_name) HAVING count(*) > 1 ORDER BY first_name LIMIT 1')
      .get() as { first_name: string; last_name: string } | undefined;
  } finally {
    db.close();
  }
}

test('the find-ID dialog fits the screen, and tells students of one name apart by form', async ({ page }) => {
  const name = sharedName();
  // The demo school always has namesakes; without them this journey would prove nothing, so it fails.
  expect(name, 'the demo school has two students of one name').toBeDefined();
  await page.goto('/');
  await page.getByRole('button', { name: 'Find my student ID' }).click();
  const dialog = page.getByRole('dialog', { name: 'Find my student ID' });
  await dialog.getByLabel('First Name').fill(name!.first_name);
  await dialog.getByLabel('Last Name').fill(name!.last_name);
  await dialog.getByRole('button', { name: 'Search' }).click();
  const matches = dialog.getByRole('list', { name: 'Students found' }).getByRole('listitem');
  await expect(matches.first()).toBeVisible();
  expect(await matches.count()).toBeGreaterThan(1);
  for (const match of await matches.all()) {
    await expect(match).toContainText(/Form [1-5]/);
    await expectInViewport(match.getByRole('button', { name: /^Use / }));
  }
  await expectInViewport(dialog);
  await expectNoSidewaysScroll(page);
  await shot(page, 'find-id');
  await expectAccessible(page);
});

test('the admin screens fit the screen without sideways scrolling; the tables scroll inside themselves', async ({ page }) => {
  await signInAdminViaApi(page);
  await page.goto('/admin/dashboard');
  await expect(page.getByText(/^Total Number of Students: \d+$/)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectTopBarFits(page);
  await shot(page, 'admin-dashboard');

  await page.getByRole('searchbox').fill('2026');
  const row = studentsTableRows(page).first();
  const edit = page.getByRole('dialog', { name: 'Edit Student' });
  // The table redraws its rows as the search applies: a click on a row being replaced is tried again.
  await expect(async () => {
    await rowActionsOpener(row).click({ timeout: 2_000 });
    await page.getByRole('menuitem', { name: 'Edit', exact: true }).click({ timeout: 2_000 });
    await expect(edit).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(edit.getByRole('textbox', { name: 'First Name' })).not.toHaveValue('');
  await expectInViewport(edit);
  await expectNoSidewaysScroll(page);
  await shot(page, 'admin-edit-student');
  await edit.getByRole('button', { name: 'Close' }).click();

  await goToAdminScreen(page, 'Registration Settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Registration Settings' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expect(page.getByRole('textbox', { name: 'Form 1 deadline', exact: true })).toHaveAttribute('placeholder', 'yyyy-mm-dd');
  await shot(page, 'admin-registration-settings');

  // An impossible deadline is refused in the form, and by the server if sent anyway.
  const form1 = page.getByRole('row', { name: /^Form 1/ });
  await page.getByRole('textbox', { name: 'Form 1 deadline', exact: true }).fill('2026-13-45');
  await page.getByRole('textbox', { name: 'Form 1 deadline time' }).fill('16:00');
  await form1.getByRole('button', { name: 'Save' }).click();
  await expect(form1.getByText('Enter a real date as yyyy-MM-dd, e.g. 2026-09-25.')).toBeVisible();
  const refused = await apiCall(page, 'PUT', '/api/registration-status/1', { open: 1, deadline_local: '2026-13-45T16:00' });
  expect(refused.status()).toBe(422);
  expect((await refused.json()).errors.deadline_local).toEqual(['The deadline is not a real date: enter it as yyyy-MM-dd.']);
  await expectAccessible(page);
});

test('a student’s row actions are named, with her name in view beside them: a menu on a wide screen, a sheet on a phone', async ({ page }) => {
  const student = claimStudent('any');
  const phone = test.info().project.name === 'phone';
  await signInAdminViaApi(page);
  await page.goto('/admin/dashboard');
  await page.getByRole('searchbox').fill(student.id);
  const row = studentsTableRows(page, student.id);
  await expect(row).toHaveCount(1);
  const name = `${student.last_name}, ${student.first_name}`;
  const opener = rowActionsOpener(row);
  // The name and what opens her actions are both in the window, the page never scrolling sideways.
  await expect(opener).toHaveCount(1);
  await expectInViewport(row.locator('td[data-field="name"]'));
  await expectInViewport(opener);
  await expectNotClipped(row.locator('td[data-field="name"]'));
  await expectNoSidewaysScroll(page);
  await expect(page.getByRole('columnheader', { name: 'Actions' })).toHaveCount(phone ? 0 : 1);
  if (!phone) {
    await expect(opener).toHaveText('Actions');
    await opener.hover();
    await expect(page.getByRole('tooltip')).toHaveText(
      'Registration Form, Edit, Attendance, Term Reports, School Years, Invite a parent, Reset password, Mark as left',
    );
    await shot(page, 'admin-row-actions-tooltip');
  }
  await opener.click();
  const menu = page.getByRole('menu', { name: `Actions for ${name}` });
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Registration Form',
    'Edit',
    'Attendance',
    'Term Reports',
    'School Years',
    'Invite a parent',
    'Reset password',
    'Mark as left',
  ]);
  for (const item of await menu.getByRole('menuitem').all()) await expectInViewport(item);
  // Resetting her password comes last, after a rule, in the colour of a warning.
  await expect(menu.getByRole('separator')).toHaveCount(1);
  const reset = menu.getByRole('menuitem', { name: 'Reset password' });
  expect(await reset.evaluate((item) => item.previousElementSibling?.getAttribute('role') ?? item.previousElementSibling?.tagName)).toMatch(/separator|HR/i);
  expect(await reset.evaluate((item) => getComputedStyle(item).color)).not.toBe(
    await menu.getByRole('menuitem', { name: 'Edit' }).evaluate((item) => getComputedStyle(item).color),
  );
  if (phone) {
    // On a phone the sheet names the student above her actions.
    const sheet = page.getByRole('dialog', { name });
    await expect(sheet).toContainText(student.id);
    await expectInViewport(sheet.getByRole('heading', { name }));
  }
  await shot(page, 'admin-row-actions');
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(opener).toBeFocused();
});

test('every column of a student’s row is in view, each value under its column’s name on a phone, and a message leaves the total in view', async ({
  page,
  browser,
}, testInfo) => {
  const student = claimStudent('any');
  await signInAdminViaApi(page);
  await page.goto('/admin/dashboard');
  const oneTime = await addStaffViaApi(page, { username: `counter-${testInfo.project.name}`, display_name: 'Ms Counter', role: 'office' });
  await page.getByRole('searchbox').fill(student.id);
  const row = studentsTableRows(page, student.id);
  await expect(row).toHaveCount(1);
  // The spec's column names, each value in the window and whole, the page never scrolling sideways.
  const values = [
    ['ID', 'id', student.id],
    ['Class', 'class_id', student.class_id],
    ['Date of Birth', 'date_of_birth', student.date_of_birth],
  ] as const;
  await expect(page.getByRole('table', { name: 'Students' }).locator('thead th')).toHaveText(
    ['ID', 'Name', 'Class', 'Parent linked', 'Date of Birth', 'Birth Certificate Pin', 'Actions'].slice(0, testInfo.project.name === 'phone' ? 6 : 7),
  );
  for (const [, field, value] of values) await expect(row.locator(`td[data-field="${field}"]`)).toHaveText(value);
  for (const field of ['name', 'id', 'class_id', 'parent_linked', 'date_of_birth', 'birth_certificate_no']) {
    const cell = row.locator(`td[data-field="${field}"]`);
    await expectInViewport(cell);
    await expectNotClipped(cell);
  }
  if (testInfo.project.name === 'phone') {
    for (const [label, field] of values)
      expect(await row.locator(`td[data-field="${field}"]`).evaluate((cell) => getComputedStyle(cell, '::before').content)).toBe(`"${label}"`);
  }
  await expectInViewport(rowActionsOpener(row));
  await expectNoSidewaysScroll(page);
  await shot(page, 'admin-students-card');
  await expectAccessible(page);

  // A new office member's first sign-in ends on the dashboard with 'Password Changed Successfully.': her total stays in view beside it.
  const context = await browserBeside(page, browser, testInfo);
  const office = await context.newPage();
  await firstStaffSignIn(office, `counter-${testInfo.project.name}`, oneTime, 'Scarlet-Ibis-Flight-9');
  const message = office.getByRole('alert').filter({ hasText: 'Password Changed Successfully.' });
  await expect(message).toBeVisible();
  const total = office.getByText(/^Total Number of Students: [1-9]\d*$/);
  await expect(total).toBeVisible();
  await settled(office);
  await expectInViewport(total);
  expect(overlaps((await message.boundingBox())!, (await total.boundingBox())!), 'the message covers the total').toBe(false);
  await shot(office, 'admin-dashboard-message');
  await context.close();
});

test('an unknown address says Page not found, with a way back', async ({ page }) => {
  const student = claimStudent('any');
  await signInStudentViaApi(page, student);
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByText(/not available yet/)).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await shot(page, 'not-found');
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await shot(page, 'student-dashboard');
});

test('the student’s other screens fit the screen', async ({ page }) => {
  const student = claimStudent('any');
  await signInStudentViaApi(page, student);
  for (const [url, name] of [
    ['/dashboard', 'dashboard'],
    ['/term-reports', 'term-reports'],
    ['/attendance', 'attendance'],
    ['/registration/change-password', 'change-password'],
  ]) {
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    await expectNoSidewaysScroll(page);
    await expectTopBarFits(page);
    await shot(page, name);
  }
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/$/);
  await expectNoSidewaysScroll(page);
  await shot(page, 'sign-in');
});

/** The element scrolls nothing sideways inside itself: its content fits its width. */
async function expectNoInnerSidewaysScroll(locator: Locator) {
  const { scrollWidth, clientWidth } = await locator.evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

/** The element lies across the window's width, none of it off to the side. */
async function expectWithinWidth(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box, 'element is rendered').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(locator.page().viewportSize()!.width + 0.5);
}

/** On a phone the table is labelled cards: no header row, and each cell names its column above its value. */
async function expectLabelledCards(table: Locator, labels: string[]) {
  if (test.info().project.name !== 'phone') return;
  await expect(table.locator('thead')).toBeHidden();
  const firstRow = table.locator('tbody tr').first();
  const shown = await firstRow
    .locator('[data-label]')
    .evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell, '::before').content.replaceAll('"', '')));
  for (const label of labels) expect(shown).toContain(label);
}

test('the admin screens read as labelled cards on a phone: Registration Settings, Post Term Reports and past imports, nothing off to the side', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAdminViaApi(page);
  // A past import with a long file name (an unchanged student, so no other journey's figures move).
  const student = claimStudent('any');
  const fileName = 'registration-intake-form-one-september-2026-final.csv';
  const imported = await page.request.post('/api/student-import', {
    headers: await xsrf(page),
    multipart: { mode: 'upsert', dry_run: 'false', file: { name: fileName, mimeType: 'text/csv', buffer: Buffer.from(`Student ID\n${student.id}\n`) } },
  });
  expect(imported.status()).toBe(200);

  await page.goto('/admin/registration-settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Registration Settings' })).toBeVisible();
  const settings = page.getByRole('table', { name: 'Registration settings' });
  await expect(settings.getByRole('row', { name: /^Form 1/ })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoInnerSidewaysScroll(page.locator('main .MuiPaper-root').first());
  const form1 = settings.getByRole('row', { name: /^Form 1/ });
  for (const control of [
    form1.getByRole('textbox', { name: 'Form 1 deadline', exact: true }),
    form1.getByRole('textbox', { name: 'Form 1 deadline time' }),
    form1.getByRole('button', { name: 'Save' }),
  ])
    await expectWithinWidth(control);
  await expectLabelledCards(settings, ['Registration', 'Deadline', 'Students see']);
  await shot(page, 'admin-registration-settings-cards');
  await expectAccessible(page);

  await page.goto('/admin/term-reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Post Term Reports' })).toBeVisible();
  const terms = page.getByRole('region', { name: 'Terms and their reports' }).or(page.getByLabel('Terms and their reports'));
  const edit = terms.getByRole('button', { name: /^Edit / }).first();
  await expect(edit).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoInnerSidewaysScroll(terms);
  await expectWithinWidth(edit);
  await expectLabelledCards(terms.getByRole('table'), ['Academic Year', 'Term', 'Posted', 'Status', 'Edit']);
  await shot(page, 'admin-post-term-reports');
  await edit.click();
  await expect(page.getByRole('dialog', { name: /^Post \d{4} Term \d reports\?$/ })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expectAccessible(page);

  await page.goto('/admin/import');
  const history = page.getByRole('table', { name: 'Past imports' });
  const file = history.getByRole('cell', { name: new RegExp(fileName) }).first();
  await expect(file).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectWithinWidth(file);
  // The name wraps at most into a few lines, never a letter a line.
  const { height, lineHeight, width } = await file.evaluate((cell) => ({
    height: cell.getBoundingClientRect().height,
    width: cell.getBoundingClientRect().width,
    lineHeight: parseFloat(getComputedStyle(cell).lineHeight),
  }));
  expect(width).toBeGreaterThanOrEqual(150);
  expect(height).toBeLessThan(lineHeight * 5);
  await expectLabelledCards(history, ['When', 'Who', 'File', 'New', 'Updated', 'Unchanged']);
  await file.scrollIntoViewIfNeeded();
  await shot(page, 'admin-past-imports');
  await expectAccessible(page);
});

/**
 * Each phone number, and each e-mail's name and '@domain', in the element, with the lines its
 * text is drawn on (one each when nothing breaks inside it; an e-mail may go on at its '@').
 */
async function linesOfEachContact(locator: Locator): Promise<Array<{ text: string; lines: number }>> {
  return locator.evaluate((root) => {
    const found: Array<{ text: string; lines: number }> = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of (node.textContent ?? '').matchAll(/1868-\d{3}-\d{4}|[^\s@]+(?=@)|@[^\s@]+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
        found.push({ text: match[0], lines: tops.size });
      }
    }
    return found;
  });
}

test('Parents Contact breaks no phone number inside it, an e-mail only at its @, and labels the emergency number Home', async ({ page }) => {
  await signInAdminViaApi(page);
  await page.goto('/admin/reports/parents-contact');
  // One class, so that the check of every card stays quick.
  await page.getByRole('combobox', { name: 'Class' }).click();
  await page
    .getByRole('option', { name: /^Form 1 – / })
    .first()
    .click();
  const table = page.getByRole('table', { name: 'Parents contact' });
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoInnerSidewaysScroll(page.locator('main .MuiPaper-root').first());
  const contacts = await linesOfEachContact(table.locator('tbody'));
  expect(contacts.length).toBeGreaterThan(10);
  expect(contacts.filter((contact) => contact.lines !== 1)).toEqual([]);
  // The emergency contact's number is her home phone, and says so.
  const emergency = table.locator('tbody td[data-label="Emergency contact"]').filter({ hasText: /1868-/ }).first();
  await expect(emergency).toContainText(/Home 1868-\d{3}-\d{4}/);
  await expect(emergency).not.toContainText('Mobile');
  await shot(page, 'admin-parents-contact');
  await expectAccessible(page);
});
