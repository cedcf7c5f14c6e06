import { errorResponses, messageSchema } from '@school/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../src/session/access.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

/** What a route lacks: its access, a success answer, or the error answers (decisions 003 and 014). */
function missingDeclarations(routes: RouteEntry[]): string[] {
  const problems: string[] = [];
  for (const route of routes) {
    if (route.webAppFile) continue;
    const name = `${route.method} ${route.url}`;
    if (!route.access) problems.push(`${name} declares no access`);
    // A call a browser is sent to (the school's sign-in, decision 076) succeeds with a redirect, 303.
    if (!route.responses.some((code) => /^(2(\d\d|xx)|303)$/.test(code))) problems.push(`${name} declares no success answer`);
    for (const code of ['4xx', '5xx']) if (!route.responses.includes(code)) problems.push(`${name} declares no ${code} answer`);
  }
  return problems;
}

describe('route declarations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('every registered route declares who may call it and the schema of each answer', () => {
    expect(t.app.routeTable.length).toBeGreaterThan(30);
    expect(missingDeclarations(t.app.routeTable)).toEqual([]);
  });

  it('names a route that lacks its access, its success answer or its error answers', () => {
    const table: RouteEntry[] = [
      { method: 'GET', url: '/api/complete', access: 'visitor', namesStudent: false, responses: ['200', '4xx', '5xx'], webAppFile: false },
      { method: 'GET', url: '/api/no-access', access: undefined, namesStudent: false, responses: ['200', '4xx', '5xx'], webAppFile: false },
      { method: 'GET', url: '/api/no-schema', access: 'staff', namesStudent: false, responses: [], webAppFile: false },
      { method: 'POST', url: '/api/errors-only', access: 'staff', namesStudent: false, responses: ['4xx', '5xx'], webAppFile: false },
      { method: 'GET', url: '/index.html', access: 'visitor', namesStudent: false, responses: [], webAppFile: true },
    ];
    expect(missingDeclarations(table)).toEqual([
      'GET /api/no-access declares no access',
      'GET /api/no-schema declares no success answer',
      'GET /api/no-schema declares no 4xx answer',
      'GET /api/no-schema declares no 5xx answer',
      'POST /api/errors-only declares no success answer',
    ]);
  });

  it('records the declarations of a route as it is registered', async () => {
    const other = await buildTestApp({}, async (app) => {
      app.get('/api/declared', { config: { access: 'staff' }, schema: { response: { 200: messageSchema, ...errorResponses } } }, async () => ({
        message: 'ok',
      }));
      app.get('/api/undeclared', async () => ({ message: 'ok' }));
    });
    try {
      const entry = (url: string) => other.app.routeTable.find((route) => route.url === url);
      expect(entry('/api/declared')).toMatchObject({ access: 'staff', responses: ['200', '4xx', '5xx'] });
      expect(missingDeclarations([entry('/api/undeclared')!])).toHaveLength(4);
    } finally {
      await other.close();
    }
  });
});

describe('answers follow their schemas', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({}, async (app) => {
      app.get('/api/leaky', { config: { access: 'visitor' }, schema: { response: { 200: messageSchema, ...errorResponses } } }, async () => ({
        message: 'shown',
        password_hash: 'never sent',
      }));
      app.get(
        '/api/broken',
        { config: { access: 'visitor' }, schema: { response: { 200: messageSchema, ...errorResponses } } },
        async () => ({ text: 'no message' }) as never,
      );
    });
  });
  afterAll(() => t.close());

  it('sends only the fields a schema lists', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/leaky' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'shown' });
  });

  it('answers 500 with the plain error shape when an answer does not fit its schema', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/broken' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Something went wrong on our side. Please try again.' });
  });

  it('sends an error with every field the error shape allows', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/login-student', payload: {} });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'CSRF token mismatch. Please reload the page and try again.' });
  });
});
