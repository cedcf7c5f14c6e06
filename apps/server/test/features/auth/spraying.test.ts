import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SPRAYING_SEEN } from '../../../src/features/auth/spray-alerts.ts';
import { limits } from '../../../src/features/auth/throttle.ts';
import { createAdminUser, createStudent, signInAsAdmin, type TestStudent } from '../../helpers/factories.ts';
import { schoolSignInBudgetAside, buildTestApp, TestClient, type TestApp } from '../../helpers/test-app.ts';
import { testDialect } from '../../helpers/test-db.ts';
import { ROOMY_MS } from '../../helpers/wait.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ trustProxy: ['127.0.0.1'], ...schoolSignInBudgetAside });
  await createAdminUser(t.db);
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const spray = limits.dateOfBirthSpray;
/** Moves the clock the throttles read (only Date: timers and the database drivers run as ever). */
const advance = (ms: number) => vi.setSystemTime(new Date(Date.now() + ms));

/** A browser behind the school's trusted proxy, as the client address `address`. */
async function behindProxy(address: string): Promise<TestClient> {
  const client = new TestClient(t.app, '127.0.0.1');
  const forwarded = { 'x-forwarded-for': address };
  const request = client.request.bind(client);
  client.request = (method, url, body, headers = {}) => request(method, url, body, { ...forwarded, ...headers });
  return client.start();
}

/** Signs in, sending again what the full hashing queue turned away (503), as the web app does. */
async function signIn(client: TestClient, studentId: string, password: string): Promise<number> {
  for (let attempt = 0; attempt < 400; attempt += 1) {
    const status = (await client.post('/api/login-student', { student_id: studentId, password })).statusCode;
    if (status !== 503) return status;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return 503;
}

const students = async (count: number) => {
  const made: TestStudent[] = [];
  for (let index = 0; index < count; index += 1) made.push(await createStudent(t.db));
  return made;
};
const wrongDate = '20000101';

describe('a sprayer guessing dates of birth over many accounts from one address', () => {
  it('is slowed after the budget of failures and refused past it, over a whole day, however many guesses arrive at once', { timeout: 120_000 }, async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const targets = await students(150);
    const sprayer = await behindProxy('203.0.113.50');
    let checked = 0;
    /** `count` parallel guesses, each at the next account: how many were checked (answered 422 wrong) and the answers. */
    let next = 0;
    const guess = async (count: number) => {
      const statuses = await Promise.all(Array.from({ length: count }, () => signIn(sprayer, targets[next++ % targets.length].id, wrongDate)));
      const wrong = statuses.filter((status) => status === 422).length;
      checked += wrong;
      return { wrong, statuses };
    };
    // A first burst: no more than the budget's free part is checked.
    const first = await guess(40);
    advance(61_000);
    const second = await guess(40);
    expect(first.wrong + second.wrong).toBeLessThanOrEqual(spray.slowAfter);
    advance(61_000);
    await guess(40);
    expect(checked).toBe(spray.slowAfter);
    // Then slowed: one guess per spacing, however many are sent.
    expect((await guess(20)).wrong).toBe(0);
    advance(spray.spacingMs);
    const slowed = await guess(20);
    expect(slowed.wrong).toBe(1);
    expect(slowed.statuses.filter((status) => status === 429)).toHaveLength(19);
    const refused = await sprayer.post('/api/login-student', { student_id: targets[0].id, password: wrongDate });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many sign-in attempts\. Please try again in \d+ minutes?\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Over the rest of the day (the 7 minutes above and 23 h 50 min more), never more than the day's budget.
    for (let step = 0; step < 23 * 6 + 5; step += 1) {
      advance(10 * 60 * 1000);
      await guess(3);
    }
    console.log(`[figures] ${testDialect}: a sprayer's date-of-birth guesses checked in a day: ${checked} (budget ${spray.attempts})`);
    expect(checked).toBeLessThanOrEqual(spray.attempts);
    expect(checked).toBeGreaterThan(spray.slowAfter);
  });

  it('is written to the audit log, once an hour at most, and shown on the admins’ dashboard', async () => {
    const entries = await t.db.selectFrom('audit_log').select(['ip', 'at']).where('action', '=', SPRAYING_SEEN).orderBy('at').execute();
    expect(entries.length).toBeGreaterThan(0);
    for (let index = 1; index < entries.length; index += 1)
      expect(Date.parse(entries[index].at) - Date.parse(entries[index - 1].at)).toBeGreaterThanOrEqual(60 * 60 * 1000);
    expect(entries[0]).toMatchObject({ ip: '203.0.113.50' });
    const admin = new TestClient(t.app, '10.9.9.9');
    await signInAsAdmin(admin);
    const { alerts } = (await admin.get('/api/admin/sign-in-alerts')).json();
    expect(alerts[0]).toMatchObject({ address: '203.0.113.50' });
    expect(alerts[0].message).toContain('Wrong dates of birth for many students from 203.0.113.50');
  });

  it(
    'counts a sprayer rotating through the addresses of one IPv6 /64 as one address, and an IPv4-mapped address as its IPv4',
    { timeout: 120_000 },
    async () => {
      const targets = await students(spray.slowAfter + 10);
      const statuses: number[] = [];
      for (const [index, target] of targets.entries()) {
        const rotating = await behindProxy(`2001:db8:5:6:${(index + 1).toString(16)}::${(index + 7).toString(16)}`);
        statuses.push(await signIn(rotating, target.id, wrongDate));
      }
      expect(statuses.slice(0, spray.slowAfter).every((status) => status === 422)).toBe(true);
      expect(statuses.slice(spray.slowAfter).every((status) => status === 429)).toBe(true);
      // Another /64 is not held back.
      expect(await signIn(await behindProxy('2001:db8:5:7::1'), targets[0].id, targets[0].dobPassword)).toBe(200);

      const mapped: number[] = [];
      const more = await students(spray.slowAfter + 2);
      for (const [index, target] of more.entries()) {
        const client = await behindProxy(index % 2 ? '198.51.100.9' : '::ffff:198.51.100.9');
        mapped.push(await signIn(client, target.id, wrongDate));
      }
      expect(mapped.slice(spray.slowAfter)).toEqual([429, 429]);
    },
  );
});

describe('a class signing in with dates of birth from one address', () => {
  // 600 password checks (light ones); the 15 minutes are the portal’s clock, faked.
  it('gets all 300 students in, each mistyping once first, within 15 minutes', { timeout: 600_000 }, async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const school = await students(300);
    const outcomes: number[] = [];
    // 20 at a time, one group every minute: 300 students in 15 minutes.
    for (let group = 0; group < school.length; group += 20) {
      const members = school.slice(group, group + 20);
      const browsers = await Promise.all(members.map(() => behindProxy('192.0.2.200')));
      const mistyped = await Promise.all(members.map((student, index) => signIn(browsers[index], student.id, `${student.dobPassword.slice(0, 7)}0`)));
      expect(mistyped.filter((status) => status !== 422)).toEqual([]);
      outcomes.push(...(await Promise.all(members.map((student, index) => signIn(browsers[index], student.id, student.dobPassword)))));
      advance(60_000);
    }
    expect(outcomes.filter((status) => status === 200)).toHaveLength(300);
    // Forgiven: none of the class's failures stays in the address's budget.
    const kept = await t.db.selectFrom('sign_in_attempts').select('id').where('bucket', 'like', 'dob-spray:192.0.2.200|%').execute();
    expect(kept).toHaveLength(0);
  });
});

describe('the sign-in records an anonymous client leaves', () => {
  it('stay bounded however many guesses arrive at once, and are removed once no window counts them', { timeout: 120_000 }, async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const rowsOf = async (address: string) =>
      (
        await t.db
          .selectFrom('sign_in_attempts')
          .select('id')
          .where((eb) => eb.or([eb('bucket', '=', `address:${address}`), eb('bucket', 'like', `dob-spray:${address}|%`)]))
          .execute()
      ).length;
    const flood = await behindProxy('203.0.113.77');
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, index) => flood.post('/api/login-student', { student_id: `8080${String(index).padStart(4, '0')}`, password: wrongDate })),
    );
    expect(answers.every((answer) => [422, 429, 503].includes(answer.statusCode))).toBe(true);
    expect(await rowsOf('203.0.113.77')).toBeLessThanOrEqual(2 * spray.slowAfter);
    advance(spray.windowMs + 2 * 60_000);
    const later = await behindProxy('203.0.113.78');
    await later.post('/api/login-student', { student_id: 'nobody-here', password: wrongDate });
    await vi.waitFor(async () => expect(await rowsOf('203.0.113.77')).toBe(0), { timeout: ROOMY_MS, interval: 50 });
  });
});
