import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import SQLite from 'better-sqlite3';

/** The family's journeys (issue 50): an invitation as the mother's mailbox receives it, and her account made from it. */

/**
 * The link of the newest invitation the portal mailed to `email`, read from the outbox of the portal
 * whose data folder is `dataDir` (the shared portal's by default) as a mailbox would receive it: no
 * mail server is set up.
 */
export function invitationLinkTo(email: string, dataDir = process.env.E2E_DATA_DIR ?? ''): string {
  const db = new SQLite(path.join(dataDir, 'portal.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const mail = db.prepare("SELECT text_body FROM outbox WHERE kind = 'family_account' AND lower(recipient) = lower(?) ORDER BY id DESC").get(email) as
      { text_body: string } | undefined;
    const link = mail && /\/parents\/invitation\?token=[^\s)>"]+/.exec(mail.text_body)?.[0];
    if (!link) throw new Error(`No invitation was mailed to ${email}`);
    return link;
  } finally {
    db.close();
  }
}

/**
 * The single-use link the portal mailed to `email` (`invitationLinkTo`), after checking on the
 * admin's Messages that staff cannot read such a mail: it holds a link to an account.
 */
export async function mailedInvitation(admin: Page, email: string): Promise<string> {
  const listed = await admin.request.get('/api/messages?kind=family_account&status=queued');
  const item = ((await listed.json()) as { items: Array<{ id: number; recipient: string }> }).items.find((each) => each.recipient.toLowerCase() === email);
  expect(item).toBeDefined();
  expect((await admin.request.get(`/api/messages/${item!.id}`)).status()).toBe(403);
  return invitationLinkTo(email);
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
