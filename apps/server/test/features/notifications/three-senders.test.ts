import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/db/database.ts';
import { notificationsRepository } from '../../../src/features/notifications/repository.ts';
import { outboxMessages } from '../../helpers/factories.ts';
import { createServerData, type ServerData } from '../../helpers/server-data.ts';
import { startServer, stopServers, type RunningServer } from '../../helpers/server-process.ts';
import { startSmtpServer, type TestSmtpServer } from '../../helpers/smtp-server.ts';
import { testDialect } from '../../helpers/test-db.ts';
import { waitUntil } from '../../helpers/wait.ts';

const SERVERS = 3;
const MESSAGES = 600;

// Several servers on one database need PostgreSQL (decision 028); SQLite serves one process.
describe.skipIf(testDialect !== 'postgres')('three servers sending from one outbox (PostgreSQL only)', () => {
  let data: ServerData | undefined;
  let smtp: TestSmtpServer | undefined;
  let db: Db | undefined;
  const servers: RunningServer[] = [];
  afterEach(async () => {
    await stopServers(servers);
    await db?.destroy();
    await smtp?.close();
    await data?.remove();
    data = smtp = db = undefined;
  });

  it('delivers each of 600 messages queued while three servers run exactly once, counted at the mail server', async () => {
    data = await createServerData('postgres');
    smtp = await startSmtpServer();
    db = await data.open();
    const started = await Promise.all(
      Array.from({ length: SERVERS }, (_, index) =>
        startServer({ ...data!.settings, DATA_DIR: path.join(data!.dir, `server-${index}`), SMTP_URL: smtp!.url }, data!.dir),
      ),
    );
    servers.push(...started);

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
});
