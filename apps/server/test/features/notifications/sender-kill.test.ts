import { describe, expect, it } from 'vitest';
import { queuedOutbox } from '../../helpers/queued-outbox.ts';
import { startServer } from '../../helpers/server-process.ts';
import { testDialect } from '../../helpers/test-db.ts';

const MESSAGES = 300;

describe('a server killed while sending mail', () => {
  const outbox = queuedOutbox();

  it('sends every queued message after a restart, none lost and at most one repeated', async () => {
    const { data, smtp, db } = await outbox.queue(MESSAGES);
    try {
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
