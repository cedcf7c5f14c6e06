import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSchoolName } from '../src/app.ts';
import { preferredEncoding } from '../src/lib/http/compress-answers.ts';
import { createAdminUser, createStudent, signInAsAdmin, signInAsStudent, STUDENT_PASSWORD } from './helpers/factories.ts';
import { createGuardian, withGuardianSession } from './helpers/guardians.ts';
import { buildTestApp, TestClient, type TestApp } from './helpers/test-app.ts';

const page = '<!doctype html><html><head><title>Portal</title></head><body><div id="root"></div></body></html>';
const script = `console.log(${JSON.stringify('the portal '.repeat(300))});`;
const serviceWorker = `self.addEventListener('fetch', () => {});`;
const manifest = {
  name: 'School Portal',
  short_name: 'Portal',
  display: 'standalone',
  icons: [{ src: 'pwa-192x192.png', sizes: '192x192', type: 'image/png' }],
};

/** The copy of the page the build writes for the dashboard: it also fetches the dashboard's scripts. */
const dashboardPage = page.replace('</head>', '<link rel="modulepreload" crossorigin href="/assets/dashboard-abc123.js"></head>');

/** The copies for a guardian's dashboard of one daughter and for the family's sign-in. */
const daughterPage = page.replace('</head>', '<link rel="modulepreload" crossorigin href="/assets/family-abc123.js"></head>');
const parentsPage = page.replace('</head>', '<link rel="modulepreload" crossorigin href="/assets/parents-abc123.js"></head>');
const messagesPage = page.replace('</head>', '<link rel="modulepreload" crossorigin href="/assets/messages-abc123.js"></head>');

/** The copy for a student's screen that makes no call as it opens. */
const passwordPage = page.replace('</head>', '<link rel="modulepreload" crossorigin href="/assets/password-abc123.js"></head>');

/** The build's list of screens (as `first-screens.ts` writes it): whose each is, its page and its first calls. */
const screenList = {
  '/dashboard': { page: 'first-screens/dashboard.html', calls: ['/api/config', '/api/student/{student}'], for: 'student' },
  '/registration/change-password': { page: 'first-screens/change-password.html', calls: [], for: 'student' },
  '/family/:daughter': { page: 'first-screens/family-daughter.html', calls: ['/api/guardian/children', '/api/guardian/consents'], for: 'guardian' },
  '/family/messages': { page: 'first-screens/family-messages.html', calls: ['/api/guardian/messages?page=1'], for: 'guardian' },
  '/parents': { page: 'first-screens/parents.html', calls: [], for: 'visitor' },
};

/** A built web app as the build leaves it: each file with its brotli and gzip copies. */
function writeWebDist(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.mkdirSync(path.join(dist, 'first-screens'));
  for (const [file, text] of [
    ['index.html', page],
    ['first-screens/dashboard.html', dashboardPage],
    ['first-screens/family-daughter.html', daughterPage],
    ['first-screens/family-messages.html', messagesPage],
    ['first-screens/parents.html', parentsPage],
    ['first-screens/change-password.html', passwordPage],
    ['first-screens.json', JSON.stringify(screenList)],
    ['assets/index-abc123.js', script],
    ['manifest.webmanifest', JSON.stringify(manifest)],
  ]) {
    fs.writeFileSync(path.join(dist, file), text);
    fs.writeFileSync(path.join(dist, `${file}.br`), brotliCompressSync(text));
    fs.writeFileSync(path.join(dist, `${file}.gz`), gzipSync(text));
  }
  fs.writeFileSync(path.join(dist, 'sw.js'), serviceWorker);
  return dist;
}

describe('serving the built web app', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = writeWebDist();
    t = await buildTestApp({ webDist: dist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends an asset as brotli, as gzip or as it is, whichever the browser takes, cached for a year', async () => {
    const br = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gzip = await get('/assets/index-abc123.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('sends the page of every client route compressed too, never cached stale', async () => {
    const response = await get('/registration/student-data', 'br;q=0, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(response.rawPayload).toString()).toBe(page);
    expect((await get('/dashboard')).body).toBe(page);
  });

  it('sends a signed-in student the copy of the page that fetches her screen’s scripts, and her first calls with it', async () => {
    const student = await createStudent(t.db, {}, { password: STUDENT_PASSWORD });
    const client = new TestClient(t.app);
    await signInAsStudent(client, student.id);
    const dashboard = await client.get('/dashboard', { 'accept-encoding': 'br' });
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.headers['content-encoding']).toBe('br');
    expect(dashboard.headers.vary).toContain('cookie');
    expect(dashboard.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(dashboard.rawPayload).toString()).toBe(dashboardPage);
    expect(dashboard.headers.link).toBe(
      `</api/config>; rel=preload; as=fetch; crossorigin=use-credentials, </api/student/${student.id}>; rel=preload; as=fetch; crossorigin=use-credentials`,
    );
    expect((await client.get('/dashboard?from=menu')).body).toBe(dashboardPage);
    // A screen of hers that makes no call as it opens comes without a Link header.
    const password = await client.get('/registration/change-password');
    expect(password.body).toBe(passwordPage);
    expect(password.headers.link).toBeUndefined();
    // A screen the build wrote no copy for gets the page, and no early calls.
    const attendance = await client.get('/attendance');
    expect(attendance.body).toBe(page);
    expect(attendance.headers.link).toBeUndefined();
  });

  it('sends a guardian her screen’s copy, with its calls, and a visitor the family’s sign-in', async () => {
    const guardian = await withGuardianSession(new TestClient(t.app), t.db, await createGuardian(t.db));
    const daughter = await guardian.get('/family/2026%20001');
    expect(daughter.body).toBe(daughterPage);
    expect(daughter.headers.link).toBe(
      '</api/guardian/children>; rel=preload; as=fetch; crossorigin=use-credentials, </api/guardian/consents>; rel=preload; as=fetch; crossorigin=use-credentials',
    );
    // Her own page's copy wins over a daughter named 'messages'; a path one segment longer is no screen of hers.
    expect((await guardian.get('/family/messages')).body).toBe(messagesPage);
    const details = await guardian.get('/family/2026001/details');
    expect(details.body).toBe(page);
    expect(details.headers.link).toBeUndefined();
    // The Link header never carries what the address wrote.
    const injected = await guardian.get('/family/a%3E%3B%20rel%3Dpreload');
    expect(injected.body).toBe(daughterPage);
    expect(injected.headers.link).toBe(daughter.headers.link);
    // Her pages are hers: a visitor gets the plain page there, and the family's sign-in its copy.
    expect((await get('/family/2026001')).body).toBe(page);
    const parents = await get('/parents');
    expect(parents.body).toBe(parentsPage);
    expect(parents.headers.link).toBeUndefined();
    // A signed-in student is no visitor: the family's sign-in is not her screen.
    const student = await createStudent(t.db, {}, { password: STUDENT_PASSWORD });
    const studentClient = new TestClient(t.app);
    await signInAsStudent(studentClient, student.id);
    expect((await studentClient.get('/parents')).body).toBe(page);
  });

  it('sends the page, with no one’s calls, to a visitor and to staff', async () => {
    const visitor = await get('/dashboard');
    expect(visitor.body).toBe(page);
    expect(visitor.headers.link).toBeUndefined();
    await createAdminUser(t.db, 'web-app-office');
    const staff = new TestClient(t.app);
    await signInAsAdmin(staff, 'web-app-office');
    const staffPage = await staff.get('/dashboard');
    expect(staffPage.body).toBe(page);
    expect(staffPage.headers.link).toBeUndefined();
  });

  it('sends the service worker from the root (so it may answer for every page), never cached, so a new version is found at once', async () => {
    const response = await get('/sw.js', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(serviceWorker);
  });

  it('sends the web app manifest with the school’s name and the built icons, never cached', async () => {
    const response = await get('/manifest.webmanifest');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toEqual({ ...manifest, name: "St. Brigid's Girls' College" });
  });

  it('lets workers come from the portal only (the PDF viewer’s and the service worker), and frames no blobs', async () => {
    const csp = String((await get('/registration/student-data')).headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self';");
    expect(csp).toMatch(/frame-src 'self';/);
  });

  it('answers /robots.txt with a robots file that keeps every search engine out, not the page', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toBe('User-agent: *\nDisallow: /\n');
    expect(response.body).not.toContain('<html');
  });

  it('answers unknown API calls with a JSON 404, not the page', async () => {
    const response = await get('/api/no-such-call', 'br');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found.' });
  });
});

describe('the installed app’s name', () => {
  it('is the school’s name, under the icon too when it is short enough to show whole', () => {
    expect(withSchoolName(manifest, "St. Brigid's Girls' College")).toMatchObject({ name: "St. Brigid's Girls' College", short_name: 'Portal' });
    expect(withSchoolName(manifest, 'Naparima')).toMatchObject({ name: 'Naparima', short_name: 'Naparima' });
  });
});

describe('choosing an encoding', () => {
  const both = { br: Buffer.from('b'), gzip: Buffer.from('g') };
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip;q=1.0, br;q=0', 'gzip'],
    ['BR', 'br'],
    ['*', 'br'],
    ['deflate', 'identity'],
    ['', 'identity'],
    [undefined, 'identity'],
  ])('answers %j with %s', (header, expected) => {
    expect(preferredEncoding(header, both)).toBe(expected);
  });

  it('falls back to what exists when the build wrote no brotli copy', () => {
    expect(preferredEncoding('br, gzip', { gzip: Buffer.from('g') })).toBe('gzip');
    expect(preferredEncoding('br', {})).toBe('identity');
  });
});
