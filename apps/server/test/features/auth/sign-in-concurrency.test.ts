import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.ts';
import { limits } from '../../../src/features/auth/throttle.ts';
import { buildTestApp, TestClient, type TestApp } from '../../helpers/test-app.ts';
import { testDialect } from '../../helpers/test-db.ts';
import { createAdminUser, createStudent, STUDENT_PASSWORD } from '../../helpers/factories.ts';

/** Two server instances on one database, as two processes behind a load balancer would be. */
let t: TestApp;
let second: FastifyInstance;
beforeAll(async () => {
  t = await buildTestApp();
  second = await buildApp({ config: t.config, db: t.db, dialect: testDialect, logger: false });
  await second.ready();
});
afterAll(async () => {
  await second.close();
  await t.close();
});

let addressBlock = 0;
/** `count` browsers, each with its own address and CSRF cookie, spread over both instances. */
async function browsers(count: number): Promise<TestClient[]> {
  addressBlock += 1;
  const clients: TestClient[] = [];
  for (let index = 0; index < count; index += 1) {
    clients.push(await new TestClient(index % 2 === 0 ? t.app : second, `10.${100 + addressBlock}.${Math.floor(index / 250)}.${(index % 250) + 1}`).start());
  }
  return clients;
}

const tally = (statuses: number[]) => statuses.reduce<Record<number, number>>((counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});

const failuresLogged = async (action: string, column: 'student_id' | 'actor_id', value: string) =>
  (await t.db.selectFrom('audit_log').select('id').where('action', '=', action).where(column, '=', value).execute()).length;

describe('sign-in limits under concurrent guesses, across two server instances', () => {
  it('checks at most 5 of 300 parallel guesses at a date-of-birth account, then refuses even the right one with a retry time', async () => {
    const student = await createStudent(t.db);
    const attackers = await browsers(300);
    const burst = await Promise.all(
      attackers.map((client, index) => client.post('/api/login-student', { student_id: student.id, password: `2014${String(index).padStart(4, '0')}` })),
    );
    const statuses = burst.map((response) => response.statusCode);
    const checked = statuses.filter((status) => status === 422).length;
    console.log(`[figures] ${testDialect}: 300 parallel date-of-birth guesses, ${checked} checked (limit ${limits.firstPassword.attempts}):`, tally(statuses));
    expect(checked).toBeLessThanOrEqual(limits.firstPassword.attempts);
    expect(statuses.every((status) => [422, 429, 503].includes(status))).toBe(true);
    // Every guess that was checked is logged as a failure: the log agrees with the answers.
    expect(await failuresLogged('student.sign-in-failed', 'student_id', student.id)).toBe(checked);

    // Guesses one at a time fill what the burst left, and no more.
    const [late, ...more] = await browsers(limits.firstPassword.attempts + 1);
    for (const client of more) await client.post('/api/login-student', { student_id: student.id, password: 'still-wrong' });
    expect(await failuresLogged('student.sign-in-failed', 'student_id', student.id)).toBe(limits.firstPassword.attempts);
    const right = await late.post('/api/login-student', { student_id: student.id, password: student.dobPassword });
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('checks at most 10 of 200 parallel guesses at an account with a chosen password', async () => {
    const student = await createStudent(t.db, {}, { password: STUDENT_PASSWORD });
    const attackers = await browsers(200);
    const statuses = (
      await Promise.all(attackers.map((client, index) => client.post('/api/login-student', { student_id: student.id, password: `guess-${index}` })))
    ).map((response) => response.statusCode);
    const checked = statuses.filter((status) => status === 422).length;
    console.log(`[figures] ${testDialect}: 200 parallel password guesses, ${checked} checked (limit ${limits.account.attempts}):`, tally(statuses));
    expect(checked).toBeLessThanOrEqual(limits.account.attempts);
    expect(await failuresLogged('student.sign-in-failed', 'student_id', student.id)).toBe(checked);
  });

  it('checks at most 10 of 120 parallel guesses at an admin, and refuses the right password after them', async () => {
    const admin = await createAdminUser(t.db, 'bursar');
    const attackers = await browsers(121);
    const last = attackers.pop()!;
    const statuses = (
      await Promise.all(attackers.map((client, index) => client.post('/api/admin-login', { name: admin.username, password: `guess-${index}` })))
    ).map((response) => response.statusCode);
    const checked = statuses.filter((status) => status === 422).length;
    console.log(`[figures] ${testDialect}: 120 parallel admin guesses, ${checked} checked (limit ${limits.account.attempts}):`, tally(statuses));
    expect(checked).toBeLessThanOrEqual(limits.account.attempts);
    expect(await failuresLogged('admin.sign-in-failed', 'actor_id', admin.username)).toBe(checked);
    const more = await browsers(limits.account.attempts);
    for (const client of more) await client.post('/api/admin-login', { name: admin.username, password: 'still-wrong' });
    expect(await failuresLogged('admin.sign-in-failed', 'actor_id', admin.username)).toBe(limits.account.attempts);
    const right = await last.post('/api/admin-login', { name: admin.username, password: admin.password });
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
  });
});
