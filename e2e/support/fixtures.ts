import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Browser, type BrowserContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import SQLite from 'better-sqlite3';

export type DemoStudent = { id: string; first_name: string; last_name: string; date_of_birth: string; class_id: string; dobPassword: string };
export const STUDENT_PASSWORD = 'Poui-Tree-Bloom-2026';

const dataDir = () => {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: run through playwright.config.ts');
  return dir;
};

/**
 * Claims a demo student no other test has used (a claim is a file created exclusively, so the
 * two projects and parallel workers never share a student). `where` narrows the choice, and
 * `absentOn` (yyyy-MM-dd) to a girl present at neither session that day.
 */
export function claimStudent(where: 'any' | 'empty' | 'complete' = 'any', formLevel?: number, { absentOn }: { absentOn?: string } = {}): DemoStudent {
  const db = new SQLite(path.join(dataDir(), 'portal.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const conditions = ['a.password_reset = 1'];
    if (where === 'empty') conditions.push('s.home_address IS NULL AND s.living_status IS NULL');
    if (where === 'complete') conditions.push('s.agree_terms_conditions = 1');
    if (formLevel) conditions.push(`substr(s.class_id, 1, 1) = '${Number(formLevel)}'`);
    if (absentOn && /^\d{4}-\d{2}-\d{2}$/.test(absentOn))
      conditions.push(
        `NOT EXISTS (SELECT 1 FROM attendance_records r WHERE r.student_id = s.id AND r.date_scanned = '${absentOn}' AND (r.attendance_am = 1 OR r.attendance_pm = 1))`,
      );
    const rows = db
      .prepare(
        `SELECT s.id, s.first_name, s.last_name, s.date_of_birth, s.class_id FROM students s JOIN student_accounts a ON a.student_id = s.id WHERE ${conditions.join(' AND ')} ORDER BY s.id`,
      )
      .all() as Array<Omit<DemoStudent, 'dobPassword'>>;
    const claims = path.join(dataDir(), 'e2e-claims');
    fs.mkdirSync(claims, { recursive: true });
    for (const row of rows) {
      try {
        fs.closeSync(fs.openSync(path.join(claims, row.id), 'wx'));
        return { ...row, dobPassword: row.date_of_birth.replaceAll('-', '') };
      } catch {
        // taken by another test
      }
    }
    throw new Error(`No unclaimed demo student (${where}) is left`);
  } finally {
    db.close();
  }
}

/** Names that identify exactly one student, for the ID lookup. */
export function hasUniqueName(student: DemoStudent): boolean {
  const db = new SQLite(path.join(dataDir(), 'portal.sqlite'), { readonly: true });
  try {
    const row = db
      .prepare('SELECT count(*) AS n FROM students WHERE lower(first_name) = lower(?) AND lower(last_name) = lower(?)')
      .get(student.first_name, student.last_name) as { n: number };
    return row.n === 1;
  } finally {
    db.close();
  }
}

/** The header that echoes the page's CSRF cookie, for a call through `page.request`. */
export async function xsrf(page: Page): Promise<Record<string, string>> {
  const cookie = (await page.context().cookies()).find((candidate) => candidate.name === 'XSRF-TOKEN');
  return cookie ? { 'X-XSRF-TOKEN': decodeURIComponent(cookie.value) } : {};
}

/** Signs a student in through the API (date of birth, then her own password), in the page's cookie jar. */
export async function signInStudentViaApi(page: Page, student: DemoStudent): Promise<void> {
  await page.request.get('/sanctum/csrf-cookie');
  const first = await page.request.post('/api/login-student', { data: { student_id: student.id, password: student.dobPassword }, headers: await xsrf(page) });
  expect(first.status()).toBe(200);
  const change = await page.request.post('/api/change-password-student', {
    data: { student_id: student.id, password: STUDENT_PASSWORD },
    headers: await xsrf(page),
  });
  expect(change.status()).toBe(200);
}

export async function signInAdminViaApi(page: Page): Promise<void> {
  await page.request.get('/sanctum/csrf-cookie');
  const response = await page.request.post('/api/admin-login', {
    data: { name: 'admin', password: process.env.E2E_ADMIN_PASSWORD },
    headers: await xsrf(page),
  });
  expect(response.status()).toBe(200);
}

/** The admin signed in on `page` adds a staff member: her one-time password. */
export async function addStaffViaApi(page: Page, staff: { username: string; display_name: string; role: 'admin' | 'office' | 'teacher'; classes?: string[] }) {
  const added = await apiCall(page, 'POST', '/api/staff', { classes: [], ...staff });
  expect(added.status()).toBe(200);
  return (await added.json()).one_time_password as string;
}

/**
 * A new admin of the journey's own, signed in on `page` with `password`: her exports count against
 * an allowance of her own, not the shared admin's (20 whole-school exports a day, decision 049).
 * Her username.
 */
export async function signInNewAdmin(page: Page, testInfo: TestInfo, name: string, password: string): Promise<string> {
  await signInAdminViaApi(page);
  const username = `${name}-${testInfo.project.name}-${Date.now().toString(36)}`;
  const oneTime = await addStaffViaApi(page, { username, display_name: 'Journey Admin', role: 'admin' });
  await page.context().clearCookies();
  await firstStaffSignIn(page, username, oneTime, password);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  return username;
}

/** A staff member signs in on /admin with her username and password, as she types them. */
export async function signInStaff(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/admin');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** A new staff member's first sign-in: her one-time password, then the password she chooses. */
export async function firstStaffSignIn(page: Page, username: string, oneTime: string, password: string): Promise<void> {
  await signInStaff(page, username, oneTime);
  await page.getByLabel('New Password').fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Change Password' }).click();
}

/** A second browser of the same size and touch as `page`'s, for someone else signed in beside her (on the shared portal unless told). */
export function browserBeside(page: Page, browser: Browser, testInfo: TestInfo, baseURL = process.env.E2E_BASE_URL): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: page.viewportSize() ?? undefined,
    isMobile: testInfo.project.use.isMobile,
    hasTouch: testInfo.project.use.hasTouch,
  });
}

/**
 * The portal at `url` by its host name: passkeys belong to a host name (PORTAL_URL's, which is
 * localhost for a portal on 127.0.0.1), never to a bare address.
 */
export const byHostName = (url = process.env.E2E_BASE_URL!): string => url.replace('//127.0.0.1:', '//localhost:');

/** The device's own authenticator (a fingerprint or screen lock) for the pages of `context`, as Chromium simulates it. */
export async function addDeviceAuthenticator(context: BrowserContext, page: Page): Promise<void> {
  const devtools = await context.newCDPSession(page);
  await devtools.send('WebAuthn.enable', { enableUI: false });
  await devtools.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

/** Calls a mutating API with the page's session and CSRF cookie. */
export async function apiCall(page: Page, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, data?: unknown) {
  return page.request.fetch(url, { method, data, headers: await xsrf(page) });
}

/**
 * Waits until the page has drawn its last change (two frames) and every transition or animation
 * that has an end has ended: a condition, where a fixed pause would guess how long a busy machine
 * takes. A spinner's endless animation is not waited for.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const ending = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/** An axe check of the page as it stands: no serious or critical violations. */
export async function expectAccessible(page: Page): Promise<void> {
  // Finish every transition first, so colours are checked as they settle, not mid-fade.
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
  await settled(page);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The admin menu with its entries showing: on a phone they show once its one button is pressed. */
export async function openAdminMenu(page: Page): Promise<Locator> {
  const menu = page.getByRole('navigation', { name: 'Admin menu' });
  await expect(menu).toBeVisible();
  const toggle = menu.getByRole('button', { expanded: false });
  if (await toggle.isVisible()) await toggle.click();
  await expect(menu.getByRole('link').first()).toBeVisible();
  return menu;
}

/** Opens an admin screen from the admin menu, as the admin would. */
export async function goToAdminScreen(page: Page, label: string): Promise<void> {
  const menu = await openAdminMenu(page);
  await menu.getByRole('link', { name: label, exact: true }).click();
}

/** The admin menu marks `label`, and only it, as the current screen (on a phone its button names it too); the menu is left as found. */
export async function expectCurrentAdminScreen(page: Page, label: string): Promise<void> {
  const menu = page.getByRole('navigation', { name: 'Admin menu' });
  await expect(menu).toBeVisible();
  const toggle = menu.getByRole('button');
  const compact = await toggle.isVisible();
  // A screen of a group ('Reports') is named with its group on the phone's button: 'Reports: Parents Contact'.
  if (compact) await expect(toggle).toHaveText(new RegExp(`^(.+: )?${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  await openAdminMenu(page);
  await expect(menu.getByRole('link', { name: label, exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(menu.locator('[aria-current="page"]')).toHaveCount(1);
  if (compact) {
    await toggle.click();
    await expect(menu.getByRole('link')).toHaveCount(0);
  }
}

/** Nothing on the page is wider than the window, so it never scrolls sideways. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

/** The element is in the window and nothing drawn over it (a bar fixed at the screen's foot) hides its middle or its corners. */
export async function expectNotCovered(locator: Locator): Promise<void> {
  await expect
    .poll(() =>
      locator.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const points = [
          [box.left + box.width / 2, box.top + box.height / 2],
          [box.left + 1, box.top + 1],
          [box.left + 1, box.bottom - 1],
        ];
        return points.every(([x, y]) => {
          const top = y! >= 0 && y! < window.innerHeight ? document.elementFromPoint(x!, y!) : null;
          return top !== null && (top === element || element.contains(top));
        });
      }),
    )
    .toBe(true);
}

/** The admin's students table's rows: the one of the student `id`, or all those drawn. */
export function studentsTableRows(page: Page, id?: string): Locator {
  return page.getByRole('table', { name: 'Students' }).locator(id ? `tbody tr[data-id="${id}"]` : 'tbody tr[data-id]');
}

/**
 * Chooses `option` from the select named `name`. Its list opens on a press; a press that landed as
 * the select was drawn anew (its list of choices arriving) opens nothing, and is made again.
 */
export async function chooseFromSelect(page: Page, name: string, option: string): Promise<void> {
  const choice = page.getByRole('option', { name: option, exact: true });
  await expect(async () => {
    if (!(await choice.isVisible())) await page.getByRole('combobox', { name }).click();
    await expect(choice).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await choice.click();
}

/** What opens a row's actions: its 'Actions' button on a wide screen, the student's name on a phone. */
export function rowActionsOpener(row: Locator): Locator {
  return row.getByRole('button', { name: /^Actions for / }).or(row.locator('td[data-field="name"] button'));
}

/** Chooses one of a row's actions by its name ('Edit', 'Reset password'…), from the menu or the sheet its opener shows. */
export async function chooseRowAction(row: Locator, action: string): Promise<void> {
  await rowActionsOpener(row).click();
  await row.page().getByRole('menuitem', { name: action, exact: true }).click();
}
