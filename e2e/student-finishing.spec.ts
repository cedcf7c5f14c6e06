import { expect, test, type Locator, type Page } from '@playwright/test';
import { claimStudent, expectAccessible, signInStudentViaApi } from './support/fixtures.ts';
import { shot } from './support/screenshots.ts';

/**
 * A student finishing her registration, at 1280×800 and 360×740: what tells her she is done (or
 * how much is left), the way from step to step, her account's menu, and the keyboard's way through.
 * With SCREENSHOT_DIR set, each screen is also saved there to be looked at.
 */

/** The element lies wholly inside the registration card (which clips what overflows it). */
async function expectInsideCard(page: Page, locator: Locator) {
  const [inner, card] = await Promise.all([locator.boundingBox(), registrationCard(page).boundingBox()]);
  expect(inner!.y + inner!.height).toBeLessThanOrEqual(card!.y + card!.height + 0.5);
}

const registrationCard = (page: Page) => page.getByRole('region', { name: 'Edit/View Registration' });

test('a student who has agreed sees her registration confirmed, with its day, on her dashboard and the Complete step', async ({ page }) => {
  const student = claimStudent('complete');
  await signInStudentViaApi(page, student);
  await page.goto('/dashboard');
  const confirmation = registrationCard(page).getByTestId('registration-complete');
  await expectInsideCard(page, confirmation);
  await expect(confirmation).toContainText('Your registration for 2026-2027 is complete');
  await expect(confirmation).toContainText(/Completed on 2026-\d{2}-\d{2}\./);
  await expect(confirmation).toContainText('If something changes, update it here and tell the school office.');
  await shot(page, 'dashboard-complete');
  await expectAccessible(page);

  await page.goto('/registration/complete');
  await expect(page.getByTestId('registration-complete')).toContainText('Your registration for 2026-2027 is complete');
  await expect(page.getByText(/agree to finish your registration/)).toHaveCount(0);
  // The demo school's agreed students have their documents, so every step stays done.
  const states = page.getByRole('list', { name: 'Step states' });
  await expect(states.getByRole('img', { name: 'Done' })).toHaveCount(5);
  await expect(states.getByRole('img', { name: 'Incomplete' })).toHaveCount(0);
  await shot(page, 'complete-step-confirmed');
  await expectAccessible(page);
});

test('a student starting out is told how many steps remain, skips the menus and moves on with Continue and Back by keyboard', async ({ page }) => {
  const student = claimStudent('empty');
  await signInStudentViaApi(page, student);
  await page.goto('/dashboard');
  await expectInsideCard(page, registrationCard(page).getByTestId('registration-remaining'));
  await expect(registrationCard(page).getByTestId('registration-remaining')).toHaveText(
    '6 of 6 steps remain for 2026-2027: Student Data, Family Data, Health Data, Other Data, Documents, Complete.',
  );
  await shot(page, 'dashboard-remaining');
  await expectAccessible(page);

  await page.goto('/registration/student-data');
  await expect(page.getByRole('heading', { level: 1, name: 'Student Data' })).toBeVisible();
  // The first Tab stop skips the top bar's and the wizard's menus.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to form' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await shot(page, 'skip-to-form');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('#registration-form')))).toBe(true);

  // A visible focus ring: 3 px of solid dark blue around the focused control.
  const next = page.getByRole('navigation', { name: 'Step' }).getByRole('link', { name: 'Continue' });
  await next.focus();
  const ring = await next.evaluate((element) => {
    const style = getComputedStyle(element);
    return { style: style.outlineStyle, width: style.outlineWidth, color: style.outlineColor };
  });
  expect(ring).toEqual({ style: 'solid', width: '3px', color: 'rgb(11, 42, 91)' });
  await shot(page, 'continue-focused');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Family Data' })).toBeFocused();
  await expect(page).toHaveURL(/\/registration\/family-data$/);
  await page.getByRole('navigation', { name: 'Step' }).getByRole('link', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Student Data' })).toBeVisible();

  // Continue never waits for a step: on to Complete, which lists what is missing, then the dashboard.
  await page.goto('/registration/documents');
  await page.getByRole('navigation', { name: 'Step' }).getByRole('link', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Complete' })).toBeVisible();
  await expect(page.getByText('5 steps still need attention before you can agree to the terms.')).toBeVisible();
  await page.getByRole('navigation', { name: 'Step' }).getByRole('link', { name: 'Continue' }).scrollIntoViewIfNeeded();
  await shot(page, 'complete-step-navigation');
  await expectAccessible(page);
  await page.getByRole('navigation', { name: 'Step' }).getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('Change Password is in the avatar’s menu, and in the drawer on a phone', async ({ page }) => {
  const student = claimStudent('any');
  await signInStudentViaApi(page, student);
  await page.goto('/attendance');
  await page.getByRole('button', { name: /^Account: / }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText(['Change Password', 'Privacy', 'Logout']);
  await shot(page, 'account-menu');
  await expectAccessible(page);
  await menu.getByRole('menuitem', { name: 'Change Password' }).click();
  await expect(page).toHaveURL(/\/registration\/change-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Change Password' })).toBeVisible();

  if (test.info().project.name === 'phone') {
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const account = page.getByRole('group', { name: 'Account' });
    await expect(account.getByRole('link', { name: 'Change Password' })).toBeVisible();
    await shot(page, 'drawer');
    await expectAccessible(page);
    await account.getByRole('link', { name: 'Change Password' }).click();
    await expect(page).toHaveURL(/\/registration\/change-password$/);
  }
});

test('a step shows its name and the six steps while her record is on its way, and her record under them when it comes', async ({ page }) => {
  const student = claimStudent();
  await signInStudentViaApi(page, student);
  // Her record is held back, as on slow mobile data, until the screen has been looked at.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/student\/[^/]+$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/registration/family-data');
  await expect(page.getByRole('heading', { name: 'Family Data', level: 1 })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Loading your registration' })).toBeVisible();
  await expect(
    page
      .getByRole('navigation', { name: 'Registration steps' })
      .filter({ visible: true })
      .getByRole('link', { name: /Family Data/ }),
  ).toHaveAttribute('aria-current', 'step');
  await shot(page, 'wizard-record-on-its-way');
  await expectAccessible(page);
  release();
  await expect(page.getByRole('navigation', { name: 'Step' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Loading your registration' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Family Data', level: 1 })).toBeVisible();
});
