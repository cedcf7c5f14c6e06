import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import SQLite from 'better-sqlite3';

/** The family's journeys (issue 50): an invitation as the mother's mailbox receives it, and her account made from it. */

/**
 * The single-use link the portal mailed to `email`, read from its outbox as a mailbox would receive
 * it (no mail server is set up). Staff cannot read such a mail on Messages: it holds a link to an account.
 */
export async function mailedInvitation(admin: Page, email: string): Promise<string> {
  const listed = await admin.request.get('/api/messages?kind=family_account&status=queued');
  const item = ((await listed.json()) as { items: Array<{ id: number; recipient: string }> }).items.find((each) => each.recipient.toLowerCase() === email);
  expect(item).toBeDefined();
  expect((await admin.request.get(`/api/messages/${item!.id}`)).status()).toBe(403);
  const db = new SQLite(path.join(process.env.E2E_DATA_DIR ?? '', 'portal.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const { text_body } = db.prepare('SELECT text_body FROM outbox WHERE id = ?').get(item!.id) as { text_body: string };
    const link = /\/parents\/invitation\?token=[^\s)>"]+/.exec(text_body)?.[0];
    expect(link).toBeDefined();
    return link!;
  } finally {
    db.close();
  }
}

/** Accepts the invitation at `link` as a new account: her name and a password typed twice; she lands on her daughter's page. */
export async function acceptAsNewAccount(page: Page, link: string, { name, firstName, password }: { name: string; firstName: string; password: string }) {
  await page.goto(link);
  await expect(page.getByText(`You are invited to follow ${firstName} at`)).toBeVisible();
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('New Password').fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/family$/);
}
