import { expect, test } from '@playwright/test';
import { timeStep, totpCode } from './support/totp.ts';
import {
  browserBeside,
  claimStudent,
  expectAccessible,
  expectNoSidewaysScroll,
  firstStaffSignIn,
  goToAdminScreen,
  openAdminMenu,
  signInAdminViaApi,
  signInStaff,
  studentsTableRows,
} from './support/fixtures.ts';
import { screenshots } from './support/screenshots.ts';

/** Each screen saved whole, to be looked at (SCREENSHOT_DIR). */
const shot = screenshots({ fullPage: true });

const TEACHER_PASSWORD = 'Chaconia-Flower-Red-31';

test('an admin adds a teacher with a class; the teacher sets her password, enrols an authenticator app, sees only her class and its health alerts, and is refused the export', async ({
  page,
  browser,
}, testInfo) => {
  // Two people's whole first days, one after the other: near the minute on a busy machine.
  test.slow();
  const student = claimStudent('any');
  const username = `teacher-${testInfo.project.name}`;

  await signInAdminViaApi(page);
  await page.goto('/admin/dashboard');
  await goToAdminScreen(page, 'Staff');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Staff accounts' })).toContainText('admin');
  await page.getByRole('button', { name: 'Add staff member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a staff member' });
  await dialog.getByRole('textbox', { name: 'Username' }).fill(username);
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Ms Joseph');
  await dialog.getByRole('combobox', { name: 'Classes' }).click();
  await page.getByRole('option', { name: student.class_id, exact: true }).click();
  await page.keyboard.press('Escape');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Add' }).click();
  const oneTime = (await page.getByTestId('one-time-password').textContent())!;
  expect(oneTime).toMatch(/^[A-Za-z2-9]{12}$/);
  const row = page.getByRole('row').filter({ hasText: username });
  await expect(row).toContainText('Teacher');
  await expect(row).toContainText(student.class_id);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await shot(page, `staff-${testInfo.project.name}`);

  const teacherContext = await browserBeside(page, browser, testInfo);
  const teacher = await teacherContext.newPage();
  try {
    await firstStaffSignIn(teacher, username, oneTime, TEACHER_PASSWORD);
    await expect(teacher.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();

    // She sets up a second factor on her account: an authenticator app, confirmed with its code.
    await teacher.goto('/admin/account');
    await teacher.getByRole('button', { name: 'Set up an authenticator app' }).click();
    const secret = (await teacher.getByTestId('totp-secret').textContent())!;
    await teacher.getByLabel('Code from the app').fill(totpCode(secret, timeStep()));
    await teacher.getByRole('button', { name: 'Turn on' }).click();
    await expect(teacher.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
    await expectAccessible(teacher);
    await teacher.goto('/admin/dashboard');

    // Her menu holds what her role may use; her table, her class's students only.
    const menu = await openAdminMenu(teacher);
    await expect(menu.getByRole('link')).toHaveText(['Dashboard', 'Parents Contact', 'Absence Notes', 'Health Alerts']);
    await menu.getByRole('link', { name: 'Health Alerts' }).click();
    await expect(teacher.getByRole('heading', { level: 1, name: 'Health Alerts' })).toBeVisible();
    const alerts = teacher.getByRole('table', { name: `Health alerts of class ${student.class_id}` });
    await expect(alerts).toContainText(student.id);
    await expectNoSidewaysScroll(teacher);
    await expectAccessible(teacher);
    await shot(teacher, `health-alerts-${testInfo.project.name}`);

    // Parents Contact offers her own class, never all classes at once.
    await goToAdminScreen(teacher, 'Parents Contact');
    await expect(teacher.getByRole('combobox', { name: 'Class' })).toHaveText(new RegExp(student.class_id));
    await teacher.getByRole('combobox', { name: 'Class' }).click();
    await expect(teacher.getByRole('option', { name: 'All classes' })).toHaveCount(0);
    await teacher.keyboard.press('Escape');

    await goToAdminScreen(teacher, 'Dashboard');
    await expect(studentsTableRows(teacher).first()).toBeVisible();
    await expect(teacher.getByText(/^Total Number of Students: \d+$/)).toBeVisible();
    const rows = await studentsTableRows(teacher).allTextContents();
    for (const text of rows) expect(text).toContain(student.class_id);
    // The date of birth and birth certificate are not hers to see: her table leaves their columns out.
    await expect(teacher.getByRole('columnheader')).toHaveText(
      testInfo.project.name === 'phone' ? ['ID', 'Name', 'Class', 'Parent linked'] : ['ID', 'Name', 'Class', 'Parent linked', 'Actions'],
    );
    await expect(studentsTableRows(teacher).first().locator('td')).toHaveCount(testInfo.project.name === 'phone' ? 4 : 5);
    await expectAccessible(teacher);

    // The whole school's registration spreadsheet is not hers: the page says so, the server refuses it.
    await teacher.goto('/admin/export');
    await expect(teacher.getByRole('heading', { level: 1, name: 'You do not have access to this page.' })).toBeVisible();
    await expectAccessible(teacher);
    await shot(teacher, `no-access-${testInfo.project.name}`);
    expect((await teacher.request.get('/api/registration-data-spreadsheet')).status()).toBe(403);

    // She loses her phone: the admin removes her second factors, which ends her session; she signs in with her password alone.
    await page.reload();
    await row.getByRole('button', { name: 'Remove the second factors of Ms Joseph' }).click();
    await expect(page.getByRole('alert').filter({ hasText: "Ms Joseph's second factors are removed and her sessions have ended." })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Remove the second factors of Ms Joseph' })).toHaveCount(0);
    await expectAccessible(page);
    await shot(page, `factors-removed-${testInfo.project.name}`);
    expect((await teacher.request.get('/api/students')).status()).toBe(401);
  } finally {
    await teacherContext.close();
  }
  // On her new phone.
  const newPhoneContext = await browserBeside(page, browser, testInfo);
  const newPhone = await newPhoneContext.newPage();
  try {
    await signInStaff(newPhone, username, TEACHER_PASSWORD);
    await expect(newPhone.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await newPhone.goto('/admin/account');
    await expect(newPhone.getByRole('button', { name: 'Set up an authenticator app' })).toBeVisible();
  } finally {
    await newPhoneContext.close();
  }
});
