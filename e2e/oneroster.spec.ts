import { expect, test } from '@playwright/test';
import { openZip } from '../apps/server/src/lib/zip/index.ts';
import { csvRecords } from '../apps/server/src/lib/xlsx/csv-records.ts';
import { apiCall, expectAccessible, expectNoSidewaysScroll, signInNewAdmin } from './support/fixtures.ts';
import { screenshots } from './support/screenshots.ts';
import { codeAfter, timeStep, totpCode } from './support/totp.ts';

/** Each screen saved whole, to be looked at (SCREENSHOT_DIR). */
const shot = screenshots({ fullPage: true });

const PASSWORD = 'Roster-Sync-Hibiscus-9';

/**
 * An admin with an authenticator app downloads the school's roster in OneRoster form from Export
 * Data (decision 075), at 1280×800 and 360×740: the whole-school download asks for her code first,
 * as the spreadsheet does, and the ZIP holds the 1.2 files.
 */
test('an admin downloads the OneRoster roster after giving her code, and the ZIP holds the 1.2 files', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  // A new admin of her own, with an app: the shared portal's admin stays without one.
  const username = await signInNewAdmin(page, testInfo, 'roster', PASSWORD);
  const { secret } = (await (await apiCall(page, 'POST', '/api/account/totp', {})).json()) as { secret: string };
  const used = timeStep();
  expect((await apiCall(page, 'POST', '/api/account/totp/confirm', { code: totpCode(secret, used) })).status()).toBe(200);

  // Export Data starts the spreadsheet at once; she does not want it now, and cancels its code.
  await page.goto('/admin/export');
  const stepUp = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(stepUp).toBeVisible();
  await stepUp.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The spreadsheet could not be downloaded' })).toBeVisible();

  const section = page.getByRole('region', { name: 'OneRoster roster' });
  await expect(section).toContainText('OneRoster 1.2');
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await shot(page, 'oneroster-section');

  // The roster asks for her code, then downloads.
  await section.getByRole('button', { name: 'Download OneRoster roster' }).click();
  await expect(stepUp).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'oneroster-step-up');
  const download = page.waitForEvent('download');
  await stepUp.getByLabel('Code').fill((await codeAfter(secret, used)).code);
  await stepUp.getByRole('button', { name: 'Confirm' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^OneRoster \d{4}-\d{2}-\d{2}\.zip$/);
  await expect(section.getByRole('status')).toHaveText(/^OneRoster \d{4}-\d{2}-\d{2}\.zip has been downloaded\.$/);
  await expect(stepUp).toBeHidden();
  await expectAccessible(page);
  await shot(page, 'oneroster-downloaded');

  // The ZIP: the manifest names OneRoster 1.2, and users.csv holds the demo school's students, staff and guardians.
  const saved = testInfo.outputPath('oneroster.zip');
  await file.saveAs(saved);
  const archive = await openZip(saved, { maxEntries: 50, maxUncompressedBytes: 200 * 1024 * 1024 });
  const read = async (name: string) => [...csvRecords((await archive.read(archive.entries.find((entry) => entry.name === name)!)).toString('utf8'))];
  expect(archive.entries.map((entry) => entry.name)).toEqual(
    expect.arrayContaining(['manifest.csv', 'orgs.csv', 'academicSessions.csv', 'courses.csv', 'classes.csv', 'users.csv', 'roles.csv', 'enrollments.csv']),
  );
  expect(await read('manifest.csv')).toContainEqual(['oneroster.version', '1.2']);
  const [header, ...users] = await read('users.csv');
  expect(header.slice(0, 5)).toEqual(['sourcedId', 'status', 'dateLastModified', 'enabledUser', 'username']);
  expect(users.length).toBeGreaterThan(100);
  expect(users.map((user) => user[header.indexOf('username')])).toContain(username);
  const roles = (await read('roles.csv')).slice(1).map((role) => role[5]);
  expect(roles).toContain('student');
  expect(roles).toContain('siteAdministrator');
  for (const role of new Set(roles)) expect(['student', 'teacher', 'siteAdministrator', 'ext:officeStaff', 'parent', 'guardian']).toContain(role);
});
