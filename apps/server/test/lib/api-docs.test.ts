import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import { createStudent } from '../helpers/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Operation = { requestBody?: unknown; parameters?: unknown[]; responses: Record<string, { content?: Record<string, { schema?: unknown }> }> };
const openApiPath = (url: string) => url.replace(/:([a-zA-Z_]+)/g, '{$1}');

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document of every call, with the schemas of its request and its answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const document = response.json() as { openapi: string; paths: Record<string, Record<string, Operation>> };
    expect(document.openapi).toBe('3.1.0');

    const calls = t.app.routeTable.filter((route) => !route.webAppFile && !route.url.startsWith('/api/docs'));
    expect(calls.length).toBeGreaterThan(30);
    const problems: string[] = [];
    for (const route of calls) {
      const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      const name = `${route.method} ${route.url}`;
      if (!operation) {
        problems.push(`${name} is missing`);
        continue;
      }
      const success = Object.entries(operation.responses).filter(([code]) => code.startsWith('2'));
      if (success.length === 0) problems.push(`${name} has no success answer`);
      for (const [code, answer] of success)
        if (code !== '204' && !Object.values(answer.content ?? {}).some((body) => body.schema)) problems.push(`${name} ${code} has no schema`);
      for (const code of ['4XX', '5XX']) if (!operation.responses[code]?.content?.['application/json']?.schema) problems.push(`${name} has no ${code} schema`);
      if (['POST', 'PUT'].includes(route.method) && !operation.requestBody && route.url !== '/logout') problems.push(`${name} has no request body`);
    }
    expect(problems).toEqual([]);
    // SPEC §7's calls, spelled as the spec spells them.
    for (const path of [
      '/sanctum/csrf-cookie',
      '/api/login-student',
      '/api/user/{student_id}',
      '/api/admin-login',
      '/api/student-record/{id}',
      '/logout',
      '/api/student',
      '/api/students',
    ]) {
      expect(document.paths).toHaveProperty([path]);
    }
    expect(document.paths['/api/registration-form/{id}'].get.responses['200'].content).toHaveProperty(['application/pdf']);
  });

  it('holds no student data', async () => {
    const student = await createStudent(t.db, { first_name: 'Zenobia', last_name: 'Quashie-Ramkissoon' });
    const body = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).body;
    expect(body).not.toContain('Zenobia');
    expect(body).not.toContain('Quashie');
    expect(body).not.toContain(student.id);
  });
});

describe('/api/docs', () => {
  it('serves a page and its scripts from this origin under the app’s Content-Security-Policy', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toMatch(/unsafe-eval|https?:/);
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]);
    expect(sources.length).toBeGreaterThan(3);
    for (const source of sources) {
      expect(source.startsWith('/api/docs/static/')).toBe(true);
      const asset = await t.app.inject({ method: 'GET', url: source });
      expect(asset.statusCode).toBe(200);
      if (!source.endsWith('.html')) expect(asset.headers['cache-control']).toBe('public, max-age=3600');
    }
    expect(page.body).not.toMatch(/<script>[^<]/);
  });
});
