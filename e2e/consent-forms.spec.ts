import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import SQLite from 'better-sqlite3';
import {
  apiCall,
  browserBeside,
  claimStudent,
  expectAccessible,
  expectCurrentAdminScreen,
  expectNoSidewaysScroll,
  goToAdminScreen,
  signInAdminViaApi,
  type DemoStudent,
} from './support/fixtures.ts';
import { expectFirstPageDrawn } from './support/pdf-viewer.ts';
import { invitationLinkTo } from './support/family.ts';
import { shot } from './support/screenshots.ts';

/**
 * Consent forms (issue 51, point 3), at 1280×800 and 360×740: an admin writes a form for a class on
 * the Consent Forms screen; two mothers of the class answer it on their daughter's page, one agreeing
 * and one not, each with her typed name; a father who has not answered, and the students no parent
 * answers for, are what the answers list shows as waited for.
 */

const PASSWORD = 'Sorrel-Season-Evenings-4';

const portalDb = () => new SQLite(path.join(process.env.E2E_DATA_DIR ?? '', 'portal.sqlite'), { readonly: true, fileMustExist: true });

/** Claims another demo student of `classId` no test has used, as `claimStudent` claims one (a file made exclusively). */
function claimClassmate(classId: string): DemoStudent {
  const db = portalDb();
  try {
    const rows = db
      .prepare(
        'SELECT s.id, s.first_name, s.last_name, s.date_of_birth, s.class_id FROM students s JOIN student_accounts a ON a.student_id = s.id WHERE a.password_reset = 1 AND s.class_id = ? ORDER BY s.id',
      )
      .all(classId) as Array<Omit<DemoStudent, 'dobPassword'>>;
    const claims = path.join(process.env.E2E_DATA_DIR ?? '', 'e2e-claims');
    for (const row of rows) {
      try {
        fs.closeSync(fs.openSync(path.join(claims, row.id), 'wx'));
        return { ...row, dobPassword: row.date_of_birth.replaceAll('-', '') };
      } catch {
        // taken by another test
      }
    }
    throw new Error(`No unclaimed student is left in ${classId}`);
  } finally {
    db.close();
  }
}

/** A parent invited by the admin for `girl`, who makes her account in a browser of her own and lands on the family's page. */
async function parentOf(admin: Page, browser: Browser, testInfo: TestInfo, girl: DemoStudent, who: { email: string; name: string; relationship: string }) {
  const sent = await apiCall(admin, 'POST', '/api/guardian-invitations', { student_id: girl.id, email: who.email, relationship: who.relationship });
  expect(sent.status()).toBe(200);
  const context = await browserBeside(admin, browser, testInfo);
  const page = await context.newPage();
  await page.goto(invitationLinkTo(who.email));
  await page.getByLabel('Your name').fill(who.name);
  await page.getByLabel('New Password').fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/family$/);
  return { context, page };
}

/** On her daughter's page, she answers the form with her typed name. */
async function answer(page: Page, title: string, choice: 'I agree' | 'I do not agree', typedName: string, screenshot?: string) {
  await page.goto('/family');
  const card = page.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Consent Forms' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  if (screenshot) await shot(page, screenshot);
  // A name without two letters signs for nobody: told before anything is sent.
  await card.getByRole('radio', { name: choice }).check();
  await card.getByLabel(/^Type your full name to sign/).fill('x');
  await card.getByRole('button', { name: 'Send My Answer' }).click();
  await expect(card.getByText('Type your name as you sign it, with at least two letters.').first()).toBeVisible();
  await card.getByLabel(/^Type your full name to sign/).fill(typedName);
  await card.getByRole('button', { name: 'Send My Answer' }).click();
  await expect(card.getByText(choice === 'I agree' ? 'You agreed' : 'You did not agree')).toBeVisible();
  await expect(card.getByText(new RegExp(`Signed “${typedName}” on`))).toBeVisible();
  await expect(card.getByRole('button', { name: 'Change My Answer' })).toBeVisible();
  await expectAccessible(page);
  if (screenshot) await shot(page, `${screenshot}-answered`);
}

test('an admin writes a consent form for a class; two mothers answer it; the answers list shows who has not', async ({ page, browser }, testInfo) => {
  test.setTimeout(180_000);
  const run = `${testInfo.project.name}-${Date.now()}`;
  const title = `Trip to the Botanic Gardens ${run}`;
  const first = claimStudent('any', 4);
  const second = claimClassmate(first.class_id);

  // The admin opens Consent Forms from the menu and writes the form for the class.
  await signInAdminViaApi(page);
  await page.goto('/admin/dashboard');
  await goToAdminScreen(page, 'Consent Forms');
  await expectCurrentAdminScreen(page, 'Consent Forms');
  await expect(page.getByRole('heading', { level: 1, name: 'Consent Forms' })).toBeVisible();
  await page.getByRole('button', { name: 'New consent form' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Consent Form' });
  await dialog.getByLabel(/^Title/).fill(title);
  await dialog
    .getByLabel(/^What the parents agree to/)
    .fill('I agree that my daughter may go on the class trip to the Botanic Gardens on Friday.\n\nThe bus leaves at 8:00 and returns by 14:00.');
  await dialog.getByRole('combobox', { name: /Classes/ }).click();
  await page.getByRole('option', { name: `Form 4 – ${first.class_id}` }).click();
  await page.keyboard.press('Escape');
  await expect(dialog.getByRole('combobox', { name: /Classes/ })).toHaveText(first.class_id);
  await expectAccessible(page);
  await shot(page, 'consent-new-form');
  await dialog.getByRole('button', { name: 'Open for Answers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(`Classes ${first.class_id} · Open through`)).toBeVisible();

  // Two mothers of the class, and the first girl's father, make their accounts from the school's invitations.
  const firstMother = await parentOf(page, browser, testInfo, first, { email: `mother1-${run}@example.com`, name: 'Maria Charles', relationship: 'mother' });
  const secondMother = await parentOf(page, browser, testInfo, second, { email: `mother2-${run}@example.com`, name: 'Gail Mohammed', relationship: 'mother' });
  const father = await parentOf(page, browser, testInfo, first, { email: `father1-${run}@example.com`, name: 'Joseph Charles', relationship: 'father' });

  // Each mother answers on her daughter's page with her typed name: one agrees, one does not.
  await answer(firstMother.page, title, 'I agree', 'Maria Charles', 'consent-family-form');
  await answer(secondMother.page, title, 'I do not agree', 'Gail Mohammed');
  // Answering again is refused while her answer stands: she changes it instead.
  const again = await apiCall(firstMother.page, 'POST', `/api/consents/${page.url().split('/').pop()}/answers`, {
    answer: 'disagree',
    typed_name: 'Maria Charles',
  });
  expect(again.status()).toBe(409);

  // The admin's list: per class, who answered what, and who has not.
  await page.reload();
  const table = page.getByRole('table', { name: `Answers of class ${first.class_id}` });
  await expect(table).toBeVisible();
  // A row for each parent or guardian linked to the girl (the demo school links some already).
  const firstRows = table.locator(`tr[data-student="${first.id}"]`);
  await expect(firstRows.filter({ hasText: 'Maria Charles (Mother)' })).toContainText('Agreed');
  await expect(firstRows.filter({ hasText: 'Joseph Charles (Father)' })).toContainText('Not answered');
  await expect(table.locator(`tr[data-student="${second.id}"]`).filter({ hasText: 'Gail Mohammed (Mother)' })).toContainText('Did not agree');
  await expect(page.getByText(/ parents? and guardians? ha(s|ve) not answered\./)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await shot(page, 'consent-answers');

  // Only those who have not answered: the father stays, the two mothers go.
  await page.getByRole('switch', { name: 'Only those who have not answered' }).check();
  await expect(table.getByText('Gail Mohammed (Mother)')).toHaveCount(0);
  await expect(table.getByText('Maria Charles (Mother)')).toHaveCount(0);
  await expect(table.locator(`tr[data-student="${first.id}"]`).filter({ hasText: 'Joseph Charles' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'consent-waiting');

  // The class's list printed, and as a spreadsheet's CSV.
  await page.getByRole('button', { name: `Print class ${first.class_id} (PDF)` }).click();
  const printed = page.getByRole('dialog', { name: `${title} – class ${first.class_id}` });
  await expectFirstPageDrawn(printed);
  await expectAccessible(page);
  await shot(page, 'consent-answers-pdf');
  await printed.getByRole('button', { name: 'Close' }).click();
  await expect(printed).toBeHidden();
  const formId = page.url().split('/').pop()!;
  const csv = await page.request.get(`/api/consents/${formId}/answers/csv?class_id=${first.class_id}`);
  expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
  expect(await csv.text()).toContain(`${first.class_id},${first.id},`);

  // A reminder to them is counted first.
  await page.getByRole('button', { name: 'Count who would receive it' }).click();
  await expect(page.getByText(/have not answered\. The reminder would go to \d+ address/)).toBeVisible();
  await expectAccessible(page);

  // The list of forms shows its two answers.
  await page.getByRole('link', { name: 'All consent forms' }).click();
  const row = page.getByRole('table', { name: 'Consent forms' }).getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('2');
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await shot(page, 'consent-forms');

  await Promise.all([firstMother.context.close(), secondMother.context.close(), father.context.close()]);
});
