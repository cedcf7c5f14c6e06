import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { expectAccessible, expectNoSidewaysScroll, firstStaffSignIn, goToAdminScreen, signInAdminViaApi, signInStaff } from './support/fixtures.ts';
import { screenshots } from './support/screenshots.ts';
import { onSchoolClock, schoolZone } from './support/school-clock.ts';

/** Each screen saved whole, to be looked at (SCREENSHOT_DIR). */
const shot = screenshots({ fullPage: true });

const STAFF_PASSWORD = 'Hummingbird-Wing-Blue-47';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

// The admin's browser keeps Tokyo's clock, far from the school's: the Messages screen must show the school's time.
test.use({ timezoneId: 'Asia/Tokyo' });

/** A browser of the staff member's own, the size of the project's, optionally of another kind. */
async function staffBrowser(browser: Browser, page: Page, testInfo: TestInfo, userAgent?: string) {
  const context = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    viewport: page.viewportSize() ?? undefined,
    isMobile: testInfo.project.use.isMobile,
    hasTouch: testInfo.project.use.hasTouch,
    ...(userAgent ? { userAgent } : {}),
  });
  return context.newPage();
}

test("an admin sets a staff member's e-mail; her sign-in from a new browser is told to her and listed on Messages in the school's time", async ({
  page,
  browser,
}, testInfo) => {
  // Three browsers and four accessibility checks: more than one journey's usual time.
  test.slow();
  const username = `notices-${testInfo.project.name}`;
  const email = `${username}@school.test`;

  await signInAdminViaApi(page);
  await page.goto('/admin/dashboard');
  await goToAdminScreen(page, 'Staff');
  await page.getByRole('button', { name: 'Add staff member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a staff member' });
  await dialog.getByRole('textbox', { name: 'Username' }).fill(username);
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Mrs Baptiste');
  await dialog.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'School office' }).click();
  await dialog.getByRole('textbox', { name: 'E-mail (optional)' }).fill('not an address');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog.getByText('Invalid e-mail')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'E-mail (optional)' }).fill(email);
  await expectAccessible(page);
  await shot(page, `staff-dialog-email-${testInfo.project.name}`);
  await dialog.getByRole('button', { name: 'Add' }).click();
  const oneTime = (await page.getByTestId('one-time-password').textContent())!;
  await expect(page.getByRole('row').filter({ hasText: username })).toContainText(email);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await shot(page, `staff-email-${testInfo.project.name}`);

  // Her first sign-in, in her usual browser, sets her password: no notice, there is nothing to compare it with.
  const usual = await staffBrowser(browser, page, testInfo);
  const other = await staffBrowser(browser, page, testInfo, FIREFOX_LINUX);
  try {
    await firstStaffSignIn(usual, username, oneTime, STAFF_PASSWORD);
    await expect(usual.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await usual.goto('/admin/account');
    await expect(usual.getByRole('textbox', { name: 'E-mail' })).toHaveValue(email);
    await expectAccessible(usual);
    await shot(usual, `account-email-${testInfo.project.name}`);

    // Then a browser of another kind: one notice to her address.
    await signInStaff(other, username, STAFF_PASSWORD);
    await expect(other.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  } finally {
    await usual.context().close();
    await other.context().close();
  }

  const timeZone = await schoolZone(page);
  type Listed = { id: number; recipient: string; created_at: string; sent_at: string | null };
  const notice = async () =>
    ((await (await page.request.get('/api/messages?kind=staff_security')).json()).items as Listed[]).filter((item) => item.recipient === email);
  expect(await notice()).toHaveLength(1);

  await page.goto('/admin/messages');
  await page.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: 'Staff security notices' }).click();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Staff security notices');
  // The row shows when it was sent, or made while it waits: either, read once the row is shown.
  const [listed] = await notice();
  const times = [listed!.created_at, listed!.sent_at].filter((time): time is string => time !== null);
  await expect(row).toContainText(new RegExp(times.map((time) => onSchoolClock(time, timeZone)).join('|')));
  const browserTime = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Asia/Tokyo' }).format(
    new Date(listed!.created_at),
  );
  await expect(row).not.toContainText(browserTime);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await shot(page, `messages-staff-notice-${testInfo.project.name}`);

  await row.getByRole('button', { name: `Read the message to ${email}` }).click();
  const read = page.getByRole('dialog');
  await expect(read).toContainText(`Your staff account ${username} was signed in to on`);
  await expect(read).toContainText('from a browser it has not used lately (Firefox on Linux)');
  await expect(read).toContainText("If it was not you, please tell the school's admin at once");
  await expectAccessible(page);
  await shot(page, `message-staff-notice-${testInfo.project.name}`);
});
