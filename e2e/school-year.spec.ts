import { expect } from '@playwright/test';
import { academicYearLabel } from '@school/contract/api-types';
import { expectAccessible, expectNoSidewaysScroll, goToAdminScreen, signInAdminViaApi } from './support/fixtures.ts';
import { testOnOwnPortal } from './support/own-portal.ts';

/** A rollover moves the whole school, so these journeys run on a portal of their own, never the one the other journeys share. */
const test = testOnOwnPortal;

test('the admin checks a rollover into the next year, applies it and undoes it', async ({ page }, testInfo) => {
  await signInAdminViaApi(page);
  const { year } = (await (await page.request.get('/api/school-year')).json()) as { year: number };
  const current = academicYearLabel(year);
  const next = academicYearLabel(year + 1);
  await page.goto('/admin/dashboard');
  await goToAdminScreen(page, 'New School Year');
  await expect(page.getByRole('heading', { level: 1, name: 'New School Year' })).toBeVisible();
  await expect(page.getByText(`The school is in ${current}.`)).toBeVisible();

  // Each class is proposed the same letter in the next form; the top form leaves.
  const classes = page.getByRole('table', { name: 'Classes and where they go' });
  await expect(classes.locator('tbody tr')).toHaveCount(25);
  await expect(page.getByRole('combobox', { name: 'Next class for 1A' })).toHaveText('2A');
  await expect(page.getByRole('combobox', { name: 'Next class for 5A' })).toHaveText('Leaves');
  await expect(page.getByRole('button', { name: 'Apply rollover' })).toBeDisabled();

  await page.getByRole('button', { name: 'Check rollover' }).click();
  await expect(page.getByText(/^Checked: \d+ students move up, \d+ leave\.$/)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('school-year-checked.png'), fullPage: true });

  await page.getByRole('button', { name: 'Apply rollover' }).click();
  const dialog = page.getByRole('dialog', { name: `Move the school into ${next}?` });
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(new RegExp(`^The school is now in ${next}: \\d+ students moved up, \\d+ left\\.$`))).toBeVisible();
  await expect(page.getByText(`The school is in ${next}.`)).toBeVisible();
  await expect(page.getByText(/It can be undone until \d{4}-\d{2}-\d{2}\./)).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('school-year-applied.png'), fullPage: true });

  await page.getByRole('button', { name: 'Undo rollover' }).click();
  const undo = page.getByRole('dialog', { name: 'Undo the rollover?' });
  await expectAccessible(page);
  await undo.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(undo).toBeHidden();
  await expect(page.getByText(`The rollover was undone: the school is back in ${current}.`)).toBeVisible();
  await expect(page.getByText(`The school is in ${current}.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Undo rollover' })).toHaveCount(0);
});

test('the admin sees whose health data and documents are due to be erased, checks what would go, and erases it', async ({ page }, testInfo) => {
  await signInAdminViaApi(page);
  const { year } = (await (await page.request.get('/api/school-year')).json()) as { year: number };
  // The demo school's student who left three years ago: two years (RETENTION_YEARS) have passed.
  const leaverId = `${year - 7}0001`;
  await page.goto('/admin/school-year');
  await expect(page.getByRole('heading', { level: 2, name: 'Data of students who have left' })).toBeVisible();
  await expect(page.getByText(/health data and documents are kept for 2 full years after she leaves/)).toBeVisible();
  const due = page.getByRole('table', { name: 'Students whose data is due to be erased', exact: true });
  await expect(due.locator('tbody tr')).toHaveCount(1);
  await expect(due.locator('tbody tr')).toContainText(`(${leaverId})`);
  await expect(page.getByRole('table', { name: 'Students whose data is due to be erased later' }).locator('tbody tr')).not.toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Erase due data' })).toBeDisabled();

  await page.getByRole('button', { name: 'Check what would be erased' }).click();
  await expect(
    page.getByText(/^Erasing would remove the health data and documents of 1 student who left \(\d+ health fields, 0 in past years' records, 4 documents\)\.$/),
  ).toBeVisible();
  expect((await page.request.get(`/api/files/${leaverId}/immunization_card`)).status()).toBe(200);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await page.getByRole('heading', { level: 2, name: 'Data of students who have left' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('retention-checked.png'), fullPage: true });

  await page.getByRole('button', { name: 'Erase due data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Erase health data and documents?' });
  await expect(dialog).toContainText('This cannot be undone.');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Erase', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/^Erased the health data and documents of 1 student who left/)).toBeVisible();
  await expect(page.getByText('Nothing is due to be erased.')).toBeVisible();
  expect((await page.request.get(`/api/files/${leaverId}/immunization_card`)).status()).toBe(404);
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('retention-erased.png'), fullPage: true });
});
