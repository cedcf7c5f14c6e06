import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import {
  addStaffViaApi,
  apiCall,
  browserBeside,
  claimStudent,
  expectAccessible,
  expectNoSidewaysScroll,
  firstStaffSignIn,
  goToAdminScreen,
  signInAdminViaApi,
  signInStudentViaApi,
} from './support/fixtures.ts';
import { invitationLinkTo } from './support/family.ts';
import { shot } from './support/screenshots.ts';

/**
 * Absence notes (issue 51, point 1; decision 065), at 1280×800 and 360×740: a mother sends a note
 * for her daughter's last school day with a photo of the doctor's note; an office member accepts it
 * on Absence Notes; the daughter's attendance shows the day 'Excused', and the mother sees 'Accepted'.
 */

const PASSWORD = 'Flamboyant-Mornings-Lane-8';
const DAY_MS = 24 * 60 * 60 * 1000;
const shiftDay = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Today on the demo school's clock. */
const schoolToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Port_of_Spain' }).format(new Date());

/** The last school day before today by the school's calendar (yesterday, on a school day after one): the day a mother writes a note for. */
async function lastSchoolDay(admin: Page): Promise<string> {
  const calendar = (await (await admin.request.get('/api/term-calendar')).json()) as {
    terms: Array<{ start_date: string; end_date: string }>;
    closed_days: Array<{ date: string }>;
  };
  const closed = new Set(calendar.closed_days.map((day) => day.date));
  for (let date = shiftDay(schoolToday(), -1), back = 1; back <= 30; date = shiftDay(date, -1), back += 1) {
    const weekday = ![0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay());
    if (weekday && !closed.has(date) && calendar.terms.some((term) => term.start_date <= date && date <= term.end_date)) return date;
  }
  throw new Error('The demo calendar has no school day in the last 30 days');
}

/** A photo of a paper doctor's note, as a phone takes one. */
const doctorsNotePhoto = () =>
  sharp({ create: { width: 900, height: 1200, channels: 3, background: '#fbfaf5' } })
    .composite([
      { input: Buffer.from('<svg width="900" height="200"><text x="60" y="120" font-size="64">Dr. A. Ali — unfit for school</text></svg>'), top: 100, left: 0 },
    ])
    .jpeg({ quality: 80 })
    .toBuffer();

test('a mother sends a note for her daughter’s last school day with a photo; the office accepts it; the day shows Excused and the mother sees Accepted', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const run = `${testInfo.project.name}-${Date.now()}`;
  const mother = `notes-mother-${run}@example.com`;

  const adminContext = await browserBeside(page, browser, testInfo);
  const admin = await adminContext.newPage();
  await signInAdminViaApi(admin);
  const day = await lastSchoolDay(admin);
  const girl = claimStudent('any', undefined, { absentOn: day });
  const name = `${girl.first_name} ${girl.last_name}`;

  // An office member, who will answer the note, invites the mother; she makes her account from the mailed link.
  const username = `office-notes-${run}`.slice(0, 40);
  const oneTime = await addStaffViaApi(admin, { username, display_name: 'Mrs Office', role: 'office' });
  const officeContext = await browserBeside(page, browser, testInfo);
  const office = await officeContext.newPage();
  await firstStaffSignIn(office, username, oneTime, `${PASSWORD}-office`);
  await expect(office).toHaveURL(/\/admin\//);
  expect((await apiCall(office, 'POST', '/api/guardian-invitations', { student_id: girl.id, email: mother, relationship: 'mother' })).status()).toBe(200);
  await page.goto(invitationLinkTo(mother));
  await page.getByLabel('Your name').fill('Mrs Charles');
  await page.getByLabel('New Password').fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  // On her daughter's page, under the attendance, she writes the note and adds the photo.
  const notes = page.getByRole('region', { name: 'Absence Notes' });
  await notes.getByRole('button', { name: 'Send an absence note' }).click();
  const form = page.getByRole('form', { name: 'Send an absence note' });
  await form.getByRole('textbox', { name: 'First day' }).fill(day);
  await expect(form.getByRole('textbox', { name: 'Last day' })).toHaveValue(day);
  await form.getByRole('radio', { name: 'Illness' }).check();
  await form.getByLabel(/A few words/).fill('She had a fever; the doctor’s note is attached.');
  await form
    .getByLabel('A photo or PDF of the doctor’s note (optional)')
    .setInputFiles({ name: 'doctors-note.jpg', mimeType: 'image/jpeg', buffer: await doctorsNotePhoto() });
  await expect(form.getByText('doctors-note.jpg')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await form.scrollIntoViewIfNeeded();
  await shot(page, 'absence-note-form');
  await form.getByRole('button', { name: 'Send Note' }).click();
  await expect(notes.getByRole('status')).toHaveText(`Your note for ${girl.first_name} is sent. The school’s answer will show here.`);
  const sent = notes.getByRole('list', { name: 'Absence notes sent' }).getByRole('listitem').first();
  await expect(sent).toContainText('Waiting for the school');
  await expect(sent).toContainText('With doctors-note.jpg');
  await expectAccessible(page);
  await sent.scrollIntoViewIfNeeded();
  await shot(page, 'absence-note-sent');

  // The office opens Absence Notes from the menu: the note, the day, what attendance recorded, the photo.
  await office.goto('/admin/dashboard');
  await goToAdminScreen(office, 'Absence Notes');
  await expect(office.getByRole('heading', { level: 1, name: 'Absence Notes' })).toBeVisible();
  const row = office.getByRole('table', { name: 'Absence notes' }).locator('tbody tr', { hasText: name });
  await expect(row).toContainText('AM absent, PM absent');
  await expect(row).toContainText('Mrs Charles, Mother');
  const photo = await office.request.get((await row.getByRole('link', { name: 'Open the file: doctors-note.jpg' }).getAttribute('href'))!);
  expect(photo.status()).toBe(200);
  expect(photo.headers()['content-type']).toBe('image/jpeg');
  await expectNoSidewaysScroll(office);
  await expectAccessible(office);
  await shot(office, 'absence-notes-office');

  // Two clicks: Accept, then its confirmation.
  await row.getByRole('button', { name: `Accept the note for ${name}` }).click();
  const dialog = office.getByRole('dialog', { name: 'Accept this absence note?' });
  await expect(dialog).toContainText('will show as excused');
  await expectAccessible(office);
  await shot(office, 'absence-notes-accept');
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(office.getByText(`The note for ${name} is accepted: those sessions show as excused.`)).toBeVisible();
  await expect(row).toHaveCount(0);
  await office.getByRole('button', { name: 'Accepted', exact: true }).click();
  await expect(office.getByRole('table', { name: 'Absence notes' }).locator('tbody tr', { hasText: name })).toContainText('AM excused, PM excused');
  await shot(office, 'absence-notes-accepted');

  // The daughter signs in: the day reads Excused, counted apart.
  const daughterContext = await browserBeside(page, browser, testInfo);
  const daughter = await daughterContext.newPage();
  await signInStudentViaApi(daughter, girl);
  await daughter.goto('/attendance');
  await daughter.getByRole('textbox', { name: 'Search Date' }).fill(day);
  const dayRow = daughter.getByRole('table', { name: 'Attendance records' }).getByRole('row', { name: new RegExp(day) });
  await expect(dayRow).toContainText('ExcusedExcused');
  await expect(daughter.getByRole('figure', { name: /^Attendance: \d+%\. Present: \d+, Absent: \d+, Excused: 2\.$/ })).toBeVisible();
  await expectNoSidewaysScroll(daughter);
  await expectAccessible(daughter);
  await shot(daughter, 'absence-note-excused-daughter');

  // The mother, back on her daughter's page, reads the answer.
  await page.goto(`/family/${girl.id}`);
  await expect(notes.getByRole('list', { name: 'Absence notes sent' }).getByRole('listitem').first()).toContainText('Accepted');
  await expect(page.getByRole('figure', { name: /Excused: 2\.$/ })).toBeVisible();
  await expectAccessible(page);
  await notes.scrollIntoViewIfNeeded();
  await shot(page, 'absence-note-accepted-mother');

  await Promise.all([adminContext.close(), officeContext.close(), daughterContext.close()]);
});
