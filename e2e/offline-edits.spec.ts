import { expect, test, type Page } from '@playwright/test';
import { claimStudent, expectAccessible, signInAdminViaApi, signInStudentViaApi } from './support/fixtures.ts';
import { shot } from './support/screenshots.ts';

/** The database the wizard keeps unsent changes in (decision 039). */
const DATABASE = 'school-portal-offline-edits';

/** The unsent changes the device holds, read in the page: [] when the database is gone or empty. */
function keptOnDevice(page: Page): Promise<unknown[]> {
  return page.evaluate(async (name) => {
    const names = (await indexedDB.databases()).map((database) => database.name);
    if (!names.includes(name)) return [];
    return new Promise<unknown[]>((resolve, reject) => {
      const opening = indexedDB.open(name);
      opening.onerror = () => reject(opening.error);
      opening.onsuccess = () => {
        const db = opening.result;
        if (db.objectStoreNames.length === 0) {
          db.close();
          return resolve([]);
        }
        const reading = db.transaction(db.objectStoreNames[0]).objectStore(db.objectStoreNames[0]).getAll();
        reading.onsuccess = () => {
          db.close();
          resolve(reading.result);
        };
        reading.onerror = () => reject(reading.error);
      };
    });
  }, DATABASE);
}

/** The wizard has opened its store on the device (so the code that keeps changes is loaded before the network goes). */
async function deviceStoreReady(page: Page) {
  await expect.poll(() => page.evaluate(async (name) => (await indexedDB.databases()).some((database) => database.name === name), DATABASE)).toBe(true);
}

async function type(page: Page, name: string, value: string) {
  const input = page.locator(`#field-${name}`);
  await input.fill(value);
  await input.blur();
}

test('a change typed offline survives the closed tab, is saved on the next visit and seen by the admin; sign-out forgets unsent changes', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(90_000);
  const student = claimStudent('empty', test.info().project.name === 'phone' ? 2 : 3);
  await signInStudentViaApi(page, student);
  await page.goto('/registration/health-data');
  await expect(page.locator('#field-allergy')).toBeVisible();
  await deviceStoreReady(page);

  // Offline: the change waits, on the device as well as in the page.
  await context.setOffline(true);
  await type(page, 'allergy', 'Bee stings');
  // Kept for later is no failure: the field's mark is a clock that says so, never the red 'not saved'.
  await expect(page.locator('[data-save-status="kept"]')).toHaveCount(1);
  await expect(page.getByRole('img', { name: 'Allergies: kept on this device, will be saved when you are online' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Allergies' })).toHaveAccessibleDescription('Kept on this device — will be saved when you are online.');
  await expect(page.getByText('Kept on this device — will be saved when you are online.')).toBeVisible();
  await expect(page.locator('[data-save-status="error"]')).toHaveCount(0);
  // The banner tells her at once, as a warning, not as a fault.
  const banner = page.getByRole('alert').filter({ hasText: /You are offline/ });
  await expect(banner).toBeVisible();
  await expect(banner).toHaveClass(/light-alert-warning/);
  await expectAccessible(page);
  await shot(page, 'offline-change-kept');
  await expect.poll(() => keptOnDevice(page)).toEqual([expect.objectContaining({ studentId: student.id, changes: { allergy: 'Bee stings' } })]);

  // The tab is closed while still offline; the phone finds a connection; she opens the portal again.
  await page.close();
  await context.setOffline(false);
  const again = await context.newPage();
  await again.goto('/registration/health-data');
  await expect(again.locator('#field-allergy')).toHaveValue('Bee stings');
  await expect(again.locator('[data-save-status="saved"]')).toHaveCount(1, { timeout: 20_000 });
  await expect(again.locator('[data-save-status="error"]')).toHaveCount(0);
  await expect.poll(() => keptOnDevice(again)).toEqual([]);
  await expectAccessible(again);

  // The admin sees it.
  const adminContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const admin = await adminContext.newPage();
  await signInAdminViaApi(admin);
  const record = await admin.request.get(`/api/student/${encodeURIComponent(student.id)}`);
  expect(record.status()).toBe(200);
  expect((await record.json()).record).toMatchObject({ allergy: 'Bee stings' });
  await adminContext.close();

  // A change that cannot be sent is kept on the device until she signs out.
  await again.route('**/api/student', (route) => (route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.fallback()));
  await type(again, 'medical_history', 'Tonsils removed 2021');
  await expect(again.locator('[data-save-status="kept"]')).toHaveCount(1);
  await expect.poll(() => keptOnDevice(again)).toEqual([expect.objectContaining({ changes: { medical_history: 'Tonsils removed 2021' } })]);
  await again.getByRole('link', { name: 'Logout' }).click();
  const leave = again.getByRole('dialog', { name: 'Leave with unsaved changes?' });
  await leave.getByRole('button', { name: 'Leave' }).click();
  await expect(again).toHaveURL(/\/$/);
  await expect(again.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect.poll(() => keptOnDevice(again)).toEqual([]);
  expect(await again.evaluate(async () => (await indexedDB.databases()).map((database) => database.name))).not.toContain(DATABASE);
  await expectAccessible(again);
});

test.describe('before the form’s checks have come', () => {
  // No service worker: it would answer for the checks' file from the phone, which this test makes fail.
  test.use({ serviceWorkers: 'block' });

  test('a change typed offline is kept, on the device too, with the offline message, and saved when the connection returns', async ({ page, context }) => {
    const student = claimStudent('empty', test.info().project.name === 'phone' ? 2 : 3);
    await signInStudentViaApi(page, student);
    // The file of the contract's checks cannot be fetched, as when the signal goes before it came,
    // and neither can the styles fetched with it once the step is drawn (the wrapper of a dynamic
    // import then fails before the import itself is tried).
    let drawn = false;
    await page.route(/\/assets\/field-schemas-[^/]+\.js$/, (route) => route.abort('internetdisconnected'));
    await page.route(/\/assets\/[^/]+\.css$/, (route) => (drawn ? route.abort('internetdisconnected') : route.fallback()));
    await page.goto('/registration/health-data');
    await expect(page.locator('#field-allergy')).toBeVisible();
    drawn = true;
    await deviceStoreReady(page);

    await context.setOffline(true);
    await type(page, 'allergy', 'Pollen');
    await expect(page.getByText(/You are offline/)).toBeVisible();
    await expect(page.locator('[data-save-status="kept"]')).toHaveCount(1);
    await expect(page.locator('[data-save-status="error"]')).toHaveCount(0);
    await expect.poll(() => keptOnDevice(page)).toEqual([expect.objectContaining({ studentId: student.id, changes: { allergy: 'Pollen' } })]);

    await page.unroute(/\/assets\/field-schemas-[^/]+\.js$/);
    await page.unroute(/\/assets\/[^/]+\.css$/);
    await context.setOffline(false);
    await expect(page.locator('[data-save-status="saved"]')).toHaveCount(1, { timeout: 20_000 });
    await expect(page.getByText(/You are offline/)).toHaveCount(0);
    await expect.poll(() => keptOnDevice(page)).toEqual([]);
    const record = await page.request.get(`/api/student/${encodeURIComponent(student.id)}`);
    expect((await record.json()).record).toMatchObject({ allergy: 'Pollen' });
  });
});
