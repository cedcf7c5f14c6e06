import path from 'node:path';
import { expect, test } from '@playwright/test';
import SQLite from 'better-sqlite3';
import { schoolYearOf, stopLink } from '../apps/server/src/features/notifications/stop-links.ts';
import {
  claimStudent,
  expectAccessible,
  expectCurrentAdminScreen,
  expectNoSidewaysScroll,
  goToAdminScreen,
  signInAdminViaApi,
  xsrf,
} from './support/fixtures.ts';
import { shot } from './support/screenshots.ts';

test('with no mail server, the admin posts a term and reads the messages it queued', async ({ page }, testInfo) => {
  // Each viewport posts a term of its own.
  const year = testInfo.project.name === 'phone' ? 2036 : 2035;
  const yearLabel = `${year}-${year + 1}`;
  const student = claimStudent('complete');
  await signInAdminViaApi(page);
  const csv = ['Student ID,Subject,Mark,Comment', `${student.id},Mathematics,64,Steady`].join('\n');
  const imported = await page.request.post('/api/term-results/import', {
    multipart: { year: String(year), term: '1', dry_run: 'false', file: { name: 'results.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
    headers: await xsrf(page),
  });
  expect(imported.status()).toBe(200);

  await page.goto('/admin/term-reports');
  await page.getByRole('textbox', { name: 'Search' }).fill(yearLabel);
  await page
    .getByRole('row', { name: new RegExp(yearLabel) })
    .getByRole('button', { name: `Edit ${yearLabel} Term 1` })
    .click();
  await page
    .getByRole('dialog', { name: `Post ${year} Term 1 reports?` })
    .getByRole('button', { name: 'Yes' })
    .click();
  await expect(page.getByText(`${yearLabel} Term 1 reports posted.`)).toBeVisible();

  await goToAdminScreen(page, 'Messages');
  await expect(page).toHaveURL(/\/admin\/messages$/);
  await expectCurrentAdminScreen(page, 'Messages');
  await expect(page.getByText('No mail server is set up: messages are kept here and not sent')).toBeVisible();
  await expect(page.getByText('SMTP_URL', { exact: true })).toBeVisible();
  await expect(page.getByRole('switch', { name: /Report cards posted/ })).toBeChecked();
  await expect(page.getByRole('switch', { name: /Absence and lateness/ })).not.toBeChecked();

  await page.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: 'Report cards posted' }).click();
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'queued' }).click();
  // The messages of this posting: the student's and her parents', each naming her term and first name.
  type Listed = { id: number; recipient: string };
  const listed = (await (await page.request.get('/api/messages?kind=report_posted&status=queued')).json()).items as Listed[];
  const words = `The Term 1, Michaelmas, ${yearLabel} report of ${student.first_name} is ready in the portal.`;
  const ours: Listed[] = [];
  for (const item of listed) if ((await (await page.request.get(`/api/messages/${item.id}`)).json()).text.includes(words)) ours.push(item);
  expect(ours.length).toBeGreaterThanOrEqual(1);
  const row = page.getByRole('row').filter({ hasText: ours[0]!.recipient });
  await expect(row).toContainText('Report cards posted');
  await expect(row).toContainText('queued');
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await shot(page, `messages-${testInfo.project.name}`);

  await row.getByRole('button', { name: `Read the message to ${ours[0]!.recipient}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(words);
  await expect(dialog).toContainText(`To ${ours[0]!.recipient}`);
  await expect(dialog).not.toContainText('Mathematics');
  await expectAccessible(page);
  await shot(page, `message-read-${testInfo.project.name}`);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('the admin previews an absence message on the notification settings', async ({ page }, testInfo) => {
  await signInAdminViaApi(page);
  await page.goto('/admin/messages');
  await expectAccessible(page);
  await shot(page, `settings-panel-${testInfo.project.name}`);
  await page.getByRole('button', { name: 'Preview: Absence and lateness' }).click();
  const dialog = page.getByRole('dialog', { name: 'Preview: Absence and lateness' });
  await expect(dialog).toContainText('A sample about a made-up student');
  await expect(dialog).toContainText(/On \w+ \d+ \w+ \d{4}, Amelia arrived at 08:20\./);
  await expect(dialog).toContainText('/api/notifications/stop?token=');
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await shot(page, `preview-${testInfo.project.name}`);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('the admin counts who would receive a registration reminder, then sends it', async ({ page }, testInfo) => {
  await signInAdminViaApi(page);
  await page.goto('/admin/registration-settings');
  const panel = page.getByRole('region', { name: 'Remind students who have not finished' });
  await expect(panel).toBeVisible();
  await panel.getByRole('button', { name: 'Count who would receive it' }).click();
  const preview = panel.getByText(/^It would go to \d+ students? and \d+ address/);
  await expect(preview).toBeVisible();
  const [, students] = /It would go to (\d+)/.exec((await preview.textContent()) ?? '') ?? [];
  expect(Number(students)).toBeGreaterThan(0);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await shot(page, `reminder-count-${testInfo.project.name}`);

  await panel.getByRole('button', { name: 'Send the reminder' }).click();
  await expect(panel.getByText(/^Reminder queued for \d+ students? and \d+ address/)).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Send the reminder' })).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, `reminder-sent-${testInfo.project.name}`);

  const reminders = (await (await page.request.get('/api/messages?kind=reminders&status=queued')).json()) as { total: number; items: Array<{ id: number }> };
  expect(reminders.total).toBeGreaterThan(0);
  const text = (await (await page.request.get(`/api/messages/${reminders.items[0]!.id}`)).json()).text as string;
  expect(text).toMatch(/Still to do: /);
});

test("a parent's link stops absence messages without signing in, and the admin sees it", async ({ page, browser }, testInfo) => {
  const student = claimStudent('any');
  const recipient = `parent-${testInfo.project.name}@example.org`;
  const link = await stopLinkFor(student.id, recipient);

  // The parent opens the link from her e-mail in a browser that never signed in.
  const parentContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const parent = await parentContext.newPage();
  await parent.goto(link);
  // Opening it only asks (a mail scanner opening it stops nothing); the button stops them.
  await expect(parent.getByRole('heading', { name: 'Stop absence messages?' })).toBeVisible();
  await expectAccessible(parent);
  await parent.getByRole('button', { name: 'Stop these messages' }).click();
  await expect(parent.getByRole('heading', { name: 'Absence messages stopped' })).toBeVisible();
  await expect(parent.getByRole('main')).not.toContainText(student.first_name);
  await expectNoSidewaysScroll(parent);
  await expectAccessible(parent);
  await shot(parent, `stop-link-${testInfo.project.name}`);
  await parent.goto(link.replace(/.{4}$/, 'AAAA'));
  await expect(parent.getByRole('heading', { name: 'This link is not valid' })).toBeVisible();
  await parentContext.close();

  await signInAdminViaApi(page);
  const stops = await (await page.request.get(`/api/notification-stops/${student.id}`)).json();
  expect(stops).toEqual([{ recipient, kind: 'absence', stopped_at: expect.any(String) }]);
  await page.goto(`/admin/students/${student.id}/attendance`);
  await expect(page.getByText(`Absence messages stopped with the link in one: ${recipient}`)).toBeVisible();
  await expectAccessible(page);
});

/** The stop link the portal puts in an absence message, signed with the portal's own key (read from its database, as the server reads it). */
async function stopLinkFor(studentId: string, recipient: string): Promise<string> {
  const db = new SQLite(path.join(process.env.E2E_DATA_DIR ?? '', 'portal.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const { value } = db.prepare("SELECT value FROM server_secrets WHERE name = 'device-cookie'").get() as { value: string };
    const schoolYear = schoolYearOf(new Date().toISOString().slice(0, 10));
    return stopLink(process.env.E2E_BASE_URL ?? '', Buffer.from(value, 'base64url'), { studentId, recipient, schoolYear });
  } finally {
    db.close();
  }
}
