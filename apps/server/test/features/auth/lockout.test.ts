import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_COOKIE } from '../../../src/features/auth/device-cookies.ts';
import { signInRate } from '../../../src/features/auth/routes.ts';
import { useHashingInTests } from '../../../src/features/auth/passwords.ts';
import { limits } from '../../../src/features/auth/throttle.ts';
import { schoolSignInBudgetAside, buildTestApp, TestClient, type TestApp } from '../../helpers/test-app.ts';
import { testDialect } from '../../helpers/test-db.ts';
import { waitUntil } from '../../helpers/wait.ts';
import { createAdminUser, createStudent, signInAsAdmin, STUDENT_PASSWORD } from '../../helpers/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp(schoolSignInBudgetAside);
  await createAdminUser(t.db);
});
afterAll(() => t.close());

let block = 0;
/** `count` wrong guesses at a student, each from a new browser at an address of its own. */
async function guessFromElsewhere(body: Record<string, string>, url: string, count: number): Promise<number[]> {
  block += 1;
  const statuses: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const client = await new TestClient(t.app, `10.60.${block}.${index + 1}`).start();
    statuses.push((await client.post(url, body)).statusCode);
  }
  return statuses;
}

/** The owner's browser, signed in once (so it holds a device cookie) and signed out again. */
async function knownBrowser(ip: string, url: string, body: Record<string, string>): Promise<TestClient> {
  const client = await new TestClient(t.app, ip).start();
  expect((await client.post(url, body)).statusCode).toBe(200);
  expect(client.cookies.get(DEVICE_COOKIE)).toBeTruthy();
  await client.post('/logout');
  await client.start();
  return client;
}

describe('nobody can lock an owner out of an account with a chosen password', () => {
  it('keeps a student who signed in before from her browser in, while guesses from elsewhere lock out new browsers', async () => {
    const student = await createStudent(t.db, {}, { password: STUDENT_PASSWORD });
    const owner = await knownBrowser('10.61.0.1', '/api/login-student', { student_id: student.id, password: STUDENT_PASSWORD });
    const statuses = await guessFromElsewhere({ student_id: student.id, password: 'a-wrong-guess' }, '/api/login-student', limits.account.attempts + 1);
    expect(statuses.at(-1)).toBe(429);
    const newBrowser = await new TestClient(t.app, '10.61.0.2').start();
    expect((await newBrowser.post('/api/login-student', { student_id: student.id, password: STUDENT_PASSWORD })).statusCode).toBe(429);
    expect((await owner.post('/api/login-student', { student_id: student.id, password: STUDENT_PASSWORD })).statusCode).toBe(200);
  });

  it('keeps the admin in from her browser while someone elsewhere guesses her password', async () => {
    const owner = await knownBrowser('10.62.0.1', '/api/admin-login', { name: 'registrar', password: 'Savannah-Morning-7' });
    const statuses = await guessFromElsewhere({ name: 'registrar', password: 'a-wrong-guess' }, '/api/admin-login', limits.account.attempts + 1);
    expect(statuses.at(-1)).toBe(429);
    await signInAsAdmin(owner);
  });

  it("limits a known browser's own guesses, without touching other browsers", async () => {
    const student = await createStudent(t.db, {}, { password: STUDENT_PASSWORD });
    const owner = await knownBrowser('10.63.0.1', '/api/login-student', { student_id: student.id, password: STUDENT_PASSWORD });
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= limits.device.attempts; attempt += 1) {
      statuses.push((await owner.post('/api/login-student', { student_id: student.id, password: `typo-${attempt}` })).statusCode);
    }
    expect(statuses.slice(0, limits.device.attempts).every((status) => status === 422)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const other = await new TestClient(t.app, '10.63.0.2').start();
    expect((await other.post('/api/login-student', { student_id: student.id, password: STUDENT_PASSWORD })).statusCode).toBe(200);
  });

  it('does not accept a device cookie made for another account or with a forged signature', async () => {
    const student = await createStudent(t.db, {}, { password: STUDENT_PASSWORD });
    const victim = await createStudent(t.db, {}, { password: STUDENT_PASSWORD });
    const attacker = await knownBrowser('10.64.0.1', '/api/login-student', { student_id: student.id, password: STUDENT_PASSWORD });
    const [account, device, signature] = attacker.cookies.get(DEVICE_COOKIE)!.split('.');
    expect(Buffer.from(account, 'base64url').toString()).toBe(`student:${student.id}`);
    attacker.cookies.set(DEVICE_COOKIE, [Buffer.from(`student:${victim.id}`).toString('base64url'), device, signature].join('.'));
    await guessFromElsewhere({ student_id: victim.id, password: 'a-wrong-guess' }, '/api/login-student', limits.account.attempts);
    // Counted with every other unknown browser, so refused.
    expect((await attacker.post('/api/login-student', { student_id: victim.id, password: 'one-more-guess' })).statusCode).toBe(429);
  });
});

describe('the current password asked by a password change', () => {
  it('is limited like a sign-in, so a session left open is no way to guess it', async () => {
    const student = await createStudent(t.db, {}, { password: STUDENT_PASSWORD });
    const session = await new TestClient(t.app, '10.69.0.1').start();
    expect((await session.post('/api/login-student', { student_id: student.id, password: STUDENT_PASSWORD })).statusCode).toBe(200);
    const change = (current: string) => session.post('/api/change-password-student', { current_password: current, password: 'Mango-Season-2026' });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < limits.account.attempts; attempt += 1) statuses.push((await change(`guess-${attempt}`)).statusCode);
    expect(statuses.every((status) => status === 422)).toBe(true);
    const refused = await change(STUDENT_PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('a date-of-birth account keeps its limit per account', () => {
  it('refuses even her own browser after 5 guesses from elsewhere, until an admin resets her password', async () => {
    const student = await createStudent(t.db);
    const owner = await knownBrowser('10.65.0.1', '/api/login-student', { student_id: student.id, password: student.dobPassword });
    const statuses = await guessFromElsewhere({ student_id: student.id, password: '20140101' }, '/api/login-student', limits.firstPassword.attempts + 1);
    expect(statuses.at(-1)).toBe(429);
    expect((await owner.post('/api/login-student', { student_id: student.id, password: student.dobPassword })).statusCode).toBe(429);

    await createAdminUser(t.db, 'office');
    const admin = new TestClient(t.app, '10.65.0.9');
    await signInAsAdmin(admin, 'office');
    expect((await admin.post('/api/reset-password-student', { student_id: student.id })).statusCode).toBe(200);
    expect((await owner.post('/api/login-student', { student_id: student.id, password: student.dobPassword })).statusCode).toBe(200);
  });
});

describe('the per-address limit of sign-in calls', () => {
  it('answers 429 with Retry-After past the limit, but lets a browser that signed in to the account before through', async () => {
    const student = await createStudent(t.db, {}, { password: STUDENT_PASSWORD });
    const owner = await knownBrowser('10.66.0.1', '/api/login-student', { student_id: student.id, password: STUDENT_PASSWORD });
    const crowd = await new TestClient(t.app, '10.66.0.1').start();
    const statuses: number[] = [];
    for (let call = 0; call < signInRate.max + 5; call += 1) {
      statuses.push((await crowd.post('/api/login-student', { student_id: `7777${String(call).padStart(4, '0')}`, password: 'spray-1234' })).statusCode);
    }
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    const refused = await crowd.post('/api/login-student', { student_id: student.id, password: STUDENT_PASSWORD });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(/^Too many sign-in attempts from this network\. Please try again in \d+ seconds?\.$/);
    // The owner's browser, at the same address, is not held back.
    expect((await owner.post('/api/login-student', { student_id: student.id, password: STUDENT_PASSWORD })).statusCode).toBe(200);
  });

  it("does not count the address's successful sign-ins: a school's students behind one address all get in", async () => {
    const students = [];
    for (let index = 0; index < signInRate.max + 10; index += 1) students.push(await createStudent(t.db));
    const statuses: number[] = [];
    for (const student of students) {
      const browser = await new TestClient(t.app, '10.66.1.1').start();
      statuses.push((await browser.post('/api/login-student', { student_id: student.id, password: student.dobPassword })).statusCode);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(students.length);
  }, 120_000); // one password check after another
});

describe('a class signing in at once from one school address', () => {
  // Checks that hold their thread a while, as a real one does, without the processor a busy machine lacks.
  beforeAll(() => useHashingInTests('resting'));
  afterAll(() => useHashingInTests('light'));

  it('gets every student in: sign-ins turned away while the password checks are busy are not counted against the address', async () => {
    const students = await Promise.all(Array.from({ length: 40 }, () => createStudent(t.db)));
    const browsers = await Promise.all(students.map(() => new TestClient(t.app, '10.66.2.1').start()));
    const answers = new Map<number, number>();
    let waiting = students.map((_, index) => index);
    const seen = new Set<number>();
    // Each round sends again, all at once, what was answered 503 in the last, as the web app does.
    for (let round = 0; round < 60 && waiting.length > 0; round += 1) {
      const statuses = await Promise.all(
        waiting.map((index) => browsers[index].post('/api/login-student', { student_id: students[index].id, password: students[index].dobPassword })),
      );
      waiting.forEach((index, position) => answers.set(index, statuses[position].statusCode));
      statuses.forEach((answer) => seen.add(answer.statusCode));
      waiting = waiting.filter((index) => answers.get(index) === 503);
    }
    expect(seen.has(503)).toBe(true);
    expect([...answers.values()].filter((status) => status === 200)).toHaveLength(students.length);
  });
});

describe('sign-in during a burst of wrong guesses', () => {
  it('serves a real sign-in from another address while thousands of guesses arrive, turning the surplus away at once', async () => {
    const student = await createStudent(t.db, {}, { password: STUDENT_PASSWORD });
    const newcomer = await createStudent(t.db);
    const attackers = await Promise.all(Array.from({ length: 8 }, (_, index) => new TestClient(t.app, `10.67.0.${index + 1}`).start()));
    const burstSize = 3000;
    const burstStarted = performance.now();
    let answered = 0;
    const burst = Promise.all(
      Array.from({ length: burstSize }, (_, index) =>
        attackers[index % attackers.length]
          .post('/api/login-student', { student_id: `5555${String(index).padStart(4, '0')}`, password: `guess-${index}` })
          .then((response) => {
            answered += 1;
            return response;
          }),
      ),
    );
    // The real sign-ins come once the burst is under way (the first guesses answered), to compete with it.
    await waitUntil('the first guesses answered', () => answered >= 50);
    const user = await new TestClient(t.app, '10.68.0.1').start();
    const userStarted = performance.now();
    const signedIn = await user.post('/api/login-student', { student_id: student.id, password: STUDENT_PASSWORD });
    const userMs = performance.now() - userStarted;
    const first = await new TestClient(t.app, '10.68.0.2').start();
    const firstStarted = performance.now();
    const firstSignIn = await first.post('/api/login-student', { student_id: newcomer.id, password: newcomer.dobPassword });
    const firstMs = performance.now() - firstStarted;
    const statuses = (await burst).map((response) => response.statusCode);
    const burstMs = performance.now() - burstStarted;
    const counts = statuses.reduce<Record<number, number>>((all, status) => ({ ...all, [status]: (all[status] ?? 0) + 1 }), {});
    console.log(
      `[figures] ${testDialect}: during a burst of ${burstSize} wrong guesses from ${attackers.length} addresses (${Math.round(burstMs)} ms in all, answers ${JSON.stringify(counts)}), ` +
        `a sign-in with a password took ${Math.round(userMs)} ms and a first sign-in with the date of birth ${Math.round(firstMs)} ms`,
    );
    expect(signedIn.statusCode).toBe(200);
    expect(firstSignIn.statusCode).toBe(200);
    expect(statuses.every((status) => [422, 429, 503].includes(status))).toBe(true);
    // Most guesses were turned away before any check.
    expect((counts[422] ?? 0) + 0).toBeLessThan(burstSize / 4);
  });
});
