import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { enterStopPhase } from '../../src/lib/http/closing-answers.ts';
import { ADMIN_PASSWORD, createAdminUser } from '../helpers/factories.ts';
import { RawConnection } from '../helpers/raw-http.ts';
import { serverFleet } from '../helpers/server-fleet.ts';
import { HttpClient, startServer } from '../helpers/server-process.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDialect } from '../helpers/test-db.ts';
import { waitUntil } from '../helpers/wait.ts';

/** How many rows `table` has. */
const rows = async (t: TestApp, table: 'sessions' | 'audit_log' | 'rate_limits') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('GET /api/health in the app', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('answers 200 ready to hundreds of checks at once, with no session, no audit row, no call count and nothing kept', async () => {
    t = await buildTestApp();
    const before = { sessions: await rows(t, 'sessions'), audit: await rows(t, 'audit_log') };
    const answers = await Promise.all(Array.from({ length: 300 }, () => t!.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.0.0.9' })));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ status: 'ready' });
      expect(answer.headers['set-cookie']).toBeUndefined();
      expect(answer.headers['cache-control']).toBe('no-store');
    }
    expect(await rows(t, 'sessions')).toBe(before.sessions);
    expect(await rows(t, 'audit_log')).toBe(before.audit);
    if (testDialect === 'postgres') expect(await rows(t, 'rate_limits')).toBe(0);
  });

  it('answers 503 draining once the server is stopping; once closing, any other call is answered 503 at once in the portal’s words', async () => {
    t = await buildTestApp();
    enterStopPhase(t.app, 'draining');
    const draining = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toEqual({ status: 'draining' });
    expect(draining.headers.connection).toBe('close');
    // Draining, every other call is still served.
    expect((await t.app.inject({ method: 'GET', url: '/api/houses' })).statusCode).toBe(200);

    enterStopPhase(t.app, 'closing');
    const closing = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(closing.statusCode).toBe(503);
    expect(closing.json()).toEqual({ status: 'draining' });
    const call = await t.app.inject({ method: 'GET', url: '/api/houses' });
    expect(call.statusCode).toBe(503);
    expect(call.json()).toEqual({ message: 'The portal is restarting — try again in a moment.' });
    expect(call.headers['retry-after']).toBe('1');
    expect(call.headers.connection).toBe('close');
  });

  it('is in the API document with its answer schema for 200 and 503', async () => {
    t = await buildTestApp();
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, { schema: unknown }> }> }>>;
      components: { schemas: Record<string, unknown> };
    };
    const operation = document.paths['/api/health'].get;
    for (const code of ['200', '503']) expect(operation.responses[code].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Health' });
    expect(document.components.schemas.Health).toMatchObject({ properties: { status: { enum: ['ready', 'draining'] } }, required: ['status'] });
  });
});

/** Asks for the health check on a new connection, as a load balancer does. */
async function healthOf(url: string): Promise<{ status: number; body: unknown }> {
  const answer = await fetch(`${url}/api/health`, { headers: { connection: 'close' } });
  return { status: answer.status, body: await answer.json() };
}

describe('GET /api/health of a running server', () => {
  const { servers, newData } = serverFleet();

  it('answers 200 ready; after SIGTERM 503 draining on new connections while a slow request under way still completes with its 200, then the server stops with code 0', async () => {
    const data = await newData();
    const seed = await data.open();
    await createAdminUser(seed);
    await seed.destroy();
    // A drain of a few seconds, as behind a load balancer; roomy for a busy machine.
    const server = await startServer({ ...data.settings, DRAIN_SECONDS: '5' }, data.dir);
    servers.push(server);
    expect(await healthOf(server.url)).toEqual({ status: 200, body: { status: 'ready' } });

    // A sign-in whose body is still arriving when the signal comes: a request under way.
    const browser = new HttpClient(server.url);
    await browser.get('/sanctum/csrf-cookie');
    const body = JSON.stringify({ name: 'registrar', password: ADMIN_PASSWORD });
    const slow = await RawConnection.open(server.url);
    const head = [
      'POST /api/admin-login HTTP/1.1',
      'Host: 127.0.0.1',
      'Content-Type: application/json',
      `Content-Length: ${Buffer.byteLength(body)}`,
      `Cookie: ${[...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ')}`,
      `X-XSRF-TOKEN: ${decodeURIComponent(browser.cookies.get('XSRF-TOKEN')!)}`,
    ].join('\r\n');
    slow.write(`${head}\r\n\r\n${body.slice(0, 10)}`);

    server.child.kill('SIGTERM');
    await waitUntil('the drain to begin', () => server.stdout().includes('SIGTERM: draining'));
    expect(await healthOf(server.url)).toEqual({ status: 503, body: { status: 'draining' } });
    // Draining, it still serves new requests: what a balancer sends before it has seen the check fail is not lost.
    expect((await fetch(`${server.url}/api/houses`)).status).toBe(200);
    expect(await healthOf(server.url)).toEqual({ status: 503, body: { status: 'draining' } });

    slow.write(body.slice(10));
    const signedIn = await slow.answer();
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.connection).toBe('close');
    browser.close();

    const exit = await server.exited;
    expect(exit.code).toBe(0);
    expect(exit.stdout).toMatch(/SIGTERM: draining for 5 s[^\n]*\n[\s\S]*SIGTERM: stopping; finishing the requests under way/);
    expect(exit.stdout).toMatch(/Stopped in \d+\.\d+ s\./);
  });

  it.skipIf(testDialect !== 'postgres')(
    'with WORKERS=2 each process answers for itself: one told to stop answers draining while the other answers ready',
    async () => {
      const data = await newData('postgres');
      const server = await startServer({ ...data.settings, WORKERS: '2', DRAIN_SECONDS: '6' }, data.dir);
      servers.push(server);
      const workers = fs
        .readdirSync('/proc')
        .filter((entry) => /^\d+$/.test(entry))
        .filter((entry) => {
          try {
            return Number(fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ').pop()!.split(' ')[1]) === server.child.pid;
          } catch {
            return false;
          }
        })
        .map(Number);
      expect(workers).toHaveLength(2);
      for (let check = 0; check < 6; check += 1) expect(await healthOf(server.url)).toEqual({ status: 200, body: { status: 'ready' } });

      process.kill(workers[0], 'SIGTERM');
      // The primary hands new connections to its workers in turn: both answers come, each of its own process.
      const seen = new Set<number>();
      await waitUntil('both answers', async () => {
        seen.add((await healthOf(server.url)).status);
        return seen.has(503) && seen.has(200);
      });
      expect([...seen].sort()).toEqual([200, 503]);
      server.child.kill('SIGTERM');
      expect((await server.exited).code).toBe(0);
    },
  );
});
