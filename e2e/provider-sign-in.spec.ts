import { expect, test as base, type Locator, type Page } from '@playwright/test';
import { startProvider, type TestProvider } from '../apps/server/test/helpers/openid-provider.ts';
import { chooseRowAction, expectAccessible, expectNoSidewaysScroll, signInAdminViaApi, studentsTableRows, xsrf } from './support/fixtures.ts';
import { acceptAsNewAccount, invitationLinkTo } from './support/family.ts';
import { startPortal } from './support/portal-process.ts';
import { screenshots } from './support/screenshots.ts';

const shot = screenshots({ fullPage: true });

/** The school's own provider's users: a teacher whose school address is her notice address here, and one the portal does not know. */
const users = [
  { id: 'teacher-ramdass', email: 'ramdass@school.example.org', email_verified: true },
  { id: 'stranger', email: 'stranger@school.example.org', email_verified: true },
  { id: 'parent-maria', email: 'maria.charles@example.com', email_verified: true },
  { id: 'student-kezia', email: 'kezia@school.example.org', email_verified: true },
];

/**
 * A portal of its own, signing staff in with the test suite's OpenID provider on 127.0.0.1 (decision
 * 076): the provider on a port of its own per worker, started once the portal's address is known.
 */
const test = base.extend<{ portalDataDir: string }, { providerPortal: { baseUrl: string; dataDir: string } }>({
  providerPortal: [
    async ({ browserName: _browser }, use, workerInfo) => {
      const providerPort = 18310 + workerInfo.workerIndex;
      const issuer = `http://127.0.0.1:${providerPort}`;
      const portal = await startPortal((baseUrl) => ({
        PORTAL_URL: baseUrl,
        OIDC_ISSUER: issuer,
        OIDC_CLIENT_ID: 'school-portal',
        OIDC_CLIENT_SECRET: 'school-portal-secret-for-tests',
        OIDC_PROVIDER_NAME: 'Test School Accounts',
        OIDC_ROLES: 'staff,students,guardians',
      }));
      let provider: TestProvider | null = null;
      try {
        provider = await startProvider({ users, redirectUris: [`${portal.baseUrl}/api/auth/oidc/callback`], port: providerPort });
        expect(provider.issuer).toBe(issuer);
        await use({ baseUrl: portal.baseUrl, dataDir: portal.dataDir });
      } finally {
        await provider?.stop();
        await portal.stop();
      }
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ providerPortal }, use) => use(providerPortal.baseUrl),
  portalDataDir: async ({ providerPortal }, use) => use(providerPortal.dataDir),
});

/** Opens a sign-in screen, which offers the school's provider, fits the screen and passes the axe check: the provider's link. */
async function providerOfferedAt(page: Page, screen: '/admin' | '/parents' | '/'): Promise<Locator> {
  await page.goto(screen);
  const withProvider = page.getByRole('link', { name: 'Sign in with Test School Accounts' });
  await expect(withProvider).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  return withProvider;
}

test('a teacher signs in with the school’s provider and sees her class; an account the portal does not know is refused', async ({ page }, testInfo) => {
  // The admin adds the teacher with her school address as her notice address, and signs out.
  await signInAdminViaApi(page);
  const students = (await (await page.request.get('/api/students')).json()) as Array<{ id: string; class_id: string | null }>;
  const classId = students.find((student) => student.class_id)!.class_id!;
  const added = await page.request.post('/api/staff', {
    data: { username: 'ramdass', display_name: 'Ms Ramdass', role: 'teacher', classes: [classId], email: 'ramdass@school.example.org' },
    headers: await xsrf(page),
  });
  expect(added.status()).toBe(200);
  await page.context().clearCookies();

  // The staff sign-in offers the school's provider.
  const withProvider = await providerOfferedAt(page, '/admin');
  await shot(page, `provider-sign-in-${testInfo.project.name}`);

  // An account no staff member has: back on the sign-in screen, told why.
  await withProvider.click();
  await page.getByLabel('User', { exact: true }).fill('stranger');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/admin\?sign_in=unknown$/);
  await expect(page.getByRole('alert')).toContainText('Your school account is not linked to an account here.');
  await expectAccessible(page);

  // The teacher, in this browser after the stranger: the provider forgets the stranger's sign-in first.
  await page.context().clearCookies();
  await page.getByRole('link', { name: 'Sign in with Test School Accounts' }).click();
  await page.getByLabel('User', { exact: true }).fill('teacher-ramdass');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(studentsTableRows(page).first()).toBeVisible();
  for (const text of await studentsTableRows(page).allTextContents()) expect(text).toContain(classId);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await shot(page, `provider-teacher-${testInfo.project.name}`);
});

test('a mother signs in with the school’s provider at /parents and reads her daughter', async ({ page, portalDataDir }) => {
  // The school invites her; she makes her account from the mailed link, and signs out.
  await signInAdminViaApi(page);
  const students = (await (await page.request.get('/api/students')).json()) as Array<{ id: string; first_name: string; last_name: string }>;
  const daughter = students[1]!;
  const invited = await page.request.post('/api/guardian-invitations', {
    data: { student_id: daughter.id, email: 'maria.charles@example.com', relationship: 'mother' },
    headers: await xsrf(page),
  });
  expect(invited.status()).toBe(200);
  await page.context().clearCookies();
  await acceptAsNewAccount(page, invitationLinkTo('maria.charles@example.com', portalDataDir), {
    name: 'Maria Charles',
    firstName: daughter.first_name,
    password: 'a long family password 52',
  });
  await page.context().clearCookies();

  await (await providerOfferedAt(page, '/parents')).click();
  await page.getByLabel('User', { exact: true }).fill('parent-maria');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/family$/);
  await expect(page.getByRole('heading', { level: 1, name: `${daughter.first_name} ${daughter.last_name}` })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
});

test('the office gives a student her school account in Edit Student, and she signs in with it at /', async ({ page }, testInfo) => {
  await signInAdminViaApi(page);
  const students = (await (await page.request.get('/api/students')).json()) as Array<{ id: string; first_name: string; last_name: string }>;
  const student = students[2]!;
  const other = students[3]!;
  // Another student already has an address: the dialog refuses it for this one, under the field.
  const given = await page.request.put(`/api/students/${other.id}/school-account`, {
    data: { school_account: 'taken@school.example.org' },
    headers: await xsrf(page),
  });
  expect(given.status()).toBe(200);

  await page.goto('/admin/dashboard');
  await page.getByRole('searchbox').fill(student.id);
  await chooseRowAction(studentsTableRows(page, student.id), 'Edit');
  const edit = page.getByRole('dialog', { name: 'Edit Student' });
  const account = edit.getByRole('textbox', { name: 'School Account' });
  await expect(account).toHaveValue('');
  await account.fill('taken@school.example.org');
  await account.blur();
  await expect(edit.getByText(`taken@school.example.org is already the school account of student ${other.id}.`)).toBeVisible();
  await expect(edit.getByText('Error Occured.')).toBeVisible();
  await account.fill('Kezia@School.example.org');
  await account.blur();
  await expect(edit.getByText('Updated Successfully.')).toBeVisible();
  await expect(account).toHaveValue('kezia@school.example.org');
  await expectAccessible(page);
  await shot(page, `provider-school-account-${testInfo.project.name}`);
  await edit.getByRole('button', { name: 'Close' }).click();
  await page.context().clearCookies();

  // She signs in at the students' screen with the school's provider, and is on her dashboard.
  await (await providerOfferedAt(page, '/')).click();
  await page.getByLabel('User', { exact: true }).fill('student-kezia');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${student.first_name} ${student.last_name}` })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await shot(page, `provider-student-${testInfo.project.name}`);

  // An account the portal does not know comes back to the students' screen, told why.
  await page.context().clearCookies();
  await page.goto('/');
  await page.getByRole('link', { name: 'Sign in with Test School Accounts' }).click();
  await page.getByLabel('User', { exact: true }).fill('stranger');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/\?sign_in=unknown$/);
  await expect(page.getByRole('alert')).toContainText('Your school account is not linked to an account here.');
});
