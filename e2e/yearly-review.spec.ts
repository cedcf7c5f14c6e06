import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { academicYearLabel } from '@school/contract/api-types';
import SQLite from 'better-sqlite3';
import { apiCall, expectAccessible, signInAdminViaApi, signInStudentViaApi, type DemoStudent } from './support/fixtures.ts';
import { startPortal, type PortalProcess } from './support/portal-process.ts';

/** The journey rolls the whole school into the next year, so it runs on a portal of its own. */
const test = base.extend<object, { ownPortal: PortalProcess }>({
  ownPortal: [
    // Playwright reads a fixture's first argument as the fixtures it needs; this one needs none of them.
    async ({ browserName: _browser }, use) => {
      const portal = await startPortal();
      await use(portal);
      await portal.stop();
    },
    // A portal of its own seeds its demo school first, which takes a while on a busy machine.
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ ownPortal }, use) => use(ownPortal.baseUrl),
});

/** A demo student of forms 1 to 4 who completed and agreed to her registration this year, with her documents in. */
function agreedStudent(portal: PortalProcess): DemoStudent {
  const db = new SQLite(path.join(portal.dataDir, 'portal.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare(
        `SELECT s.id, s.first_name, s.last_name, s.date_of_birth, s.class_id FROM students s JOIN student_accounts a ON a.student_id = s.id
         WHERE a.password_reset = 1 AND s.agree_terms_conditions = 1 AND substr(s.class_id, 1, 1) < '5' ORDER BY s.id LIMIT 1`,
      )
      .get() as Omit<DemoStudent, 'dobPassword'>;
    return { ...row, dobPassword: row.date_of_birth.replaceAll('-', '') };
  } finally {
    db.close();
  }
}

/** Moves the school into its next year as the New School Year screen proposes, and opens registration for every form. */
async function rollOver(admin: Page): Promise<number> {
  const { year, classes } = (await (await admin.request.get('/api/school-year')).json()) as {
    year: number;
    classes: Array<{ class_id: string; form_level: number }>;
  };
  const letter = (entry: { class_id: string; form_level: number }) => entry.class_id.slice(String(entry.form_level).length);
  const moves = classes.map((from) => ({
    from: from.class_id,
    to: classes.find((to) => to.form_level === from.form_level + 1 && letter(to) === letter(from))?.class_id ?? null,
  }));
  const rolled = await apiCall(admin, 'POST', '/api/school-year/rollover', { to_year: year + 1, classes: moves, dry_run: false });
  expect(rolled.status()).toBe(200);
  for (const level of [1, 2, 3, 4, 5]) {
    expect((await apiCall(admin, 'PUT', `/api/registration-status/${level}`, { open: 1, deadline_local: null })).status()).toBe(200);
  }
  return year + 1;
}

/** The step menu that is on screen: the side menu on wide screens, the bottom bar on phones. */
const stepMenu = (page: Page) => page.getByRole('navigation', { name: 'Registration steps' }).filter({ visible: true });
const stepLink = (page: Page, label: string) => stepMenu(page).getByRole('link', { name: new RegExp(`^${label}`) });

/** Presses 'Nothing has changed' on the step open, and sees it counted as done. */
async function confirmStep(page: Page, label: string) {
  await page.getByRole('button', { name: 'Nothing has changed' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Thank you: you have confirmed ${label}.` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nothing has changed' })).toHaveCount(0);
  await expect(stepLink(page, label)).toHaveAccessibleName(`${label} (complete)`);
}

async function openStep(page: Page, label: string) {
  await stepLink(page, label).click();
  await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();
}

test("a returning student reviews her steps with 'Nothing has changed', changes one field, and agrees", async ({ page, browser, ownPortal }, testInfo) => {
  const student = agreedStudent(ownPortal);
  const admin = await browser.newPage({ baseURL: ownPortal.baseUrl });
  await signInAdminViaApi(admin);
  const year = await rollOver(admin);
  await admin.close();

  await signInStudentViaApi(page, student);
  await page.goto('/registration/student-data');
  await expect(page.getByRole('heading', { level: 1, name: 'Student Data' })).toBeVisible();
  // Her data is kept from last year; no step counts as done until she has reviewed it.
  await expect(page.locator('#field-first_name')).toHaveValue(student.first_name);
  for (const label of ['Student Data', 'Family Data', 'Health Data', 'Other Data', 'Documents'])
    await expect(stepLink(page, label)).toHaveAccessibleName(label);
  await expect(page.getByRole('region', { name: 'Still right?' })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('review-student-data.png') });

  await confirmStep(page, 'Student Data');
  await expectAccessible(page);
  await openStep(page, 'Family Data');
  await confirmStep(page, 'Family Data');
  await openStep(page, 'Health Data');
  await confirmStep(page, 'Health Data');

  // One thing changed this year: her achievements. Saving it reviews the step.
  await openStep(page, 'Other Data');
  const achievements = page.locator('#field-achivements');
  await achievements.fill('Captain of the netball team');
  await achievements.blur();
  await expect(stepLink(page, 'Other Data')).toHaveAccessibleName('Other Data (complete)');
  await expect(page.getByRole('button', { name: 'Nothing has changed' })).toHaveCount(0);

  // Her documents carried over: she confirms them.
  await openStep(page, 'Documents');
  await expect(page.getByRole('button', { name: 'Nothing has changed' })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('review-documents.png'), fullPage: true });
  await confirmStep(page, 'Documents');

  await openStep(page, 'Complete');
  await expect(page.getByText('Every step is complete. Read the terms below and agree to finish your registration.')).toBeVisible();
  await page.getByRole('checkbox', { name: 'I have read and agree to the terms and conditions.' }).check();
  await expect(page.getByTestId('registration-complete')).toContainText(`Your registration for ${academicYearLabel(year)} is complete`);
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('review-complete.png'), fullPage: true });
});
