import { afterEach, describe, expect, it } from 'vitest';
import { notificationsRepository } from '../../../src/features/notifications/repository.ts';
import { outboxMessages } from '../../helpers/factories.ts';
import { createServerData, type ServerData } from '../../helpers/server-data.ts';
import { startServer } from '../../helpers/server-process.ts';
import { startSmtpServer, type TestSmtpServer } from '../../helpers/smtp-server.ts';
import { testDialect } from '../../helpers/test-db.ts';

const MESSAGES = 300;

describe('a server killed while sending mail', () => {
  let data: ServerData | undefined;
  let smtp: TestSmtpServer | undefined;
  afterEach(async () => {
    await smtp?.close();
    await data?.remove();
    data = smtp = undefined;
  });

  it('sends every queued message after a restart, none lost and at most one repeated', async () => {
    data = await createServerData();
    smtp = await startSmtpServer();
    const db = await data.open();
    try {
      await notificationsRepository.enqueue(db, outboxMessages(MESSAGES), new Date().toISOString());
      const settings = { ...data.settings, SMTP_URL: smtp.url };

      const server = await startServer(settings, data.dir);
      while (smtp.received.length < MESSAGES / 3) await new Promise((resolve) => setTimeout(resolve, 2));
      server.child.kill('SIGKILL');
      await server.exited;
      const atKill = smtp.received.length;
      expect(atKill).toBeLessThan(MESSAGES);
      // PostgreSQL: any process takes a dead one's messages when their lease ends; here the lease is made to end now.
      if (testDialect === 'postgres')
        await db.updateTable('outbox').set({ next_attempt_at: new Date().toISOString() }).where('status', '=', 'sending').execute();

      const restarted = await startServer(settings, data.dir);
      try {
        await expect
          .poll(async () => (await db.selectFrom('outbox').select('id').where('status', '!=', 'sent').execute()).length, { timeout: 20_000, interval: 100 })
          .toBe(0);
      } finally {
        restarted.child.kill('SIGTERM');
        await restarted.exited;
      }
      const recipients = smtp.received.map((mail) => mail.to[0]);
      expect(new Set(recipients).size).toBe(MESSAGES);
      expect(recipients.length - MESSAGES).toBeLessThanOrEqual(1);
    } finally {
      await db.destroy();
    }
  });
});
