import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../../src/db/database.ts';
import { createWriteTransactions } from '../../../src/db/write-transactions.ts';
import { smtpTransport } from '../../../src/features/notifications/mail-transport.ts';
import { notificationsRepository } from '../../../src/features/notifications/repository.ts';
import { OutboxSender, RETRY_WINDOW_MS, retryWaitMs } from '../../../src/features/notifications/sender.ts';
import { outboxMessages } from '../../helpers/factories.ts';
import { startSmtpServer, type TestSmtpServer } from '../../helpers/smtp-server.ts';
import { createTestDb, testDialect, type TestDb } from '../../helpers/test-db.ts';

let t: TestDb;
let smtp: TestSmtpServer;
const quiet = { warn: () => {}, error: () => {} };
const FROM = 'School <no-reply@school.test>';

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());
beforeEach(async () => {
  smtp = await startSmtpServer();
  await t.db.deleteFrom('outbox').execute();
});
afterEach(async () => {
  await Promise.all(senders.splice(0).map((sender) => sender.stop()));
  await smtp.close();
});

const senders: OutboxSender[] = [];
/** A sender of the test's (stopped after it, closing its SMTP connection). */
function newSender(db: Db = t.db, now?: () => Date): OutboxSender {
  const sender = new OutboxSender(deps(db), smtpTransport(smtp.url, FROM), quiet, now);
  senders.push(sender);
  return sender;
}

const deps = (db: Db = t.db) => ({ db, dialect: t.dialect, writeTransaction: createWriteTransactions(db, t.dialect) });

async function enqueue(count: number) {
  await notificationsRepository.enqueue(t.db, outboxMessages(count), new Date().toISOString());
}

const rows = () => t.db.selectFrom('outbox').selectAll().orderBy('id').execute();

/** A clock the test moves. */
function testClock(start = Date.now()) {
  let now = start;
  return { now: () => new Date(now), advance: (ms: number) => (now += ms) };
}

describe('the outbox sender', () => {
  it('sends each queued message to the SMTP server once and marks it sent', async () => {
    await enqueue(3);
    const sender = newSender();
    expect(await sender.sendDue()).toBe(3);
    expect(await sender.sendDue()).toBe(0);
    expect(smtp.received.map((mail) => mail.to)).toEqual([['parent0@example.org'], ['parent1@example.org'], ['parent2@example.org']]);
    expect(smtp.received[0]?.from).toBe('no-reply@school.test');
    expect(smtp.received[0]?.raw).toContain('Subject: Message 0');
    const sent = await rows();
    expect(sent.map((row) => [row.status, row.attempts, row.last_error])).toEqual(Array(3).fill(['sent', 1, null]));
    expect(sent.every((row) => row.sent_at !== null)).toBe(true);
  });

  it('tries again after a 421 reply, after a growing wait, and then sends', async () => {
    await enqueue(1);
    smtp.refuseNext(1, 421);
    const clock = testClock();
    const sender = newSender(t.db, clock.now);
    await sender.sendDue();
    const [waiting] = await rows();
    expect(waiting?.status).toBe('queued');
    expect(waiting?.attempts).toBe(1);
    expect(waiting?.last_error).toContain('421');
    expect(Date.parse(waiting?.next_attempt_at ?? '')).toBe(clock.now().getTime() + 60_000);
    // Not before its time.
    clock.advance(59_000);
    expect(await sender.sendDue()).toBe(0);
    clock.advance(1_000);
    expect(await sender.sendDue()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect((await rows())[0]).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    expect([1, 2, 3, 7, 20].map(retryWaitMs)).toEqual([60_000, 120_000, 240_000, 3_600_000, 3_600_000]);
  });

  it('marks a message failed when the server still refuses it 24 hours after the first try', async () => {
    await enqueue(1);
    smtp.refuseNext(10_000, 421);
    const clock = testClock();
    const firstTry = clock.now().getTime();
    const sender = newSender(t.db, clock.now);
    for (let tries = 0; tries < 100; tries += 1) {
      await sender.sendDue();
      const [row] = await rows();
      if (row?.status !== 'queued') break;
      clock.advance(Date.parse(row.next_attempt_at) - clock.now().getTime());
    }
    const [failed] = await rows();
    expect(failed?.status).toBe('failed');
    expect(failed?.last_error).toContain('421');
    expect(failed?.attempts).toBeGreaterThan(20);
    // Its last try was within the window, and no try was made past it.
    expect(clock.now().getTime() - firstTry).toBeLessThanOrEqual(RETRY_WINDOW_MS);
    expect(clock.now().getTime() - firstTry).toBeGreaterThan(RETRY_WINDOW_MS - 60 * 60 * 1000);
    expect(smtp.received).toHaveLength(0);
  });

  it('fails a message the server refuses for good (5xx) at once', async () => {
    await enqueue(1);
    smtp.refuseNext(1, 550);
    await newSender().sendDue();
    expect((await rows())[0]).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await rows())[0]?.last_error).toContain('550');
  });

  it('keeps a message queued for later when the mail server cannot be reached', async () => {
    await enqueue(1);
    await smtp.close();
    await newSender().sendDue();
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row?.last_error).toMatch(/ECONNREFUSED|connect/i);
    smtp = await startSmtpServer();
  });

  it('sends every message once when two senders with their own database connections run together', async () => {
    await enqueue(120);
    // On PostgreSQL each sender has its own pool, as two server processes would; SQLite's portal is one process.
    const second = testDialect === 'postgres' ? openDatabase({ databaseUrl: t.url }) : null;
    const both = [newSender(), newSender(second?.db ?? t.db)];
    await Promise.all(both.map((sender) => sender.start()));
    await smtp.waitFor(120);
    await Promise.all(both.map((sender) => sender.stop()));
    await second?.db.destroy();
    const recipients = smtp.received.map((mail) => mail.to[0]);
    expect(new Set(recipients).size).toBe(120);
    expect(recipients).toHaveLength(120);
    expect((await rows()).every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });
});
