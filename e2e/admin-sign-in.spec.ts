import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/fixtures.ts';

test('an admin signs in at /admin and reaches the admin dashboard', async ({ page }) => {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Username field empty');
  await expectAccessible(page);
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill(process.env.E2E_ADMIN_PASSWORD!);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit/View Registration' })).toHaveCount(0);
  expect(await page.evaluate(() => sessionStorage.getItem('admin'))).toBe('true');
  await expectAccessible(page);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});
