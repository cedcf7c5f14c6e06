import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/db/database.ts';
import { MAX_STANDBY_LAG_MS, measureStandby, routeReads, standbyServes, type StandbyState } from '../../src/db/read-routing.ts';
import { readWorkbook } from '../features/admin-data/workbook.ts';
import { createAdminUser, createStudent, signedInAdmin } from '../helpers/factories.ts';
import { pdfText } from '../helpers/pdf-text.ts';
import { buildTestApp, type TestApp, type TestClient } from '../helpers/test-app.ts';
import { createTestDb, testDialect, type TestDb } from '../helpers/test-db.ts';
import { waitUntil } from '../helpers/wait.ts';

describe('which database serves the heavy reads', () => {
  it('is the standby only while it is a standby less than 5 s behind, and measured in the last rounds', () => {
    expect(standbyServes({ kind: 'standby', lagMs: 0 })).toBe(true);
    expect(standbyServes({ kind: 'standby', lagMs: MAX_STANDBY_LAG_MS - 1 })).toBe(true);
    expect(standbyServes({ kind: 'standby', lagMs: MAX_STANDBY_LAG_MS })).toBe(false);
    expect(standbyServes({ kind: 'standby', lagMs: 60_000 })).toBe(false);
    expect(standbyServes({ kind: 'not a standby' })).toBe(false);
    expect(standbyServes({ kind: 'no answer', problem: 'connect ECONNREFUSED' })).toBe(false);
    expect(standbyServes(null)).toBe(false);
  });

  it('is always the primary when no standby is given (no DATABASE_READ_URL)', () => {
    const primary = {} as Db;
    const routing = routeReads(primary, undefined);
    expect(routing.heavyReads()).toBe(primary);
    expect(routing.state()).toBeNull();
  });
});

/**
 * Two databases of their own, the second standing for the standby, each holding what only it has:
 * a heavy read shows which one served it. How far behind the "standby" is comes from the test
 * (a real standby's figures are measured in the cluster's test), measured every 500 ms: a look
 * counts for three rounds, so a busy machine that holds the server up while it builds the
 * spreadsheet must hold it for 1.5 s before a read goes to the primary for want of a fresh look.
 */
describe('the heavy reads through the app', () => {
  let standby: TestDb;
  let t: TestApp;
  let admin: TestClient;
  let found: StandbyState = { kind: 'standby', lagMs: 0 };
  const changes: string[] = [];

  beforeAll(async () => {
    standby = await createTestDb();
    t = await buildTestApp({}, undefined, {
      readDb: standby.db,
      readRouting: { everyMs: 500, measure: async () => found, onChange: (sentence) => changes.push(sentence) },
    });
    await createAdminUser(t.db);
    await createAdminUser(standby.db);
    for (const [db, where] of [
      [t.db, 'Primary'],
      [standby.db, 'Standby'],
    ] as const) {
      await createStudent(db, { id: `${where.toUpperCase()}-1`, mother_name: `${where} Mother` });
      const at = new Date().toISOString();
      await db
        .insertInto('outbox')
        .values({
          kind: 'reminders',
          recipient: 'mum@example.org',
          subject: `Kept on the ${where}`,
          text_body: 'finish',
          html_body: '<p>finish</p>',
          event: `reminder:${where}`,
          status: 'failed',
          attempts: 1,
          next_attempt_at: at,
          created_at: at,
          student_id: null,
        })
        .execute();
      await db
        .insertInto('audit_log')
        .values({
          at,
          actor_kind: 'system',
          actor_id: null,
          action: 'registration.status-updated',
          student_id: null,
          ip: null,
          detail: `written on the ${where}`,
          request_id: null,
        })
        .execute();
    }
    admin = await signedInAdmin(t.app);
  });
  afterAll(async () => {
    await t.close();
    await standby.close();
  });
  afterEach(async () => {
    found = { kind: 'standby', lagMs: 0 };
    await waitUntil('the standby to serve again', () => t.app.deps.heavyReads() === standby.db);
  });

  /** What each heavy read found: the mother's name in Parents Contact, the audit search's rows, Messages' subjects, the spreadsheet's and the report's students. */
  async function heavyReads() {
    const contact = await admin.get('/api/parents-contact/all');
    const audit = await admin.get('/api/audit?action=registration.status-updated');
    const messages = await admin.get('/api/messages?status=failed');
    const spreadsheet = await admin.get('/api/registration-data-spreadsheet');
    const report = await admin.get('/api/registration-report/all');
    for (const answer of [contact, audit, messages, spreadsheet, report]) expect(answer.statusCode).toBe(200);
    const [everyone] = await readWorkbook(spreadsheet.rawPayload);
    return {
      contact: contact.json<{ students: Array<{ mother_name: string }> }>().students.map((row) => row.mother_name),
      audit: audit.json<{ entries: Array<{ detail: string }> }>().entries.map((entry) => entry.detail),
      messages: messages.json<{ items: Array<{ subject: string }> }>().items.map((item) => item.subject),
      spreadsheet: everyone!.rows.map((row) => row[0]),
      report: ['PRIMARY-1', 'STANDBY-1'].filter((id) => pdfText(report.rawPayload).includes(id)),
    };
  }

  const fromThe = (where: 'Primary' | 'Standby') => ({
    contact: [`${where} Mother`],
    audit: [`written on the ${where}`],
    messages: [`Kept on the ${where}`],
    spreadsheet: [`${where.toUpperCase()}-1`],
    report: [`${where.toUpperCase()}-1`],
  });

  it('go to the standby while it is less than 5 s behind, their audit rows to the primary', async () => {
    found = { kind: 'standby', lagMs: 4900 };
    await waitUntil('the measure to be taken', () => t.app.deps.heavyReads() === standby.db);
    expect(await heavyReads()).toEqual(fromThe('Standby'));
    const exports = await t.db.selectFrom('audit_log').select('action').where('actor_id', '=', 'registrar').execute();
    expect(exports.map((row) => row.action)).toEqual(
      expect.arrayContaining(['parents-contact.viewed', 'registration-data.exported', 'registration-report.viewed']),
    );
    expect(await standby.db.selectFrom('audit_log').select('action').where('actor_id', '=', 'registrar').execute()).toEqual([]);
  });

  it('go to the primary while the standby is 5 s behind or more, and back once it has caught up', async () => {
    found = { kind: 'standby', lagMs: 5000 };
    await waitUntil('the heavy reads to leave the standby', () => t.app.deps.heavyReads() === t.db);
    expect(await heavyReads()).toEqual(fromThe('Primary'));
    expect(changes.at(-1)).toBe('The heavy reads go to the primary: the standby (DATABASE_READ_URL) cannot serve them, it is 5.0 s behind the primary.');
    found = { kind: 'standby', lagMs: 300 };
    await waitUntil('the heavy reads to return to the standby', () => t.app.deps.heavyReads() === standby.db);
    expect(await heavyReads()).toEqual(fromThe('Standby'));
    expect(changes.at(-1)).toBe('The heavy reads go to the standby (DATABASE_READ_URL), 0.3 s behind the primary.');
  });

  it('go to the primary when the standby does not answer', async () => {
    found = { kind: 'no answer', problem: 'connect ECONNREFUSED 127.0.0.1:5434' };
    await waitUntil('the heavy reads to leave the standby', () => t.app.deps.heavyReads() === t.db);
    expect(await heavyReads()).toEqual(fromThe('Primary'));
    expect(changes.at(-1)).toBe(
      'The heavy reads go to the primary: the standby (DATABASE_READ_URL) cannot serve them, it did not answer (connect ECONNREFUSED 127.0.0.1:5434).',
    );
  });

  it('go to the primary when the standby is one no longer (promoted after a failover)', async () => {
    found = { kind: 'not a standby' };
    await waitUntil('the heavy reads to leave the standby', () => t.app.deps.heavyReads() === t.db);
    expect(await heavyReads()).toEqual(fromThe('Primary'));
    expect(changes.at(-1)).toBe('The heavy reads go to the primary: the standby (DATABASE_READ_URL) cannot serve them, it is no longer a standby (promoted?).');
  });

  it('go to the primary when the last measure is too old (a look that hangs)', async () => {
    let answer: () => void = () => undefined;
    found = { kind: 'standby', lagMs: 0 };
    const hanging = routeReads(t.db, standby.db, { everyMs: 20, measure: () => new Promise<StandbyState>((resolve) => (answer = () => resolve(found))) });
    try {
      answer();
      await hanging.ready;
      expect(hanging.heavyReads()).toBe(standby.db);
      // The next look never ends: three rounds on, the first look no longer counts.
      await waitUntil('the old look to be too old', () => hanging.heavyReads() === t.db);
      answer();
      await waitUntil('a new look', () => hanging.heavyReads() === standby.db);
    } finally {
      hanging.stop();
    }
  });
});

describe.skipIf(testDialect !== 'postgres')("measuring a standby (PostgreSQL only; a real standby's lag is measured in the cluster's test)", () => {
  let primary: TestDb;
  beforeAll(async () => {
    primary = await createTestDb();
  });
  afterAll(() => primary.close());

  it('finds a server that is not in recovery no standby, so that a promoted one serves as the primary it is', async () => {
    const other = await createTestDb();
    try {
      expect(await measureStandby(primary.db, other.db)).toEqual({ kind: 'not a standby' });
    } finally {
      await other.close();
    }
  });

  it('finds a standby that cannot be reached unanswering, and the heavy reads stay on the primary', async () => {
    const gone = new URL(primary.url!);
    gone.port = '1';
    const { db: unreachable } = openDatabase({ databaseUrl: gone.toString() });
    const routing = routeReads(primary.db, unreachable, { everyMs: 50 });
    try {
      await routing.ready;
      expect(routing.state()).toMatchObject({ kind: 'no answer', problem: expect.stringContaining('ECONNREFUSED') });
      expect(routing.heavyReads()).toBe(primary.db);
    } finally {
      routing.stop();
      await unreachable.destroy();
    }
  });
});
