import { afterEach } from 'vitest';
import type { Db } from '../../src/db/database.ts';
import { notificationsRepository } from '../../src/features/notifications/repository.ts';
import { outboxMessages } from './factories.ts';
import { createServerData, type ServerData } from './server-data.ts';
import { startSmtpServer, type TestSmtpServer } from './smtp-server.ts';

export type QueuedOutbox = { data: ServerData; smtp: TestSmtpServer; db: Db };

/**
 * For the tests of the mail sender in a server process: `queue(count)` makes a server's data with
 * `count` plain messages waiting in its outbox (`outboxMessages`) and a mail server to take them,
 * and gives the data, the mail server and an open database. After each test both are removed;
 * the test closes the database it was given.
 */
export function queuedOutbox(): { queue: (count: number) => Promise<QueuedOutbox> } {
  let made: { data: ServerData; smtp: TestSmtpServer } | undefined;
  afterEach(async () => {
    await made?.smtp.close();
    await made?.data.remove();
    made = undefined;
  });
  return {
    async queue(count) {
      const data = await createServerData();
      const smtp = await startSmtpServer();
      made = { data, smtp };
      const db = await data.open();
      await notificationsRepository.enqueue(db, outboxMessages(count), new Date().toISOString());
      return { data, smtp, db };
    },
  };
}

/** How many outbox messages are marked sent, and how many sends the audit log holds. */
export async function outboxCounts(db: Db): Promise<{ sent: number; audited: number }> {
  const sent = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'sent')
    .executeTakeFirstOrThrow();
  const audited = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('action', '=', 'notification.sent')
    .executeTakeFirstOrThrow();
  return { sent: Number(sent.n), audited: Number(audited.n) };
}
