import { expect, test } from '@playwright/test';
import { claimStudent, expectAccessible, expectNoSidewaysScroll, expectNotCovered, signInAdminViaApi, signInStudentViaApi } from './support/fixtures.ts';
import { shot } from './support/screenshots.ts';
import { onSchoolClock, schoolZone } from './support/school-clock.ts';

/**
 * Dates are written one way on every screen (SPEC §9), whatever the browser says: here Chromium
 * runs in the United States' locale (which writes 09/17/2014 and 12/5/2026, 6:07:57 AM) and in
 * Tokyo's time zone, thirteen hours ahead of the school's. A day reads yyyy-MM-dd; a moment
 * yyyy-MM-dd HH:mm:ss on the school's clock. At 1280×800 and 360×740, with SCREENSHOT_DIR set
 * the screens are saved there to be looked at.
 */
test.use({ locale: 'en-US', timezoneId: 'Asia/Tokyo' });

/** The school's time zone, as the server tells the web. */

test('a student sees when a report was posted to the second, and types her date of birth as yyyy-MM-dd', async ({ page }) => {
  const student = claimStudent('any', 3);
  await signInStudentViaApi(page, student);

  // The term reports: 'Report posted' with the seconds the spec asks for.
  await page.goto('/term-reports');
  const items = page.getByRole('list', { name: 'Term reports' }).getByRole('listitem');
  await expect(items.nth(1)).toContainText(/Report posted \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  await expectNoSidewaysScroll(page);
  await shot(page, 'dates-term-reports');
  await expectAccessible(page);

  // The wizard's Date of Birth shows her day as yyyy-MM-dd, not the browser's 09/17/2014.
  await page.goto('/registration/student-data');
  const birth = page.getByRole('textbox', { name: /^Date of Birth/ });
  await expect(birth).toHaveValue(student.date_of_birth);
  await expect(birth).toHaveAttribute('placeholder', 'yyyy-mm-dd');
  await expect(birth).toHaveAttribute('inputmode', 'numeric');
  await expect(page.getByRole('button', { name: 'Choose Date of Birth from a calendar' })).toBeVisible();
  // A day typed in part is refused with the date message when she leaves the field, and stays for her to finish.
  await birth.fill('');
  await birth.pressSequentially(student.dobPassword.slice(0, 6));
  await expect(birth).toHaveValue(student.date_of_birth.slice(0, 7));
  await birth.blur();
  await expect(page.getByText('Enter a date as yyyy-MM-dd.')).toBeVisible();
  // In view, and on a phone not behind the steps' bar at the screen's foot.
  await expectNotCovered(page.getByText('Enter a date as yyyy-MM-dd.'));
  await expect(birth).toHaveValue(student.date_of_birth.slice(0, 7));
  await expectNoSidewaysScroll(page);
  await shot(page, 'dates-birth-part-typed');
  // Her digits typed whole get their dashes: her own day again, and the message is gone.
  await birth.fill('');
  await birth.pressSequentially(student.dobPassword);
  await expect(birth).toHaveValue(student.date_of_birth);
  await birth.blur();
  await expect(page.getByText('Enter a date as yyyy-MM-dd.')).toHaveCount(0);
  await shot(page, 'dates-birth');
  await expectAccessible(page);
});

test('My Account shows when each session signed in on the school’s clock, to the second', async ({ page }) => {
  await signInAdminViaApi(page);
  const timeZone = await schoolZone(page);
  const account = (await (await page.request.get('/api/account')).json()) as { sessions: Array<{ current: boolean; signed_in_at: string }> };
  const current = account.sessions.find((session) => session.current)!;

  await page.goto('/admin/account');
  const sessions = page.getByRole('list', { name: 'Your sessions' });
  const mine = sessions.getByRole('listitem').filter({ hasText: 'This device' });
  await expect(mine).toContainText(`signed in ${onSchoolClock(current.signed_in_at, timeZone)} · last used `);
  await expect(mine).toContainText(/last used \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  await expectNoSidewaysScroll(page);
  await mine.scrollIntoViewIfNeeded();
  await shot(page, 'dates-account');
  await expectAccessible(page);
});
