import { describe, expect, it } from 'vitest';
import { cutConnectionsEvery } from '../../helpers/connection-cuts.ts';
import { outboxCounts, queuedOutbox } from '../../helpers/queued-outbox.ts';
import { startServer } from '../../helpers/server-process.ts';
import { testDialect } from '../../helpers/test-db.ts';

const MESSAGES = 300;
/** How often every connection to the database is cut while the messages go out. */
const CUT_EVERY_MS = 1000;

describe('the mail sender while the database connections are cut', () => {
  const outbox = queuedOutbox();

  // Connections cut under a running server are PostgreSQL's fault (SQLite has none to cut).
  it.skipIf(testDialect !== 'postgres')(
    'delivers each message exactly once, marks each sent, and goes on with the rest of its batch',
    async () => {
      const { data, smtp, db } = await outbox.queue(MESSAGES);
      await db.destroy();
      const server = await startServer({ ...data.settings, SMTP_URL: smtp.url }, data.dir);
      // The first cut soon after the server is up: on a quiet machine the whole outbox goes in about a second.
      const cutter = await cutConnectionsEvery(data.databaseUrl!, CUT_EVERY_MS, { firstAfterMs: 100 });
      let cuts = 0;
      try {
        // Every message reaches the mail server while the cuts go on (a message left to its
        // 5-minute lease, as a batch ended by a failed mark was, would not).
        await smtp.waitFor(MESSAGES, 30_000);
      } finally {
        cuts = await cutter.stop();
      }
      const counter = await data.open();
      try {
        await expect.poll(async () => (await outboxCounts(counter)).sent, { timeout: 15_000, interval: 100 }).toBe(MESSAGES);
        server.child.kill('SIGTERM');
        await server.exited;
        expect(cuts).toBeGreaterThan(0);
        const recipients = smtp.received.map((mail) => mail.to[0]);
        expect(recipients).toHaveLength(MESSAGES);
        expect(new Set(recipients).size).toBe(MESSAGES);
        // Marked once each: one audit row per message, however many tries its mark took.
        expect((await outboxCounts(counter)).audited).toBe(MESSAGES);
      } finally {
        if (server.child.exitCode === null) server.child.kill('SIGTERM');
        await server.exited;
        await counter.destroy();
      }
    },
    60_000,
  );
});
