import type { Db } from '../../src/db/database.ts';
import { ADMIN_PASSWORD } from './factories.ts';
import type { TestClient } from './test-app.ts';

/** The code in the latest enrolment-code message to `email`. */
export async function sentEnrolmentCode(db: Db, email: string): Promise<string> {
  const message = await db
    .selectFrom('outbox')
    .select('text_body')
    .where('recipient', '=', email)
    .where('event', 'like', 'staff-security.enrolment-code:%')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return /is (\d{6})\./.exec(message.text_body)![1]!;
}

/**
 * Shows that the client's session is the account holder's, as the enrolment screen does where the
 * school requires a second factor (decision 057): a notice address, the password again, the code sent.
 */
export async function verifiedForEnrolment(client: TestClient, db: Db, username: string): Promise<void> {
  const email = `${username}@school.test`;
  await db.updateTable('admin_users').set({ email }).where('username', '=', username).execute();
  const asked = await client.post('/api/account/enrolment-code', { current_password: ADMIN_PASSWORD });
  if (asked.statusCode !== 200) throw new Error(`The code was not sent: ${asked.statusCode} ${asked.body}`);
  const confirmed = await client.post('/api/account/enrolment-code/confirm', { code: await sentEnrolmentCode(db, email) });
  if (confirmed.statusCode !== 200) throw new Error(`The code was not accepted: ${confirmed.statusCode} ${confirmed.body}`);
}
