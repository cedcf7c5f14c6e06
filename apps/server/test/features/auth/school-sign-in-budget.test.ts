import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_SIGN_INS_PAUSED } from '../../../src/features/auth/spray-alerts.ts';
import { limits, schoolFirstSignInAttempts } from '../../../src/features/auth/throttle.ts';
import { loadConfig } from '../../../src/core/config.ts';
import { createAdminUser, createStudent, signInAsAdmin, STUDENT_PASSWORD, type TestStudent } from '../../helpers/factories.ts';
import { buildTestApp, schoolSignInBudgetAside, TestClient, type TestApp } from '../../helpers/test-app.ts';
import { testDialect } from '../../helpers/test-db.ts';

const apps: TestApp[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
});
afterEach(() => vi.useRealTimers());

async function app(overrides: Parameters<typeof buildTestApp>[0] = {}): Promise<TestApp> {
  const t = await buildTestApp({ trustProxy: ['127.0.0.1'], ...overrides });
  apps.push(t);
  await createAdminUser(t.db);
  return t;
}

/** Moves the clock the limits read (only Date: timers and the database drivers run as ever). */
const advance = (ms: number) => vi.setSystemTime(new Date(Date.now() + ms));
const HOUR = 60 * 60 * 1000;

/** A browser behind the school's trusted proxy, as the client address `address`. */
async function behindProxy(t: TestApp, address: string): Promise<TestClient> {
  const client = new TestClient(t.app, '127.0.0.1');
  const request = client.request.bind(client);
  client.request = (method, url, body, headers = {}) => request(method, url, body, { 'x-forwarded-for': address, ...headers });
  return client.start();
}

/** Signs in, sending again what the full hashing queue turned away (503), as the web app does. */
async function signIn(client: TestClient, studentId: string, password: string) {
  for (let attempt = 0; attempt < 400; attempt += 1) {
    const response = await client.post('/api/login-student', { student_id: studentId, password });
    if (response.statusCode !== 503) return response;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the hashing queue stayed full');
}

async function students(t: TestApp, count: number, fields: Record<string, string> = {}) {
  const made: TestStudent[] = [];
  for (let index = 0; index < count; index += 1) made.push(await createStudent(t.db, fields));
  return made;
}

/** Every student's date of birth is 2014-03-09 (yyyymmdd 20140309); a guess of another date is always wrong, so the guesses checked count the accounts a real sprayer would expect to take. */
const wrongDate = '20140310';

describe("the school's budget of failed first sign-ins", () => {
  it('grows with the school: one failure an hour per 20 students, at least 30 (the settings)', () => {
    const budget = loadConfig({ DATA_DIR: '/nonexistent' }).firstSignInBudget;
    expect(budget).toEqual({ minimum: 30, studentsPerFailure: 20 });
    expect(schoolFirstSignInAttempts(budget, 120)).toBe(30);
    expect(schoolFirstSignInAttempts(budget, 600)).toBe(30);
    expect(schoolFirstSignInAttempts(budget, 601)).toBe(31);
    expect(schoolFirstSignInAttempts(budget, 2000)).toBe(100);
    expect(loadConfig({ DATA_DIR: '/nonexistent', FIRST_SIGN_IN_FAILURES_MIN: '5', FIRST_SIGN_IN_STUDENTS_PER_FAILURE: '50' }).firstSignInBudget).toEqual({
      minimum: 5,
      studentsPerFailure: 50,
    });
  });

  it(
    'checks no more than the budget of 59 parallel wrong guesses from 59 addresses, then makes first sign-ins wait without locking any account, and alerts the admins once',
    { timeout: 180_000 },
    async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const t = await app({ firstSignInBudget: { minimum: 20, studentsPerFailure: 1000 } });
      const targets = await students(t, 60);
      const owner = await createStudent(t.db, {}, { password: STUDENT_PASSWORD });

      // A class that mistypes and then gets in is forgiven: its failures leave the budget.
      const pupil = await behindProxy(t, '198.51.100.200');
      expect((await signIn(pupil, targets[59].id, wrongDate)).statusCode).toBe(422);
      expect((await signIn(pupil, targets[59].id, targets[59].dobPassword)).statusCode).toBe(200);

      const answers = await Promise.all(
        targets.slice(0, 59).map(async (target, index) => signIn(await behindProxy(t, `203.0.113.${index + 1}`), target.id, wrongDate)),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 422)).toHaveLength(20);
      expect(statuses.filter((status) => status === 429)).toHaveLength(39);
      const refused = answers.find((answer) => answer.statusCode === 429)!;
      expect(refused.json().message).toMatch(/^Too many sign-in attempts\. Please try again in \d+ minutes?\.$/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

      // A first sign-in from elsewhere waits too, even with the right date of birth ...
      const newcomer = targets[40];
      const waiting = await signIn(await behindProxy(t, '192.0.2.77'), newcomer.id, newcomer.dobPassword);
      expect(waiting.statusCode).toBe(429);
      // ... but a student with her own password is not held back,
      expect((await signIn(await behindProxy(t, '192.0.2.78'), owner.id, STUDENT_PASSWORD)).statusCode).toBe(200);
      // and once the hour's failures have left the window, the same account signs in: nothing was locked.
      advance(HOUR + 1000);
      expect((await signIn(await behindProxy(t, '192.0.2.79'), newcomer.id, newcomer.dobPassword)).statusCode).toBe(200);

      const alerts = await t.db.selectFrom('audit_log').select(['detail']).where('action', '=', FIRST_SIGN_INS_PAUSED).execute();
      expect(alerts).toHaveLength(1);
      const admin = new TestClient(t.app, '10.9.9.9');
      await signInAsAdmin(admin);
      const shown = (await admin.get('/api/admin/sign-in-alerts')).json().alerts;
      expect(
        shown.some((alert: { message: string }) => alert.message.startsWith('20 first sign-ins (date of birth) failed across the school within an hour')),
      ).toBe(true);
    },
  );
});

describe('an IPv6 sprayer holding many /64s', () => {
  it('is counted by its /56 and its /48 too, each with its own budget', { timeout: 300_000 }, async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const t = await app(schoolSignInBudgetAside);
    const perBlock56 = limits.dateOfBirthSpray.slowAfter * 2;
    const perBlock48 = limits.dateOfBirthSpray.slowAfter * 4;
    let next = 0;
    /** One wrong guess at a new (unknown) ID from the /64 `net64` (four hex groups): its status. */
    const guess = async (net64: string) =>
      (await signIn(await behindProxy(t, `${net64}::${(next % 0xfff) + 1}`), `7777${String(next++).padStart(4, '0')}`, wrongDate)).statusCode;

    // Every guess from a /64 of its own, all in one /56 (2001:db8:10:100::/56): the /56's budget holds.
    const in56: number[] = [];
    for (let index = 0; index < perBlock56 + 2; index += 1) in56.push(await guess(`2001:db8:10:1${(index % 256).toString(16).padStart(2, '0')}`));
    expect(in56.slice(0, perBlock56).every((status) => status === 422)).toBe(true);
    expect(in56.slice(perBlock56)).toEqual([429, 429]);

    // Other /56s of the same /48: the /48's budget holds what the first /56 left.
    const in48: number[] = [];
    for (let index = 0; index < perBlock48 - perBlock56 + 2; index += 1) {
      const block56 = 2 + Math.floor(index / 100);
      in48.push(await guess(`2001:db8:10:${block56.toString(16)}${(index % 100).toString(16).padStart(2, '0')}`));
    }
    expect(in48.slice(0, perBlock48 - perBlock56).every((status) => status === 422)).toBe(true);
    expect(in48.slice(perBlock48 - perBlock56)).toEqual([429, 429]);

    // Another /48 is not held back.
    expect(await guess('2001:db8:11:1')).toBe(422);
  });
});

describe('a hundred addresses spraying dates of birth for an hour', () => {
  for (const kind of ['IPv4 addresses', 'IPv6 /48s'] as const) {
    it(`take fewer than 2 accounts of a school of 600 (${kind})`, { timeout: 600_000 }, async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const t = await app();
      const school = await students(t, 600);
      const addressOf = (index: number) => (kind === 'IPv4 addresses' ? `203.0.113.${index + 1}` : `2001:db8:${(index + 0x100).toString(16)}::1`);
      const sprayers = await Promise.all(Array.from({ length: 100 }, (_, index) => behindProxy(t, addressOf(index))));
      let checked = 0;
      let next = 0;
      // Each address guesses once a minute for an hour, all at once, each at the next account.
      for (let minute = 0; minute < 60; minute += 1) {
        const answers = await Promise.all(sprayers.map((sprayer) => signIn(sprayer, school[next++ % school.length].id, wrongDate)));
        checked += answers.filter((answer) => answer.statusCode === 422).length;
        expect(answers.every((answer) => answer.statusCode === 422 || answer.statusCode === 429)).toBe(true);
        advance(60_000);
      }
      // Each checked guess takes an account with one chance in 365 (the date of birth within its year).
      const expectedTaken = checked / 365;
      console.log(`[figures] ${testDialect}, ${kind}: guesses checked in an hour ${checked}, accounts expected taken ${expectedTaken.toFixed(3)}`);
      expect(checked).toBeLessThanOrEqual(schoolFirstSignInAttempts({ minimum: 30, studentsPerFailure: 20 }, 600));
      expect(checked).toBeGreaterThan(0);
      expect(expectedTaken).toBeLessThan(2);
      // The admins are told once in the hour.
      expect(await t.db.selectFrom('audit_log').select('id').where('action', '=', FIRST_SIGN_INS_PAUSED).execute()).toHaveLength(1);
    });
  }
});
