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
