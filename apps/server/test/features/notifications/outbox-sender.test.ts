import { describe, expect, it } from 'vitest';
import { queuedOutbox } from '../../helpers/queued-outbox.ts';
import { startServer } from '../../helpers/server-process.ts';
import { testDialect } from '../../helpers/test-db.ts';

const MESSAGES = 400;

describe('the senders of several server processes', () => {
  const outbox = queuedOutbox();

  // Several processes need PostgreSQL (decision 028); with SQLite the portal is one process.
  it.skipIf(testDialect !== 'postgres')('send each message once with WORKERS=2 on PostgreSQL', async () => {
    const { data, smtp, db } = await outbox.queue(MESSAGES);
    try {
      const server = await startServer({ ...data.settings, SMTP_URL: smtp.url, WORKERS: '2' }, data.dir);
      try {
        await smtp.waitFor(MESSAGES, 60_000);
        await expect
          .poll(async () => (await db.selectFrom('outbox').select('id').where('status', '=', 'sent').execute()).length, { timeout: 20_000 })
          .toBe(MESSAGES);
      } finally {
        server.child.kill('SIGTERM');
        await server.exited;
      }
      const recipients = smtp.received.map((mail) => mail.to[0]);
      expect(recipients).toHaveLength(MESSAGES);
      expect(new Set(recipients).size).toBe(MESSAGES);
      const attempts = await db.selectFrom('outbox').select('attempts').execute();
      expect(attempts.every((row) => row.attempts === 1)).toBe(true);
    } finally {
      await db.destroy();
    }
  });
});
