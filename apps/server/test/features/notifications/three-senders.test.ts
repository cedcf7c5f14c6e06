import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/db/database.ts';
import { notificationsRepository } from '../../../src/features/notifications/repository.ts';
import { outboxMessages } from '../../helpers/factories.ts';
import { cutConnectionsEvery } from '../../helpers/connection-cuts.ts';
import { outboxCounts } from '../../helpers/queued-outbox.ts';
import { serverFleet } from '../../helpers/server-fleet.ts';
import { startSmtpServer, type TestSmtpServer } from '../../helpers/smtp-server.ts';
import { testDialect } from '../../helpers/test-db.ts';
import { waitUntil } from '../../helpers/wait.ts';

const SERVERS = 3;
const MESSAGES = 600;
/** Issue 55, point 7: the messages of a busy week, sent while the database's connections are cut every 5 s. */
const MESSAGES_UNDER_CUTS = 6000;
const CUT_EVERY_MS = 5000;

// Several servers on one database need PostgreSQL (decision 028); SQLite serves one process.
describe.skipIf(testDialect !== 'postgres')('three servers sending from one outbox (PostgreSQL only)', () => {
  const fleet = serverFleet();
  let smtp: TestSmtpServer | undefined;
  let db: Db | undefined;
  afterEach(async () => {
    await db?.destroy();
    await smtp?.close();
    smtp = db = undefined;
  });

  it('delivers each of 600 messages queued while three servers run exactly once, counted at the mail server', async () => {
    const data = await fleet.newData('postgres');
    smtp = await startSmtpServer();
    db = await data.open();
    const servers = await fleet.start(SERVERS, { SMTP_URL: smtp.url });

    // Queued at once while every sender polls: the three take from the same rows.
    await notificationsRepository.enqueue(db, outboxMessages(MESSAGES), new Date().toISOString());
    await waitUntil(
      'every message marked sent',
      async () => (await db!.selectFrom('outbox').select('id').where('status', '!=', 'sent').execute()).length === 0,
      120_000,
    );
    // The servers stop after the message under way: nothing more can reach the mail server after this.
    for (const server of servers) server.child.kill('SIGTERM');
    for (const server of servers) expect((await server.exited).code).toBe(0);

    // The servers sent side by side: each keeps one connection to the mail server, and several were open at once.
    expect(smtp.mostOpenAtOnce()).toBeGreaterThanOrEqual(2);
    const recipients = smtp.received.map((mail) => mail.to[0]);
    expect(recipients).toHaveLength(MESSAGES);
    expect(new Set(recipients).size).toBe(MESSAGES);
    // One audit row per message sent, none twice.
    const audited = await db.selectFrom('audit_log').select('detail').where('action', '=', 'notification.sent').execute();
    expect(audited).toHaveLength(MESSAGES);
    expect(new Set(audited.map((row) => row.detail)).size).toBe(MESSAGES);
  }, 180_000);

  it('delivers each of 6,000 messages exactly once while every database connection is cut every 5 s, counted at the mail server', async () => {
    const data = await fleet.newData('postgres');
    smtp = await startSmtpServer();
    db = await data.open();
    // The servers start before the cuts begin (a server that cannot reach its database as it starts stops, for its service manager to start again).
    await fleet.start(SERVERS, { SMTP_URL: smtp.url });
    const startedAt = Date.now();
    const cutter = await cutConnectionsEvery(data.databaseUrl!, CUT_EVERY_MS);
    let cuts = 0;
    try {
      await notificationsRepository.enqueue(db, outboxMessages(MESSAGES_UNDER_CUTS), new Date().toISOString());
      await smtp.waitFor(MESSAGES_UNDER_CUTS, 540_000);
    } finally {
      cuts = await cutter.stop();
    }
    // Counted on a connection opened after the cuts (the test's own were cut with the servers').
    const counter = await data.open();
    await waitUntil('every message marked sent', async () => (await outboxCounts(counter)).sent === MESSAGES_UNDER_CUTS, 60_000);
    for (const server of fleet.servers) server.child.kill('SIGTERM');
    for (const server of fleet.servers) await server.exited;
    const recipients = smtp.received.map((mail) => mail.to[0]);
    const audited = (await outboxCounts(counter)).audited;
    await counter.destroy();
    console.log(
      `[figures] three servers sent ${recipients.length} messages in ${((Date.now() - startedAt) / 1000).toFixed(0)} s while ${cuts} database connections were cut (every ${CUT_EVERY_MS / 1000} s): ${new Set(recipients).size} different, ${audited} marked sent`,
    );
    expect(cuts).toBeGreaterThan(0);
    expect(recipients).toHaveLength(MESSAGES_UNDER_CUTS);
    expect(new Set(recipients).size).toBe(MESSAGES_UNDER_CUTS);
    expect(audited).toBe(MESSAGES_UNDER_CUTS);
  }, 660_000);
});
