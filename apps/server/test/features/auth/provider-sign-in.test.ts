import { messages } from '@school/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderSettings } from '../../../src/core/config.ts';
import { PROVIDER_FLOW_COOKIE, readFlow, signFlow, type ProviderKind } from '../../../src/features/auth/provider-sign-in.ts';
import { ADMIN_PASSWORD, createAdminUser, createStaffUser, createStudent, signedInAdmin } from '../../helpers/factories.ts';
import { startProvider, throughProvider, type ProviderUser, type TestProvider } from '../../helpers/openid-provider.ts';
import { createGuardian } from '../../helpers/guardians.ts';
import { buildTestApp, TestClient, type TestApp } from '../../helpers/test-app.ts';

/** The provider's users: staff whose school address matches their notice address, and the ones a sign-in must refuse. */
const users: ProviderUser[] = [
  { id: 'teacher-ann', email: 'Ann.Teacher@school.example.org', email_verified: true },
  { id: 'office-bea', email: 'bea.office@school.example.org', email_verified: true, amr: ['pwd', 'mfa'] },
  { id: 'admin-cal', email: 'cal.admin@school.example.org', email_verified: true, amr: ['pwd', 'otp'], acr: 'urn:school:mfa' },
  { id: 'factor-dee', email: 'dee.factor@school.example.org', email_verified: true },
  { id: 'stranger', email: 'stranger@school.example.org', email_verified: true },
  { id: 'unverified-eve', email: 'eve.unverified@school.example.org', email_verified: false },
  { id: 'left-fay', email: 'fay.left@school.example.org', email_verified: true, disabled: true },
  { id: 'renamed-ann', email: 'ann.new-name@school.example.org', email_verified: true },
  { id: 'parent-gia', email: 'Gia.Parent@example.org', email_verified: true },
  { id: 'parent-hal', email: 'hal.parent@example.org', email_verified: true },
  { id: 'parent-unknown', email: 'nobody@example.org', email_verified: true },
  { id: 'student-ivy', email: 'Ivy.Student@school.example.org', email_verified: true },
  { id: 'student-jo', email: 'jo.typed@example.org', email_verified: true },
  { id: 'student-lee', email: 'lee.left@school.example.org', email_verified: true },
  { id: 'student-uma', email: 'uma.unverified@school.example.org', email_verified: false },
];

let t: TestApp;
let provider: TestProvider;
const callback = () => `${t.config.portalUrl}/api/auth/oidc/callback`;

const settingsFor = (started: TestProvider, more: Partial<ProviderSettings> = {}): ProviderSettings => ({
  issuer: started.issuer,
  clientId: started.clientId,
  clientSecret: started.clientSecret,
  name: 'Microsoft 365',
  roles: ['staff'],
  acr: 'urn:school:mfa',
  requiredForStaff: false,
  breakGlass: null,
  staleDays: null,
  ...more,
});

async function staff(username: string, email: string, role: 'admin' | 'office' | 'teacher', classes: string[] = []) {
  await createStaffUser(t.db, username, { role, classes });
  await t.db.updateTable('admin_users').set({ email }).where('username', '=', username).execute();
}

beforeAll(async () => {
  const probe = await buildTestApp({ staffMfa: 'optional' });
  const portalCallback = `${probe.config.portalUrl}/api/auth/oidc/callback`;
  await probe.close();
  provider = await startProvider({ users, redirectUris: [portalCallback] });
  t = await buildTestApp({ staffMfa: 'required', provider: settingsFor(provider) });
  await createStudent(t.db, { id: 'OIDC-1', class_id: '4B' });
  await staff('ann', 'ann.teacher@school.example.org', 'teacher', ['4B']);
  await staff('bea', 'bea.office@school.example.org', 'office');
  await staff('cal', 'cal.admin@school.example.org', 'admin');
  await staff('dee', 'dee.factor@school.example.org', 'office');
  await staff('eve', 'eve.unverified@school.example.org', 'office');
  await staff('fay', 'fay.left@school.example.org', 'teacher');
}, 60_000);
afterAll(async () => {
  await t?.close();
  await provider?.stop();
});

/** A browser that starts a staff sign-in at the portal: the provider's address it is sent to. */
async function start(client: TestClient, kind: ProviderKind = 'staff') {
  const started = await client.get(`/api/auth/oidc/start?for=${kind}`);
  expect(started.statusCode).toBe(303);
  expect(client.cookies.has(PROVIDER_FLOW_COOKIE)).toBe(true);
  return started.headers.location as string;
}

/** Signs in at the provider as `userId` and comes back to the portal's callback: the portal's answer. */
async function signIn(userId: string, { kind = 'staff', app = t }: { kind?: ProviderKind; app?: TestApp } = {}) {
  const browser = await new TestClient(app.app, '10.52.0.1').start();
  const back = await throughProvider(await start(browser, kind), userId);
  expect(back.href.startsWith(callback())).toBe(true);
  const answer = await browser.get(`${back.pathname}${back.search}`);
  return { browser, answer, location: answer.headers.location as string };
}

const lastAudit = (action: string) =>
  t.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();

describe('signing staff in with the school’s provider', () => {
  it('matches the verified address to her notice address, links her account and opens her session', async () => {
    const { browser, answer, location } = await signIn('teacher-ann');
    expect(answer.statusCode).toBe(303);
    expect(location).toBe('/admin/dashboard');
    expect(browser.cookies.has(PROVIDER_FLOW_COOKIE)).toBe(false);
    const session = (await browser.get('/api/session')).json();
    expect(session).toMatchObject({ authenticated: true, userID: 'ann', role: 'teacher', classes: ['4B'] });
    const row = await t.db.selectFrom('admin_users').select(['provider_subject', 'provider_seen_at']).where('username', '=', 'ann').executeTakeFirstOrThrow();
    expect(row.provider_subject).toBe('teacher-ann');
    expect(Date.now() - Date.parse(row.provider_seen_at!)).toBeLessThan(60 * 60_000);
    expect((await lastAudit('admin.sign-in')).detail).toBe('with Microsoft 365');
    // Her class is hers to read.
    expect((await browser.get('/api/students')).json()).toEqual(expect.arrayContaining([expect.objectContaining({ id: 'OIDC-1' })]));
  });

  it('keeps no refresh token or provider token anywhere', async () => {
    await signIn('teacher-ann');
    const session = await t.db.selectFrom('sessions').selectAll().where('admin_id', 'is not', null).execute();
    for (const row of session) expect(JSON.stringify(row)).not.toMatch(/eyJ/);
  });

  it('names her by the provider’s sub once linked, whatever address the provider gives later', async () => {
    await t.db.updateTable('admin_users').set({ provider_subject: 'renamed-ann' }).where('username', '=', 'dee').execute();
    const { browser, location } = await signIn('renamed-ann');
    expect(location).toBe('/admin/dashboard');
    expect((await browser.get('/api/session')).json().userID).toBe('dee');
    await t.db.updateTable('admin_users').set({ provider_subject: null }).where('username', '=', 'dee').execute();
  });

  it('refuses an address no staff account has, creates no account, and writes an audit row', async () => {
    const before = await t.db
      .selectFrom('admin_users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const { browser, location } = await signIn('stranger');
    expect(location).toBe('/admin?sign_in=unknown');
    expect(messages.providerSignIn.unknown).toMatch(/not linked/);
    expect((await browser.get('/api/session')).json().authenticated).toBe(false);
    const after = await t.db
      .selectFrom('admin_users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    const audit = await lastAudit('admin.sign-in-failed');
    expect(audit.detail).toBe('with Microsoft 365: no account has this address');
  });

  it('refuses an address the provider has not verified, though a staff account has it', async () => {
    const { browser, location } = await signIn('unverified-eve');
    expect(location).toBe('/admin?sign_in=unverified');
    expect((await browser.get('/api/session')).json().authenticated).toBe(false);
    expect((await lastAudit('admin.sign-in-failed')).detail).toBe('with Microsoft 365: the provider has not verified the e-mail address');
    const row = await t.db.selectFrom('admin_users').select('provider_subject').where('username', '=', 'eve').executeTakeFirstOrThrow();
    expect(row.provider_subject).toBeNull();
  });

  it('refuses a user the provider has disabled: the provider turns her away and the portal opens nothing', async () => {
    const { browser, location } = await signIn('left-fay');
    expect(location).toBe('/admin?sign_in=refused');
    expect((await browser.get('/api/session')).json().authenticated).toBe(false);
    expect((await lastAudit('admin.sign-in-failed')).detail).toBe('with Microsoft 365: the provider answered access_denied');
  });

  it('refuses a disabled staff account even when the provider lets her in', async () => {
    await t.db.updateTable('admin_users').set({ disabled: 1 }).where('username', '=', 'cal').execute();
    const { location, browser } = await signIn('admin-cal');
    expect(location).toBe('/admin?sign_in=refused');
    expect((await browser.get('/api/session')).json().authenticated).toBe(false);
    await t.db.updateTable('admin_users').set({ disabled: 0 }).where('username', '=', 'cal').execute();
  });

  it('refuses a callback whose state was changed', async () => {
    const browser = await new TestClient(t.app, '10.52.0.2').start();
    const back = await throughProvider(await start(browser), 'teacher-ann');
    back.searchParams.set('state', 'not-the-state-it-was-given');
    const answer = await browser.get(`${back.pathname}${back.search}`);
    expect(answer.headers.location).toBe('/admin?sign_in=failed');
    expect((await browser.get('/api/session')).json().authenticated).toBe(false);
  });

  it('refuses an ID token whose nonce is not the one the sign-in sent', async () => {
    const browser = await new TestClient(t.app, '10.52.0.3').start();
    const back = await throughProvider(await start(browser), 'teacher-ann');
    // The cookie says another nonce, under a good signature: the ID token's nonce no longer matches.
    const flow = (await readFlow(t.db, browser.cookies.get(PROVIDER_FLOW_COOKIE)))!;
    browser.cookies.set(PROVIDER_FLOW_COOKIE, await signFlow(t.db, { ...flow, nonce: 'another-nonce' }));
    const answer = await browser.get(`${back.pathname}${back.search}`);
    expect(answer.headers.location).toBe('/admin?sign_in=failed');
    expect((await lastAudit('admin.sign-in-failed')).detail).toMatch(/nonce/);
  });

  it('refuses a flow cookie whose signature does not hold, or none at all', async () => {
    const browser = await new TestClient(t.app, '10.52.0.4').start();
    const back = await throughProvider(await start(browser), 'teacher-ann');
    const [body] = browser.cookies.get(PROVIDER_FLOW_COOKIE)!.split('.');
    browser.cookies.set(PROVIDER_FLOW_COOKIE, `${body}.forged`);
    expect((await browser.get(`${back.pathname}${back.search}`)).headers.location).toBe('/admin?sign_in=failed');
    const other = await new TestClient(t.app, '10.52.0.5').start();
    expect((await other.get(`${back.pathname}${back.search}`)).headers.location).toBe('/admin?sign_in=failed');
  });

  it('counts refused callbacks in the per-address sign-in limit: of 200 at once from one address, no more than 60 reach the check', async () => {
    const flood = await buildTestApp({ staffMfa: 'optional', provider: settingsFor(provider) });
    try {
      const answers = await Promise.all(
        Array.from({ length: 200 }, async (_, index) => {
          const browser = new TestClient(flood.app, '10.52.9.9');
          return (await browser.get(`/api/auth/oidc/callback?code=forged-${index}&state=forged`)).headers.location;
        }),
      );
      const failed = answers.filter((location) => location === '/admin?sign_in=failed').length;
      const throttled = answers.filter((location) => location === '/admin?sign_in=throttled').length;
      expect(failed + throttled).toBe(200);
      expect(failed).toBeGreaterThan(0);
      expect(failed).toBeLessThanOrEqual(60);
      // Another address is not held back.
      const other = await new TestClient(flood.app, '10.52.9.10').get('/api/auth/oidc/callback?code=x&state=y');
      expect(other.headers.location).toBe('/admin?sign_in=failed');
    } finally {
      await flood.close();
    }
  });

  it('answers 422 for a start call that names no kind of account', async () => {
    const browser = await new TestClient(t.app, '10.52.0.6').start();
    expect((await browser.get('/api/auth/oidc/start')).statusCode).toBe(422);
    expect((await browser.get('/api/auth/oidc/start?for=student')).headers.location).toBe('/?sign_in=not-allowed');
    // Guardians may not use it unless OIDC_ROLES names them.
    expect((await browser.get('/api/auth/oidc/start?for=guardian')).headers.location).toBe('/parents?sign_in=not-allowed');
  });

  it('tells the screens the provider’s name', async () => {
    const browser = await new TestClient(t.app, '10.52.0.7').start();
    expect((await browser.get('/api/config')).json().sign_in_provider).toEqual({ name: 'Microsoft 365', roles: ['staff'] });
  });
});

const adminId = async (username: string) => (await t.db.selectFrom('admin_users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;

/** The staff member's session opened last. */
const latestSession = async (username: string) =>
  t.db
    .selectFrom('sessions')
    .selectAll()
    .where('admin_id', '=', await adminId(username))
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();

describe('the provider’s second factor', () => {
  it('counts `amr` holding mfa as the second factor for the export step-up while the provider’s sign-in is recent', async () => {
    await t.db.updateTable('admin_users').set({ provider_subject: null }).where('username', '=', 'bea').execute();
    const { browser } = await signIn('office-bea');
    const session = await latestSession('bea');
    expect(session.provider_factor).toBe(1);
    expect(session.second_factor_at).not.toBeNull();
    const guarded = await browser.get('/api/registration-data-spreadsheet');
    expect(guarded.statusCode).toBe(200);
    // Past 15 minutes after the provider's sign-in, it no longer counts.
    await t.db
      .updateTable('sessions')
      .set({ second_factor_at: new Date(Date.now() - 16 * 60_000).toISOString() })
      .where('id_hash', '=', session.id_hash)
      .execute();
    const stale = await browser.get('/api/registration-data-spreadsheet');
    expect(stale.statusCode).toBe(403);
  });

  it('counts the configured acr as more than one factor', async () => {
    const { browser } = await signIn('admin-cal');
    expect((await browser.get('/api/session')).json().userID).toBe('cal');
    const session = await latestSession('cal');
    expect(session.provider_factor).toBe(1);
  });

  it('asks a staff member with a factor of her own for it when the provider’s sign-in used one factor', async () => {
    await t.db.updateTable('admin_users').set({ totp_secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' }).where('username', '=', 'dee').execute();
    const { browser, location } = await signIn('factor-dee');
    expect(location).toBe('/admin?second_factor=app');
    expect((await latestSession('dee')).provider_factor).toBe(0);
    expect((await browser.get('/api/session')).json().authenticated).toBe(false);
    const wrong = await browser.post('/api/admin-login/second-factor', { code: '000000' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.code).toEqual([messages.wrongCode]);
  });
});

describe('requiring the provider for staff', () => {
  it('refuses staff passwords but the break-glass admin’s', async () => {
    const strict = await buildTestApp({ staffMfa: 'optional', provider: settingsFor(provider, { requiredForStaff: true, breakGlass: 'keeper' }) });
    try {
      await createStaffUser(strict.db, 'keeper');
      await createStaffUser(strict.db, 'someone');
      const client = await new TestClient(strict.app, '10.52.1.1').start();
      const refused = await client.post('/api/admin-login', { name: 'someone', password: ADMIN_PASSWORD });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.name).toEqual([messages.providerRequired('Microsoft 365')]);
      const keeper = await client.post('/api/admin-login', { name: 'keeper', password: ADMIN_PASSWORD });
      expect(keeper.statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });
});

describe('clock skew between the provider and the portal', () => {
  for (const [minutes, accepted] of [
    [2, true],
    [-2, true],
    [10, false],
    [-10, false],
  ] as const) {
    it(`${accepted ? 'accepts' : 'refuses'} a provider whose clock is ${minutes} minutes ${minutes > 0 ? 'ahead' : 'behind'}`, async () => {
      const skewed = await startProvider({ users, redirectUris: [callback()], clockSkewSeconds: minutes * 60 });
      const app = await buildTestApp({ staffMfa: 'optional', provider: settingsFor(skewed) });
      try {
        await createStaffUser(app.db, 'ann', { role: 'teacher' });
        await app.db.updateTable('admin_users').set({ email: 'ann.teacher@school.example.org' }).where('username', '=', 'ann').execute();
        const browser = await new TestClient(app.app, '10.52.2.1').start();
        const started = await browser.get('/api/auth/oidc/start?for=staff');
        const back = await throughProvider(started.headers.location as string, 'teacher-ann');
        const answer = await browser.get(`${back.pathname}${back.search}`);
        expect(answer.headers.location).toBe(accepted ? '/admin/dashboard' : '/admin?sign_in=failed');
        expect((await browser.get('/api/session')).json().authenticated).toBe(accepted);
      } finally {
        await app.close();
        await skewed.stop();
      }
    }, 60_000);
  }
});

describe('staff not seen at the provider', () => {
  it('lists on the Staff screen the active accounts not signed in there for OIDC_STALE_DAYS days', async () => {
    const app = await buildTestApp({ staffMfa: 'optional', provider: settingsFor(provider, { staleDays: 30 }) });
    try {
      await createStaffUser(app.db, 'head');
      const admin = await signedInAdmin(app.app, 'head');
      const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60_000).toISOString();
      for (const [username, seen, disabled] of [
        ['gone', daysAgo(40), 0],
        ['here', daysAgo(2), 0],
        ['closed', daysAgo(40), 1],
      ] as const) {
        await createStaffUser(app.db, username, { role: 'teacher' });
        await app.db.updateTable('admin_users').set({ provider_seen_at: seen, disabled }).where('username', '=', username).execute();
      }
      const listed = (await admin.get('/api/staff')).json() as Array<{ username: string; not_seen_at_provider: boolean }>;
      const stale = (username: string) => listed.find((member) => member.username === username)?.not_seen_at_provider;
      expect(stale('gone')).toBe(true);
      expect(stale('here')).toBe(false);
      expect(stale('closed')).toBe(false);
      // An account made just now that has not yet signed in there is not listed.
      expect(stale('head')).toBe(false);
    } finally {
      await app.close();
    }
  });
});

describe('signing parents and guardians in with the school’s provider', () => {
  let family: TestApp;
  beforeAll(async () => {
    family = await buildTestApp({ staffMfa: 'optional', provider: settingsFor(provider, { roles: ['staff', 'guardians'] }) });
    await createGuardian(family.db, { email: 'gia.parent@example.org', name: 'Gia Parent' });
    await createGuardian(family.db, { email: 'hal.parent@example.org', name: 'Hal Parent' });
    await family.db.updateTable('guardians').set({ totp_secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' }).where('email', '=', 'hal.parent@example.org').execute();
  });
  afterAll(() => family?.close());

  it('matches her verified address to her account, links it, and opens her family session', async () => {
    const { browser, location } = await signIn('parent-gia', { kind: 'guardian', app: family });
    expect(location).toBe('/family');
    expect((await browser.get('/api/session')).json()).toMatchObject({ authenticated: true, kind: 'guardian', name: 'Gia Parent' });
    const row = await family.db.selectFrom('guardians').select('provider_subject').where('email', '=', 'gia.parent@example.org').executeTakeFirstOrThrow();
    expect(row.provider_subject).toBe('parent-gia');
  });

  it('asks her own second factor next when she has one', async () => {
    const { browser, location } = await signIn('parent-hal', { kind: 'guardian', app: family });
    expect(location).toBe('/parents?second_factor=app');
    expect((await browser.get('/api/session')).json().authenticated).toBe(false);
  });

  it('refuses an address no guardian has, back on the parents’ screen, with an audit row', async () => {
    const { browser, location } = await signIn('parent-unknown', { kind: 'guardian', app: family });
    expect(location).toBe('/parents?sign_in=unknown');
    expect((await browser.get('/api/session')).json().authenticated).toBe(false);
    const audit = await family.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'guardian.sign-in-failed')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.detail).toBe('with Microsoft 365: no account has this address');
    expect(await family.db.selectFrom('guardians').select('id').execute()).toHaveLength(2);
  });

  it('never signs a staff member’s provider account in as a guardian', async () => {
    const { location } = await signIn('teacher-ann', { kind: 'guardian', app: family });
    expect(location).toBe('/parents?sign_in=unknown');
  });
});

describe('signing students in with the school’s provider', () => {
  let school: TestApp;
  let admin: TestClient;
  const studentSession = async (browser: TestClient) => (await browser.get('/api/session')).json();
  const lastStudentAudit = (action: string) =>
    school.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();

  beforeAll(async () => {
    school = await buildTestApp({ staffMfa: 'optional', provider: settingsFor(provider, { roles: ['staff', 'students'] }) });
    await createAdminUser(school.db);
    admin = await signedInAdmin(school.app);
    // Ivy still signs in with her date of birth: she has never chosen a password.
    await createStudent(school.db, { id: 'IVY-1', class_id: '4B', first_name: 'Ivy' });
    // Jo typed the provider's address into her own record; the office gave her no school account.
    await createStudent(school.db, { id: 'JO-1', class_id: '4B', email: 'jo.typed@example.org' }, { password: 'Jo-chose-this-1' });
    await createStudent(school.db, { id: 'LEE-1', class_id: '4B' });
    await school.db.insertInto('student_leavers').values({ student_id: 'LEE-1', left_on: '2026-07-01', reason: 'Moved away', rollover_id: null }).execute();
    await createStudent(school.db, { id: 'UMA-1', class_id: '4B' });
    for (const [id, account] of [
      ['IVY-1', 'IVY.Student@school.example.org'],
      ['LEE-1', 'lee.left@school.example.org'],
      ['UMA-1', 'uma.unverified@school.example.org'],
    ])
      expect((await admin.put(`/api/students/${id}/school-account`, { school_account: account })).statusCode).toBe(200);
  });
  afterAll(() => school?.close());

  it('matches the verified address to the school account the office gave her, links it, and opens her session', async () => {
    const { browser, location } = await signIn('student-ivy', { kind: 'student', app: school });
    expect(location).toBe('/dashboard');
    // A full session, though her password is still her date of birth: the provider is how she proved who she is.
    expect(await studentSession(browser)).toMatchObject({ authenticated: true, kind: 'student', userID: 'IVY-1', restricted: false });
    expect((await browser.get('/api/student/IVY-1')).statusCode).toBe(200);
    expect((await browser.get('/api/student/JO-1')).statusCode).toBe(403);
    const row = await school.db.selectFrom('student_school_accounts').selectAll().where('student_id', '=', 'IVY-1').executeTakeFirstOrThrow();
    expect(row.provider_subject).toBe('student-ivy');
    expect((await admin.get('/api/students/IVY-1/school-account')).json().provider_seen_at).toBe(row.provider_seen_at);
    expect(await lastStudentAudit('student.sign-in')).toMatchObject({ student_id: 'IVY-1', detail: 'with Microsoft 365' });
  });

  it('never matches the address she typed in her own record', async () => {
    const { browser, location } = await signIn('student-jo', { kind: 'student', app: school });
    expect(location).toBe('/?sign_in=unknown');
    expect((await studentSession(browser)).authenticated).toBe(false);
    expect(await lastStudentAudit('student.sign-in-failed')).toMatchObject({
      actor_id: 'jo.typed@example.org',
      detail: 'with Microsoft 365: no account has this address',
    });
  });

  it('refuses a student who has left the school, and an address the provider has not verified', async () => {
    const left = await signIn('student-lee', { kind: 'student', app: school });
    expect(left.location).toBe('/?sign_in=refused');
    expect((await studentSession(left.browser)).authenticated).toBe(false);
    expect((await lastStudentAudit('student.sign-in-failed')).detail).toBe('with Microsoft 365: she has left the school');
    const unverified = await signIn('student-uma', { kind: 'student', app: school });
    expect(unverified.location).toBe('/?sign_in=unverified');
    expect((await studentSession(unverified.browser)).authenticated).toBe(false);
  });

  it('stops signing her in with the old provider account once the office gives her another school account', async () => {
    expect((await admin.put('/api/students/IVY-1/school-account', { school_account: 'ivy.new@school.example.org' })).statusCode).toBe(200);
    const { browser, location } = await signIn('student-ivy', { kind: 'student', app: school });
    expect(location).toBe('/?sign_in=unknown');
    expect((await studentSession(browser)).authenticated).toBe(false);
  });

  it('never signs a staff member’s provider account in as a student, nor a student’s as staff', async () => {
    expect((await signIn('teacher-ann', { kind: 'student', app: school })).location).toBe('/?sign_in=unknown');
    await admin.put('/api/students/IVY-1/school-account', { school_account: 'ivy.student@school.example.org' });
    expect((await signIn('student-ivy', { kind: 'staff', app: school })).location).toBe('/admin?sign_in=unknown');
  });
});
