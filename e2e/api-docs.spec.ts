import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/fixtures.ts';

test('the API document lists every call, and its page renders from this origin with no console error', async ({ page, request, baseURL }) => {
  // The page draws all of the portal's calls and axe then reads every one of them: beside two busy
  // loops that took more than the default minute.
  test.setTimeout(180_000);
  const document = await (await request.get('/api/openapi.json')).json();
  expect(document.openapi).toBe('3.1.0');
  expect(document.paths['/api/login-student'].post.requestBody).toBeTruthy();

  const consoleErrors: string[] = [];
  const foreign: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  page.on('request', (sent) => {
    const url = new URL(sent.url());
    if (!['data:', 'blob:'].includes(url.protocol) && url.origin !== new URL(baseURL!).origin) foreign.push(sent.url());
  });

  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /portal API/ })).toBeVisible();
  const signIn = page.locator('.opblock-summary').filter({ hasText: '/api/login-student' });
  await expect(signIn).toBeVisible();
  await signIn.click();
  await expect(page.getByText('student_id').first()).toBeVisible();
  await expect(page.locator('.opblock-summary').filter({ hasText: '/api/registration-form/{id}' })).toBeVisible();
  expect(consoleErrors).toEqual([]);
  expect(foreign).toEqual([]);
  await expectAccessible(page);
});
