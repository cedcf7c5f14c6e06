import { expect, test } from '@playwright/test';
import { claimStudent, expectAccessible, signInStudentViaApi } from './support/fixtures.ts';
import { shot } from './support/screenshots.ts';

/** The student's screens, each with the call it loads and what shows once it has. */
const screens = [
  { path: '/attendance', call: '**/api/student-attendance/*', loaded: { role: 'heading', name: 'Student Attendance Records' } },
  { path: '/term-reports', call: '**/api/report-card-terms/*', loaded: { role: 'list', name: 'Term reports' } },
  { path: '/registration/student-data', call: '**/api/student/*', loaded: { role: 'heading', name: 'Student Data' } },
  { path: '/registration/documents', call: '**/api/get-files/*', loaded: { role: 'region', name: /Photo/ } },
] satisfies Array<{ path: string; call: string; loaded: { role: 'heading' | 'list' | 'region'; name: string | RegExp } }>;

for (const screen of screens) {
  test(`${screen.path} says kindly when its call fails, and Try again loads it`, async ({ page }, testInfo) => {
    const student = claimStudent('any', 3);
    await signInStudentViaApi(page, student);
    await page.route(screen.call, (route) => route.abort('internetdisconnected'));
    await page.goto(screen.path);
    const alert = page.getByRole('alert').filter({ hasText: 'The portal could not be reached. Check your connection and try again.' });
    await expect(alert).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await shot(page, `failing-call-${screen.path.replaceAll('/', '-')}-${testInfo.project.name}`);
    await expectAccessible(page);

    await page.unroute(screen.call);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole(screen.loaded.role, { name: screen.loaded.name }).first()).toBeVisible();
    await expect(alert).toHaveCount(0);
  });
}

test('a screen shows a spinner while its call is slow, and its content once the answer comes', async ({ page }) => {
  const student = claimStudent('any', 3);
  await signInStudentViaApi(page, student);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/student-attendance/*', async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/attendance');
  await expect(page.getByRole('progressbar', { name: 'Loading attendance' })).toBeVisible();
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Student Attendance Records' })).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
});
