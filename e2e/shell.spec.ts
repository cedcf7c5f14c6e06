import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/fixtures.ts';

test('a visitor sees the school name and crest on the sign-in page', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("St. Brigid's Girls' College");
  await expect(page.getByTestId('school-crest')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Student sign-in' })).toBeVisible();
  await expectAccessible(page);
});

test('a visitor who opens a signed-in page is sent to sign-in', async ({ page }) => {
  await page.goto('/registration/student-data');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin$/);
});

test('hashed assets are cached for a year, sent compressed, and client routes fall back to the app', async ({ request }) => {
  const html = await request.get('/term-reports');
  expect(html.status()).toBe(200);
  const asset = /src="(\/assets\/[^"]+\.js)"/.exec(await html.text())?.[1];
  expect(asset).toBeTruthy();
  expect((await request.get(asset!)).headers()['cache-control']).toContain('max-age=31536000');

  // Sent compressed to a browser that accepts it: brotli first, else gzip; as is to one that does not.
  for (const [accepts, encoding] of [
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['identity', undefined],
  ] as const) {
    const response = await request.get(asset!, { headers: { 'accept-encoding': accepts } });
    expect(response.headers()['content-encoding']).toBe(encoding);
    expect(response.headers()['vary']).toContain('accept-encoding');
    expect((await response.text()).length).toBeGreaterThan(1000);
  }
  expect((await request.get('/api/no-such-call')).status()).toBe(404);
});
