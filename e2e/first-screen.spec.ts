import { expect, test, type Request } from '@playwright/test';
import { acceptAsNewAccount, mailedInvitation } from './support/family.ts';
import { apiCall, browserBeside, claimStudent, expectAccessible, signInAdminViaApi, signInStudentViaApi } from './support/fixtures.ts';

/**
 * A student's first screen on a new visit (decision 055): the page names the screen's scripts and
 * the server has the browser fetch her first calls with it, each asked for once; the school's name
 * comes in the page; the manifest's link comes once the page has loaded.
 */
test.use({ serviceWorkers: 'block' });

test('a wizard step comes with its scripts, her record and the lists, each fetched once, and the school’s name in the page', async ({ page }) => {
  const student = claimStudent('any');
  await signInStudentViaApi(page, student);
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));

  const response = await page.goto('/registration/family-data');
  const recordPath = `/api/student/${student.id}`;
  expect(response!.headers().link).toContain(`<${recordPath}>; rel=preload; as=fetch; crossorigin=use-credentials`);
  expect(response!.headers().link).toContain('</api/reference-lists>; rel=preload');
  const html = await response!.text();
  const named = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"/g)].map((match) => match[1]);
  expect(named.some((script) => /\/assets\/wizard-[\w-]+\.js$/.test(script))).toBe(true);
  expect(named.some((script) => /\/assets\/student-screens-[\w-]+\.js$/.test(script))).toBe(true);
  // Nothing of the parents' screens: what they share with the wizard comes with the student's screens.
  expect(html).not.toContain('family-screens-');
  expect(html).not.toContain('rel="manifest"');

  await expect(page.getByRole('heading', { level: 1, name: 'Family Data' })).toBeVisible();
  await expect(page.getByText('The parent or guardian sections below follow from this choice.')).toBeVisible();
  await expect(page.getByTestId('school-name')).toHaveText("St. Brigid's Girls' College");

  const paths = requests.map((request) => new URL(request.url()).pathname);
  const count = (path: string) => paths.filter((candidate) => candidate === path).length;
  expect(count(recordPath)).toBe(1);
  expect(count('/api/reference-lists')).toBe(1);
  expect(count('/api/config')).toBe(0);
  expect(count('/api/towns')).toBe(0);
  // The step's scripts are the ones the page named, each fetched once.
  const scripts = requests.filter((request) => request.resourceType() === 'script').map((request) => new URL(request.url()).pathname);
  for (const script of ['wizard', 'student-screens']) {
    expect(scripts.filter((path) => path.startsWith(`/assets/${script}-`))).toEqual(named.filter((path) => path.startsWith(`/assets/${script}-`)));
  }

  // The manifest's link comes a few seconds after the page has loaded, as the service worker would.
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest', { timeout: 15_000 });
  await expectAccessible(page);
});

test('a mother’s page of her daughter comes with its scripts and her daughters, the reports and attendance once its top is painted, each fetched once; the family’s sign-in with its own', async ({
  page,
  browser,
}, testInfo) => {
  const daughter = claimStudent('any');
  const email = `mother-first-screen-${testInfo.project.name}-${Date.now()}@example.com`;
  await signInAdminViaApi(page);
  expect((await apiCall(page, 'POST', '/api/guardian-invitations', { student_id: daughter.id, email, relationship: 'mother' })).status()).toBe(200);
  const link = await mailedInvitation(page, email);
  const context = await browserBeside(page, browser, testInfo);
  const mother = await context.newPage();
  try {
    const signIn = await mother.goto('/parents');
    expect(await signIn!.text()).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/parents-sign-in-page-[\w-]+\.js">/);
    await acceptAsNewAccount(mother, link, { name: 'Aaliyah Ramdass', firstName: daughter.first_name, password: 'Hibiscus-Morning-Rain-7' });

    // Away first: her dashboard, where accepting left her, still draws this daughter's sections.
    await mother.goto('about:blank');
    const requests: Request[] = [];
    mother.on('request', (request) => requests.push(request));
    const response = await mother.goto(`/family/${daughter.id}`);
    const withPage = ['/api/guardian/children', '/api/guardian/consents'];
    for (const call of withPage) expect(response!.headers().link).toContain(`<${call}>; rel=preload; as=fetch; crossorigin=use-credentials`);
    // Below the page's first screen: asked once its top is painted, not beside the page's scripts.
    const belowTheTop = [`/api/report-card-terms/${daughter.id}`, `/api/student-attendance/${daughter.id}`];
    for (const call of belowTheTop) expect(response!.headers().link).not.toContain(`<${call}>`);
    const named = [...(await response!.text()).matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"/g)].map((match) => match[1]);
    expect(named.some((script) => /\/assets\/family-screens-[\w-]+\.js$/.test(script))).toBe(true);

    await expect(mother.getByRole('heading', { level: 1, name: `${daughter.first_name} ${daughter.last_name}` })).toBeVisible();
    await expect(mother.getByRole('heading', { level: 2, name: 'Attendance' })).toBeVisible();
    await expect(mother.getByRole('heading', { level: 2, name: 'Absence Notes' })).toBeVisible();
    const paths = requests.map((request) => new URL(request.url()).pathname);
    for (const call of [...withPage, ...belowTheTop]) expect(paths.filter((path) => path === call)).toHaveLength(1);
    await expectAccessible(mother);
  } finally {
    await context.close();
  }
});

test('her dashboard comes with its scripts and her record; a visitor gets the plain page and no one’s calls', async ({ page }) => {
  const student = claimStudent('any');
  await signInStudentViaApi(page, student);
  const response = await page.goto('/dashboard');
  expect(response!.headers().link).toBe(`</api/student/${student.id}>; rel=preload; as=fetch; crossorigin=use-credentials`);
  expect(await response!.text()).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/student-screens-[\w-]+\.js">/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await page.context().clearCookies();
  const visitor = await page.goto('/dashboard');
  expect(visitor!.headers().link).toBeUndefined();
  expect(await visitor!.text()).not.toContain('student-screens-');
  await expect(page).toHaveURL(/\/$/);
});
