import { expect, test, type Page } from '@playwright/test';
import { claimStudent, expectAccessible, signInStudentViaApi } from './support/fixtures.ts';
import { startNextVersionProxy } from './support/next-version-proxy.ts';
import { testInOwnBrowser } from './support/own-browser.ts';

/**
 * Waits until the service worker answers for the page and keeps every file its list names (the
 * list is read from the worker's own source, as the build wrote it).
 */
async function serviceWorkerReady(page: Page): Promise<void> {
  const source = await (await page.request.get(new URL('/sw.js', page.url()).href)).text();
  const files = [...source.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1]).filter((url) => url !== 'manifest.webmanifest');
  expect(files.length).toBeGreaterThan(20);
  // Polled from here: waitForFunction would take the pending promise of an async check for "true".
  const keptFiles = () =>
    page.evaluate(async () => {
      if (!navigator.serviceWorker.controller) return 0;
      const kept = await Promise.all((await caches.keys()).map(async (name) => (await (await caches.open(name)).keys()).length));
      return kept.reduce((sum, each) => sum + each, 0);
    });
  await expect.poll(keptFiles, { timeout: 30_000 }).toBeGreaterThanOrEqual(files.length);
}

/** Every URL in the browser's Cache Storage for the portal. */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const lists = await Promise.all((await caches.keys()).map(async (name) => (await (await caches.open(name)).keys()).map((request) => request.url)));
    return lists.flat();
  });

/** The address of the page's main script, as the service worker's list of files names it. */
const mainScript = async (page: Page) => {
  const address = new URL((await page.locator('script[type="module"]').getAttribute('src'))!, page.url());
  return address.pathname.slice(1) + address.search;
};

/** Whether the page is still the one loaded before (a full load forgets the mark). */
const markPage = (page: Page) => page.evaluate(() => Object.assign(window, { loadedBefore: true }));
const stillMarked = (page: Page) => page.evaluate(() => 'loadedBefore' in window).catch(() => true);

const installable = testInOwnBrowser({});
installable(
  'the portal can be installed: the school’s name, crest icons, dark blue and a service worker for every page',
  async ({ page, context, isMobile }) => {
    installable.skip(!isMobile, 'runs its own phone-sized browser, once');
    await page.goto('/');
    await serviceWorkerReady(page);
    // The checks of Lighthouse's installability audit, asked of Chromium itself.
    const cdp = await context.newCDPSession(page);
    expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
    expect((await cdp.send('Page.getAppManifest')).errors).toEqual([]);

    const manifest = await page.request.get('/manifest.webmanifest');
    expect(manifest.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const body = (await manifest.json()) as {
      name: string;
      theme_color: string;
      display: string;
      icons: Array<{ src: string; sizes: string; purpose?: string }>;
    };
    expect(body).toMatchObject({ name: "St. Brigid's Girls' College", theme_color: '#0b2a5b', display: 'standalone' });
    expect(body.icons.map((icon) => `${icon.sizes}${icon.purpose ? ` ${icon.purpose}` : ''}`)).toEqual(['192x192', '512x512', '512x512 maskable']);
    for (const icon of body.icons) {
      const image = await page.request.get(`/${icon.src}`);
      expect(image.headers()['content-type']).toBe('image/png');
      expect((await image.body()).subarray(1, 4).toString('latin1')).toBe('PNG');
    }
    expect((await page.request.get('/sw.js')).headers()['cache-control']).toBe('no-cache');
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope)).toBe(new URL('/', page.url()).href);
  },
);

test('a returning student’s wizard loads from the phone, and no answer of the server is ever kept', async ({ page, context }) => {
  const student = claimStudent('any', 3);
  await signInStudentViaApi(page, student);
  await page.goto('/registration/student-data');
  await expect(page.locator('#field-first_name')).toBeVisible();
  await serviceWorkerReady(page);

  // The second visit: every script and style comes from the service worker, none from the server.
  const fetchedByWorker: string[] = [];
  context.on('request', (request) => void (request.serviceWorker() && fetchedByWorker.push(new URL(request.url()).pathname)));
  const second = await context.newPage();
  const responses: Array<{ path: string; fromWorker: boolean }> = [];
  second.on('response', (response) => responses.push({ path: new URL(response.url()).pathname, fromWorker: response.fromServiceWorker() }));
  await second.goto('/registration/student-data');
  await expect(second.locator('#field-first_name')).toBeVisible();
  const assets = responses.filter((response) => response.path.startsWith('/assets/'));
  expect(assets.length).toBeGreaterThan(5);
  expect(assets.filter((response) => !response.fromWorker)).toEqual([]);
  expect(fetchedByWorker.filter((path) => path.startsWith('/assets/'))).toEqual([]);
  // The page itself is asked of the server through the worker, so it names the server's version;
  // the calls go past the worker.
  expect(fetchedByWorker).toContain('/registration/student-data');
  expect(responses.filter((response) => response.path.startsWith('/api/') && response.fromWorker)).toEqual([]);

  // Her report card, opened on a page the worker controls, is drawn and stays out of the cache.
  await second.goto('/term-reports');
  await second.getByRole('button', { name: /Term 3, Trinity, 2025-2026/ }).click();
  await expect(second.getByRole('dialog').locator('canvas[data-drawn^="1@"]')).toBeVisible({ timeout: 20_000 });
  const cached = await cachedUrls(second);
  expect(cached.some((url) => url.includes('/assets/'))).toBe(true);
  expect(cached.filter((url) => /^\/(api|sanctum)\/|\.pdf$/.test(new URL(url).pathname))).toEqual([]);
});

test.describe('a new version', () => {
  // The phone keeps every file of the portal twice over: the version it opened, then the newer one.
  test.slow();
  let proxy: Awaited<ReturnType<typeof startNextVersionProxy>>;
  test.beforeEach(async ({ baseURL }) => {
    proxy = await startNextVersionProxy(baseURL!);
  });
  test.afterEach(() => proxy.close());

  test('is offered with Reload, which takes it at once', async ({ page }) => {
    await page.goto(`${proxy.origin}/`);
    await serviceWorkerReady(page);
    proxy.publishNextVersion({ mainScript: await mainScript(page) });
    await markPage(page);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
    const banner = page.getByRole('status').filter({ hasText: 'A new version is available' });
    await expect(banner).toBeVisible({ timeout: 30_000 });
    await expectAccessible(page);
    await banner.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => stillMarked(page), { timeout: 30_000 }).toBe(false);
    await expect(banner).toHaveCount(0);
    // The page runs the new version's script, which the new worker keeps.
    expect(await mainScript(page)).toMatch(/\?next-version$/);
    await expect.poll(async () => (await cachedUrls(page)).some((url) => url.endsWith('?next-version'))).toBe(true);
  });

  test('not taken with Reload, is taken at the next navigation', async ({ page }) => {
    const student = claimStudent('any', 2);
    await page.goto(`${proxy.origin}/`);
    await signInStudentViaApi(page, student);
    await page.goto(`${proxy.origin}/dashboard`);
    await serviceWorkerReady(page);
    // The screen opened next loads more scripts: they must be the new version's too.
    proxy.publishNextVersion('every file');
    await markPage(page);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
    await expect(page.getByText('A new version is available')).toBeVisible({ timeout: 30_000 });
    await page.getByRole('link', { name: /See your attendance/ }).click();
    await expect(page).toHaveURL(/\/attendance$/);
    await expect.poll(() => stillMarked(page), { timeout: 30_000 }).toBe(false);
    await expect(page.getByRole('heading', { level: 1, name: 'Student Attendance Records' })).toBeVisible();
    await expect(page.getByText('A new version is available')).toHaveCount(0);
    expect(await mainScript(page)).toMatch(/\?next-version$/);
  });
});
