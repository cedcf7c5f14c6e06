import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig, type Config } from '../../../src/core/config.ts';
import { signInRate } from '../../../src/features/auth/routes.ts';
import { schoolSignInBudgetAside, buildTestApp, TestClient, type TestApp } from '../../helpers/test-app.ts';
import { createStudent, STUDENT_PASSWORD } from '../../helpers/factories.ts';

// Each of these signs in up to two limits' worth of times in a row, and counts on every call falling
// in one window of the per-process rate: the clock stands still while they run (and the password checks
// are light, as in every server suite), so that a busy machine, whose calls would spread past the window, reads the same.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
});

const apps: TestApp[] = [];
afterAll(async () => {
  vi.useRealTimers();
  for (const app of apps) await app.close();
});

async function appTrusting(trustProxy: Config['trustProxy']): Promise<TestApp> {
  const app = await buildTestApp({ trustProxy, ...schoolSignInBudgetAside });
  apps.push(app);
  return app;
}

/** Sign-in calls through the proxy, each with a different forged left-most X-Forwarded-For entry; their statuses and logged addresses. */
async function throughProxy(t: TestApp, proxy: string, client: string, calls: number) {
  const browser = await new TestClient(t.app, proxy).start();
  const statuses: number[] = [];
  for (let call = 0; call < calls; call += 1) {
    const response = await browser.post(
      '/api/login-student',
      { student_id: `4444${String(call).padStart(4, '0')}`, password: 'a-wrong-guess' },
      { 'x-forwarded-for': `198.51.100.${call}, ${client}` },
    );
    statuses.push(response.statusCode);
  }
  const logged = await t.db.selectFrom('audit_log').select('ip').distinct().where('action', '=', 'student.sign-in-failed').execute();
  return { statuses, addresses: logged.map((row) => row.ip) };
}

describe('TRUST_PROXY: the address limits are keyed on', () => {
  it('with the proxy named by its address, the client the proxy saw, whatever the client wrote to the left', async () => {
    const t = await appTrusting(['127.0.0.1']);
    const { statuses, addresses } = await throughProxy(t, '127.0.0.1', '203.0.113.7', signInRate.max + 1);
    expect(addresses).toEqual(['203.0.113.7']);
    // Every call counted against the one real address, so the limit was reached.
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, signInRate.max).every((status) => status === 422)).toBe(true);
  });

  it('with a hop count, the entry that many proxies from the server', async () => {
    const t = await appTrusting(loadConfig({ TRUST_PROXY: '1' }).trustProxy);
    const { addresses } = await throughProxy(t, '10.5.0.1', '203.0.113.8', 3);
    expect(addresses).toEqual(['203.0.113.8']);
  });

  it('from a caller that is not a trusted proxy, or with no proxy trusted, the caller itself', async () => {
    const named = await appTrusting(['127.0.0.1']);
    expect((await throughProxy(named, '10.5.0.2', '203.0.113.9', 2)).addresses).toEqual(['10.5.0.2']);
    const none = await appTrusting(loadConfig({ TRUST_PROXY: '0' }).trustProxy);
    expect((await throughProxy(none, '10.5.0.3', '203.0.113.10', 2)).addresses).toEqual(['10.5.0.3']);
  });
});

describe('IPv6 callers behind a trusted proxy', () => {
  /** Wrong sign-ins through the proxy, call `n` from the address `addressOf(n)`; their statuses. */
  async function rotating(t: TestApp, addressOf: (call: number) => string, calls: number) {
    const browser = await new TestClient(t.app, '127.0.0.1').start();
    const statuses: number[] = [];
    for (let call = 0; call < calls; call += 1) {
      const body = { student_id: `6464${String(call).padStart(4, '0')}`, password: 'a-wrong-guess' };
      statuses.push((await browser.post('/api/login-student', body, { 'x-forwarded-for': addressOf(call) })).statusCode);
    }
    return statuses;
  }

  it('counts every address of one /64 as one address, and another /64 apart', async () => {
    const t = await appTrusting(['127.0.0.1']);
    const statuses = await rotating(t, (call) => `2001:db8:aa:1:${(call + 1).toString(16)}::${(call * 7 + 1).toString(16)}`, signInRate.max + 2);
    expect(statuses.slice(0, signInRate.max).every((status) => status === 422)).toBe(true);
    expect(statuses.slice(signInRate.max)).toEqual([429, 429]);
    expect(await rotating(t, () => '2001:db8:aa:2::1', 1)).toEqual([422]);
  });

  it('counts by the prefix IPV6_PREFIX names', async () => {
    const t = await buildTestApp({ trustProxy: ['127.0.0.1'], ipv6PrefixBits: 48, ...schoolSignInBudgetAside });
    apps.push(t);
    const statuses = await rotating(t, (call) => `2001:db8:bb:${(call + 1).toString(16)}::1`, signInRate.max + 1);
    expect(statuses.at(-1)).toBe(429);
  });

  it('counts the /64s of one /56 together too, at twice the rate of one /64', async () => {
    const t = await appTrusting(['127.0.0.1']);
    const browser = await new TestClient(t.app, '127.0.0.1').start();
    const answers: Array<{ status: number; message: string }> = [];
    for (let call = 0; call < signInRate.max * 2 + 2; call += 1) {
      const body = { student_id: `5656${String(call).padStart(4, '0')}`, password: 'a-wrong-guess' };
      // Each call from a /64 of its own, all in 2001:db8:cc:100::/56.
      const response = await browser.post('/api/login-student', body, { 'x-forwarded-for': `2001:db8:cc:1${(call % 256).toString(16).padStart(2, '0')}::1` });
      answers.push({ status: response.statusCode, message: response.json().message });
    }
    expect(answers.slice(0, signInRate.max * 2).every((answer) => answer.status === 422)).toBe(true);
    // Refused by the per-process rate of the /56, before any database work.
    for (const answer of answers.slice(signInRate.max * 2)) expect(answer).toMatchObject({ status: 429, message: expect.stringMatching(/from this network/) });
    // Another /56 of the same /48 still gets in.
    const other = await browser.post('/api/login-student', { student_id: '56569999', password: 'a-wrong-guess' }, { 'x-forwarded-for': '2001:db8:cc:200::1' });
    expect(other.statusCode).toBe(422);
  });

  it('counts an IPv4-mapped address as its IPv4', async () => {
    const t = await appTrusting(['127.0.0.1']);
    const statuses = await rotating(t, (call) => (call % 2 ? '198.51.100.9' : '::ffff:198.51.100.9'), signInRate.max + 1);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('cookies over HTTPS through a trusted proxy', () => {
  /** The Set-Cookie headers of an answer, one string each. */
  const setCookies = (headers: Record<string, unknown>) => [headers['set-cookie'] ?? []].flat().map(String);

  it('are marked Secure (with HSTS sent) when the trusted proxy says the request came over HTTPS, and only then', async () => {
    const t = await appTrusting(['127.0.0.1']);
    const https = { 'x-forwarded-proto': 'https' };

    const proxied = await new TestClient(t.app, '127.0.0.1').get('/sanctum/csrf-cookie', https);
    expect(setCookies(proxied.headers)).toHaveLength(2);
    for (const cookie of setCookies(proxied.headers)) expect(cookie).toMatch(/; Secure/);
    expect(proxied.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');

    const student = await createStudent(t.db, {}, { password: STUDENT_PASSWORD });
    const browser = new TestClient(t.app, '127.0.0.1');
    await browser.get('/sanctum/csrf-cookie', https);
    const signIn = await browser.post('/api/login-student', { student_id: student.id, password: STUDENT_PASSWORD }, https);
    expect(signIn.statusCode).toBe(200);
    expect(
      setCookies(signIn.headers)
        .map((cookie) => cookie.split('=')[0])
        .sort(),
    ).toEqual(['XSRF-TOKEN', 'portal_device', 'portal_session']);
    for (const cookie of setCookies(signIn.headers)) expect(cookie).toMatch(/; Secure/);

    // Plain HTTP through the proxy, or a client that only claims HTTPS without being a trusted proxy.
    for (const [from, headers] of [
      ['127.0.0.1', {}],
      ['10.9.9.9', https],
    ] as const) {
      const answer = await new TestClient(t.app, from).get('/sanctum/csrf-cookie', headers);
      expect(setCookies(answer.headers)).toHaveLength(2);
      for (const cookie of setCookies(answer.headers)) expect(cookie).not.toMatch(/Secure/);
      expect(answer.headers['strict-transport-security']).toBeUndefined();
    }
  });
});
