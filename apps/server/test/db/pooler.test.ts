import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, prepareStatements, statementTimeLimit } from '../../src/db/database.ts';
import { databaseFault } from '../../src/db/database-faults.ts';
import { limits } from '../../src/features/auth/throttle.ts';
import { poolerWithoutTimeLimit } from '../../src/start-up.ts';
import { createStudent, openRegistration, signedInStudent } from '../helpers/factories.ts';
import { pgBouncerProgram, startTestPgBouncer, type TestPgBouncer } from '../helpers/pgbouncer.ts';
import { buildTestApp, TestClient, type TestApp } from '../helpers/test-app.ts';
import { createPostgresDatabase, testDialect } from '../helpers/test-db.ts';

const runs = testDialect === 'postgres' && pgBouncerProgram !== null;
if (testDialect === 'postgres' && !pgBouncerProgram)
  console.log('[skipped] The portal behind PgBouncer: pgbouncer is not installed (Debian: apt-get install pgbouncer).');

/**
 * The portal behind PgBouncer in transaction mode, as deploy/pgbouncer.ini runs it (decision 068):
 * a PgBouncer of the test's own, on a port of 18240–18249, in front of TEST_DATABASE_URL's server.
 * The whole server suites run through one too with TEST_POOLER=pgbouncer.
 */
describe.skipIf(!runs)('the portal behind PgBouncer in transaction mode (PostgreSQL, when pgbouncer is installed)', () => {
  let pooler: TestPgBouncer;
  let t: TestApp;
  beforeAll(async () => {
    pooler = await startTestPgBouncer();
    t = await buildTestApp({}, undefined, { pooler });
  });
  afterAll(async () => {
    await t?.close();
    await pooler?.stop();
  });

  /** How many audit rows of this action about this student the log holds. */
  const audited = async (action: 'student.record-updated' | 'student.sign-in-failed', studentId: string) =>
    (await t.db.selectFrom('audit_log').select('id').where('action', '=', action).where('student_id', '=', studentId).execute()).length;

  it('is really in transaction mode: a statement one client named is already taken for the next, so the portal names none there', async () => {
    const database = await createPostgresDatabase();
    const clients = [0, 1].map(() => new pg.Client({ connectionString: pooler.urlOf(database.url) }));
    try {
      for (const client of clients) await client.connect();
      await clients[0]!.query({ name: 'portal_statement', text: 'SELECT 1 AS one' });
      // The second client is given the server connection the first left, where the name is taken.
      const clash = await clients[1]!.query({ name: 'portal_statement', text: 'SELECT 1 AS one' }).catch((error: Error & { code?: string }) => error);
      expect(clash).toMatchObject({ code: '42P05' });
    } finally {
      for (const client of clients) await client.end();
      await database.drop();
    }
    // The portal, told of the pooler, prepares none: no server connection holds a statement of its.
    prepareStatements(t.db);
    const held = await t.db.transaction().execute(async (trx) => {
      await trx.selectFrom('students').select('id').where('id', '=', 'none').execute();
      return (await sql<{ name: string }>`SELECT name FROM pg_prepared_statements`.execute(trx)).rows;
    });
    expect(held).toEqual([]);
  });

  it('saves the records of 30 students sent at once, and lets one of 40 saves of one version through', async () => {
    await openRegistration(t.db);
    const students: Array<Awaited<ReturnType<typeof signedInStudent>>> = [];
    for (let index = 0; index < 30; index += 1) students.push(await signedInStudent(t, { class_id: '3C' }));
    const recordOf = async ({ student, client }: (typeof students)[number]) =>
      (await client.get(`/api/student/${student.id}`)).json<{ record: Record<string, unknown> }>().record;
    const saves = await Promise.all(
      students.map(async (one) => one.client.post('/api/student', { ...(await recordOf(one)), allergy: `Pooled ${one.student.id}` })),
    );
    expect(saves.map((answer) => answer.statusCode)).toEqual(students.map(() => 200));
    const ids = students.map(({ student }) => student.id);
    const stored = await t.db.selectFrom('students').select(['id', 'allergy']).where('id', 'in', ids).execute();
    expect(stored.map((row) => row.allergy).sort()).toEqual(ids.map((id) => `Pooled ${id}`).sort());

    const record = await recordOf(students[0]!);
    const race = await Promise.all(Array.from({ length: 40 }, (_, index) => students[0]!.client.post('/api/student', { ...record, allergy: `Race ${index}` })));
    expect(race.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(race.filter((answer) => answer.statusCode === 409)).toHaveLength(39);
    expect(await audited('student.record-updated', ids[0]!)).toBe(2);
  });

  it('checks at most 5 of 100 parallel guesses at a date-of-birth account: its locks last a transaction, never a session', async () => {
    const student = await createStudent(t.db);
    const guesses = await Promise.all(
      Array.from({ length: 100 }, async (_, index) => {
        const client = await new TestClient(t.app, `10.77.${Math.floor(index / 200)}.${(index % 200) + 1}`).start();
        return client.post('/api/login-student', { student_id: student.id, password: `2014${String(index).padStart(4, '0')}` });
      }),
    );
    const checked = guesses.filter((answer) => answer.statusCode === 422).length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(limits.firstPassword.attempts);
    expect(await audited('student.sign-in-failed', student.id)).toBe(checked);
  });

  it("takes its statements' time limit from the pooler's database entry, and says at start-up when there is none", async () => {
    expect(await statementTimeLimit(t.db)).toBe('5s');
    expect(await poolerWithoutTimeLimit(t.db, { databasePooler: 'transaction', databaseTimeoutMs: 5000 })).toBeNull();
    // A server connection with no limit, as a pooler entry without connect_query gives.
    const database = await createPostgresDatabase();
    const { db } = openDatabase({ databaseUrl: database.url, pooler: 'transaction' });
    try {
      expect(await poolerWithoutTimeLimit(db, { databasePooler: 'transaction', databaseTimeoutMs: 4000 })).toBe(
        "Warning: PostgreSQL gives the pooler's connections no statement time limit, so a stalled database would hold requests. Set connect_query='SET statement_timeout = 4000' on the portal's database in pgbouncer.ini (as deploy/pgbouncer.ini does), or ALTER ROLE … SET statement_timeout.",
      );
      expect(await poolerWithoutTimeLimit(db, { databasePooler: 'none', databaseTimeoutMs: 4000 })).toBeNull();
    } finally {
      await db.destroy();
      await database.drop();
    }
  });

  it('answers a statement PgBouncer could not place as the fault it is: busy when it waited too long, unreachable when no server could be reached', () => {
    const refused = (message: string) => Object.assign(new Error(message), { code: '08P01' });
    expect(databaseFault(refused('query_wait_timeout'))).toBe('busy');
    expect(databaseFault(refused('no more connections allowed (max_client_conn)'))).toBe('busy');
    expect(databaseFault(refused('pgbouncer cannot connect to server'))).toBe('unreachable');
    expect(databaseFault(refused('client_login_timeout (server down)'))).toBe('unreachable');
    expect(databaseFault(refused('server conn crashed?'))).toBe('cut');
  });
});
