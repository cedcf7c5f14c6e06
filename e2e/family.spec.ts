import { expect, test, type Page } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import {
  addStaffViaApi,
  apiCall,
  browserBeside,
  claimStudent,
  expectAccessible,
  expectNoSidewaysScroll,
  firstStaffSignIn,
  signInAdminViaApi,
  type DemoStudent,
} from './support/fixtures.ts';
import { acceptAsNewAccount, mailedInvitation } from './support/family.ts';
import { expectFirstPageDrawn } from './support/pdf-viewer.ts';
import { shot } from './support/screenshots.ts';

/**
 * The family's side of the portal (issue 50, decisions 062–064), at 1280×800 and 360×740: an office
 * member invites a mother; she accepts, sets a password, adds her second daughter with a letter's
 * code, switches between them, opens a report card and the attendance report; an admin restricts
 * the father's link, and his next call finds nothing of the girl.
 */

const PASSWORD = 'Hibiscus-Lane-Mornings-7';

/** A code printed for `student` on her class's letters, read from the PDF's text. */
async function letterCode(office: Page, student: DemoStudent): Promise<string> {
  const answer = await office.request.get(`/api/guardian-letters/${encodeURIComponent(student.class_id)}`);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('application/pdf');
  const pdf = await getDocument({ data: new Uint8Array(await answer.body()) }).promise;
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const text = (await (await pdf.getPage(number)).getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ');
    const code = text.includes(student.id) ? /[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{2}/.exec(text)?.[0] : undefined;
    if (code) return code;
  }
  throw new Error(`No letter names ${student.id}`);
}

/** An invitation for `email` to follow `student`, sent by the office member signed in on `office`. */
async function invite(office: Page, student: DemoStudent, email: string, relationship: 'mother' | 'father') {
  const sent = await apiCall(office, 'POST', '/api/guardian-invitations', { student_id: student.id, email, relationship });
  expect(sent.status()).toBe(200);
}

test('a mother accepts the school’s invitation, adds her second daughter by letter, and reads both; a restricted father finds nothing', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const run = `${testInfo.project.name}-${Date.now()}`;
  const mother = `mother-${run}@example.com`;
  const father = `father-${run}@example.com`;
  // A Form 3 girl has last year's posted reports; her sister is in Form 2.
  const elder = claimStudent('any', 3);
  const younger = claimStudent('any', 2);

  // The admin adds an office member, who signs in and invites the mother and the father.
  const adminContext = await browserBeside(page, browser, testInfo);
  const admin = await adminContext.newPage();
  await signInAdminViaApi(admin);
  const username = `office-${run}`.slice(0, 40);
  const oneTime = await addStaffViaApi(admin, { username, display_name: 'Mrs Office', role: 'office' });
  const officeContext = await browserBeside(page, browser, testInfo);
  const office = await officeContext.newPage();
  await firstStaffSignIn(office, username, oneTime, `${PASSWORD}-office`);
  await expect(office).toHaveURL(/\/admin\//);
  await invite(office, elder, mother, 'mother');
  await invite(office, elder, father, 'father');

  // The mother follows the mailed link, makes her account and lands on her daughter's page.
  const link = await mailedInvitation(admin, mother);
  await acceptAsNewAccount(page, link, { name: 'Maria Charles', firstName: elder.first_name, password: PASSWORD });
  await expect(page.getByRole('heading', { level: 1, name: `${elder.first_name} ${elder.last_name}` })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await shot(page, 'family-first-daughter');

  // She adds her second daughter with the code of the letter the school handed her.
  const code = await letterCode(office, younger);
  await page.getByRole('link', { name: 'Add a daughter' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add a Daughter' })).toBeVisible();
  await page.getByLabel('Student ID').fill(younger.id);
  await page.getByLabel('Code from the letter').fill(code.toLowerCase().replaceAll('-', ' '));
  await page.getByRole('textbox', { name: 'Her date of birth' }).fill(younger.date_of_birth);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Add Daughter' }).click();
  await expect(page).toHaveURL(new RegExp(`/family/${younger.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: `${younger.first_name} ${younger.last_name}` })).toBeVisible();
  // The code works once.
  expect((await apiCall(page, 'POST', '/api/guardian-links', { student_id: younger.id, code, date_of_birth: younger.date_of_birth })).status()).not.toBe(200);

  // She switches to her elder daughter and opens a posted report card.
  const switcher = page.getByRole('navigation', { name: 'Your daughters' });
  await expect(switcher.getByRole('link')).toHaveCount(2);
  await switcher.getByRole('link', { name: elder.first_name }).click();
  await expect(page).toHaveURL(new RegExp(`/family/${elder.id}$`));
  await expect(switcher.getByRole('link', { name: elder.first_name })).toHaveAttribute('aria-current', 'page');
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await shot(page, 'family-switched');
  await page.getByRole('button', { name: /Term 3, Trinity, 2025-2026/ }).click();
  const card = page.getByRole('dialog', { name: /End of Term Report – Term 3, Trinity, 2025-2026/ });
  await expectFirstPageDrawn(card);
  await expectAccessible(page);
  await card.getByRole('button', { name: 'Close' }).click();
  await expect(card).toBeHidden();

  // And the attendance report, for the term so far.
  await page.getByRole('button', { name: 'Generate Report' }).click();
  await page.getByRole('dialog', { name: 'Attendance Report' }).getByRole('button', { name: 'Display Report' }).click();
  const report = page.getByRole('dialog', { name: /^Attendance Report \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}$/ });
  await expectFirstPageDrawn(report);
  await shot(page, 'family-attendance-report');
  await report.getByRole('button', { name: 'Close' }).click();

  // The father accepts his invitation in a browser of his own, and sees his daughter.
  const fatherContext = await browserBeside(page, browser, testInfo);
  const fatherPage = await fatherContext.newPage();
  await acceptAsNewAccount(fatherPage, await mailedInvitation(admin, father), { name: 'Joseph Charles', firstName: elder.first_name, password: PASSWORD });
  expect((await fatherPage.request.get(`/api/student-attendance/${elder.id}`)).status()).toBe(200);

  // The admin restricts the father's link (custody): his next call finds nothing of her, as for a girl who does not exist.
  const links = (await (await admin.request.get(`/api/guardians?student_id=${elder.id}`)).json()) as {
    links: Array<{ link_id: string; guardian_email: string }>;
  };
  const his = links.links.find((each) => each.guardian_email === father)!;
  expect((await apiCall(admin, 'PATCH', `/api/guardian-links/${his.link_id}`, { restricted: true })).status()).toBe(200);
  const after = await fatherPage.request.get(`/api/student-attendance/${elder.id}`);
  expect(after.status()).toBe(404);
  expect(await after.text()).not.toContain(elder.last_name);
  expect((await fatherPage.request.get(`/api/report-card-terms/${elder.id}`)).status()).toBe(404);
  await fatherPage.goto('/family');
  await expect(fatherPage.getByText(/No daughter is linked to your account yet/)).toBeVisible();
  await expectAccessible(fatherPage);

  // The mother's view is unchanged.
  expect((await page.request.get(`/api/student-attendance/${elder.id}`)).status()).toBe(200);

  await Promise.all([adminContext.close(), officeContext.close(), fatherContext.close()]);
});
