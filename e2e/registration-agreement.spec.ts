import path from 'node:path';
import { expect, test as base } from '@playwright/test';
import SQLite from 'better-sqlite3';
import {
  apiCall,
  browserBeside,
  expectAccessible,
  expectNoSidewaysScroll,
  signInAdminViaApi,
  signInStudentViaApi,
  type DemoStudent,
} from './support/fixtures.ts';
import { startPortal, type PortalProcess } from './support/portal-process.ts';
import { invitationLinkTo } from './support/family.ts';
import { shot } from './support/screenshots.ts';

/**
 * The yearly registration's agreement asked of a linked parent (issue 51, point 3), at 1280×800 and
 * 360×740: the admin switches it on on the Consent Forms screen; a mother agrees on her daughter's
 * page; the girl's Complete step, and the staff's list, show that it was given. The switch changes
 * the whole school, so the journey runs on a portal of its own, whose outbox it reads as a mailbox.
 */
const test = base.extend<object, { portal: PortalProcess }>({
  portal: [
    // Playwright reads a fixture's first argument as the fixtures it needs; this one needs none of them.
    async ({ browserName: _browser }, use) => {
      const portal = await startPortal();
      await use(portal);
      await portal.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ portal }, use) => use(portal.baseUrl),
});

const PASSWORD = 'Tamarind-Rain-Mornings-8';

/** A student of an open form level who has not signed in yet: the phone's journey takes another than the desktop's. */
function studentOf(portal: PortalProcess, index: number): DemoStudent {
  const db = new SQLite(path.join(portal.dataDir, 'portal.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare(
        `SELECT s.id, s.first_name, s.last_name, s.date_of_birth, s.class_id FROM students s
         JOIN student_accounts a ON a.student_id = s.id JOIN form_classes c ON c.id = s.class_id JOIN registration_status r ON r.form_level = c.form_level
         WHERE a.password_reset = 1 AND r.open = 1 AND (r.deadline IS NULL OR r.deadline > ?) ORDER BY s.id LIMIT 1 OFFSET ?`,
      )
      .get(new Date().toISOString(), index) as Omit<DemoStudent, 'dobPassword'>;
    return { ...row, dobPassword: row.date_of_birth.replaceAll('-', '') };
  } finally {
    db.close();
  }
}

test('the admin asks a linked parent to agree to the yearly registration; a mother agrees, and the girl’s Complete step shows it', async ({
  page,
  browser,
  portal,
}, testInfo) => {
  test.setTimeout(180_000);
  const run = `${testInfo.project.name}-${Date.now()}`;
  const girl = studentOf(portal, testInfo.project.name === 'phone' ? 1 : 0);

  // The admin switches it on, on the Consent Forms screen: the year's agreement is listed first.
  await signInAdminViaApi(page);
  await page.goto('/admin/consents');
  const setting = page.getByRole('switch', { name: 'Ask a linked parent or guardian to agree to the yearly registration too' });
  await expect(setting).not.toBeChecked();
  await setting.click();
  const forms = page.getByRole('table', { name: 'Consent forms' });
  await expect(forms.getByRole('link', { name: /^Yearly registration agreement \d{4}-\d{4}$/ })).toBeVisible();
  await expect(setting).toBeChecked();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await shot(page, 'consent-registration-setting');

  // The girl's mother, invited by the school, makes her account and agrees on her daughter's page.
  const email = `mother-${run}@example.com`;
  expect((await apiCall(page, 'POST', '/api/guardian-invitations', { student_id: girl.id, email, relationship: 'mother' })).status()).toBe(200);
  const motherContext = await browserBeside(page, browser, testInfo, portal.baseUrl);
  const mother = await motherContext.newPage();
  await mother.goto(invitationLinkTo(email, portal.dataDir));
  await mother.getByLabel('Your name').fill('Rhonda Baptiste');
  await mother.getByLabel('New Password').fill(PASSWORD);
  await mother.getByLabel('Confirm Password').fill(PASSWORD);
  await mother.getByRole('button', { name: 'Create Account' }).click();
  await expect(mother).toHaveURL(/\/family$/);
  const card = mother.getByRole('article', { name: /^Yearly registration agreement \d{4}-\d{4}$/ });
  await expect(card).toBeVisible();
  await expect(card.getByText(`For ${girl.first_name} · answer while ${girl.first_name}’s registration is open`)).toBeVisible();
  await expect(card.getByText(/The information I have given in this registration record is true/)).toBeVisible();
  await expectNoSidewaysScroll(mother);
  await expectAccessible(mother);
  await shot(mother, 'consent-registration-family');
  await card.getByRole('radio', { name: 'I agree' }).check();
  await card.getByLabel(/^Type your full name to sign/).fill('Rhonda Baptiste');
  await card.getByRole('button', { name: 'Send My Answer' }).click();
  await expect(card.getByText('You agreed')).toBeVisible();

  // The girl signs in: her Complete step says her mother agreed.
  const girlContext = await browserBeside(page, browser, testInfo, portal.baseUrl);
  const student = await girlContext.newPage();
  await signInStudentViaApi(student, girl);
  await student.goto('/registration/complete');
  const agreement = student.getByRole('region', { name: 'Your Parent’s Agreement' });
  await expect(agreement.getByText(/^A parent agreed to your registration for \d{4}-\d{4}$/)).toBeVisible();
  await expect(agreement.getByText(/Rhonda Baptiste \(your mother\) agreed on/)).toBeVisible();
  await expectNoSidewaysScroll(student);
  await expectAccessible(student);
  await agreement.scrollIntoViewIfNeeded();
  await shot(student, 'consent-registration-complete-step');

  // The staff's list of the agreement shows her agreed.
  await forms.getByRole('link', { name: /^Yearly registration agreement/ }).click();
  const row = page.locator(`tr[data-student="${girl.id}"]`).filter({ hasText: 'Rhonda Baptiste (Mother)' });
  await expect(row).toContainText('Agreed');
  await expectAccessible(page);

  await Promise.all([motherContext.close(), girlContext.close()]);
});
