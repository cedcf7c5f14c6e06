import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { queuedOutbox } from '../../helpers/queued-outbox.ts';
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
      const killer = new pg.Client({ connectionString: data.databaseUrl });
      await killer.connect();
      let cuts = 0;
      let cutting = true;
      try {
        const server = await startServer({ ...data.settings, SMTP_URL: smtp.url }, data.dir);
        const cutter = (async () => {
          while (cutting) {
            await new Promise((resolve) => setTimeout(resolve, CUT_EVERY_MS));
            if (!cutting) break;
            const { rows } = await killer.query<{ cut: boolean }>(
              'SELECT pg_terminate_backend(pid) AS cut FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
            );
            cuts += rows.filter((row) => row.cut).length;
          }
        })();
        try {
          // Every message reaches the mail server while the cuts go on (a message left to its
          // 5-minute lease, as a batch ended by a failed mark was, would not).
          await smtp.waitFor(MESSAGES, 30_000);
          cutting = false;
          await cutter;
          await expect
            .poll(async () => Number((await killer.query("SELECT count(*) AS n FROM outbox WHERE status = 'sent'")).rows[0].n), {
              timeout: 15_000,
              interval: 100,
            })
            .toBe(MESSAGES);
        } finally {
          cutting = false;
          await cutter;
          server.child.kill('SIGTERM');
          await server.exited;
        }
        expect(cuts).toBeGreaterThan(0);
        const recipients = smtp.received.map((mail) => mail.to[0]);
        expect(recipients).toHaveLength(MESSAGES);
        expect(new Set(recipients).size).toBe(MESSAGES);
        // Marked once each: one audit row per message, however many tries its mark took.
        const audited = await killer.query("SELECT count(*) AS n FROM audit_log WHERE action = 'notification.sent'");
        expect(Number(audited.rows[0].n)).toBe(MESSAGES);
      } finally {
        cutting = false;
        await killer.end();
      }
    },
    60_000,
  );
});
