import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppDeps } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/core/config.ts';
import type { Db } from '../../src/db/database.ts';
import type { TestPgBouncer } from './pgbouncer.ts';
import { createTestDb } from './test-db.ts';

export type TestApp = { app: FastifyInstance; db: Db; config: Config; close(): Promise<void> };

/**
 * The real application on a fresh database and a temporary data folder; no network. `extraRoutes`
 * registers routes of a test's own beside the real ones (to see how the app treats them); the
 * last argument gives it a standby for the heavy reads (decision 073), or a PgBouncer to reach
 * its database through (decision 068).
 */
export async function buildTestApp(
  overrides: Partial<Config> = {},
  extraRoutes?: (app: FastifyInstance) => Promise<void>,
  { pooler, ...reads }: Pick<AppDeps, 'readDb' | 'readRouting'> & { pooler?: TestPgBouncer } = {},
): Promise<TestApp> {
  const { db, dialect, close: closeDb } = await createTestDb({ pooler });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
  const config: Config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), ...overrides };
  const app = await buildApp({ config, db, dialect, logger: false, extraRoutes, ...reads });
  await app.ready();
  return {
    app,
    db,
    config,
    async close() {
      await app.close();
      await closeDb();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A browser-like client: keeps cookies between calls and echoes the XSRF-TOKEN cookie in the
 * X-XSRF-TOKEN header, as the web app does.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();
  constructor(
    readonly app: FastifyInstance,
    readonly ip = '10.0.0.1',
  ) {}

  async request(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const xsrf = this.cookies.get('XSRF-TOKEN');
    const response = await this.app.inject({
      method,
      url,
      remoteAddress: this.ip,
      headers: {
        ...(this.cookies.size ? { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') } : {}),
        ...(xsrf && method !== 'GET' ? { 'x-xsrf-token': decodeURIComponent(xsrf) } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    for (const cookie of response.cookies as Array<{ name: string; value: string; maxAge?: number; expires?: Date }>) {
      const cleared = cookie.value === '' || (cookie.expires && cookie.expires.getTime() < Date.now()) || cookie.maxAge === 0;
      if (cleared) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  get = (url: string, headers?: Record<string, string>) => this.request('GET', url, undefined, headers);
  post = (url: string, body?: unknown, headers?: Record<string, string>) => this.request('POST', url, body ?? {}, headers);
  put = (url: string, body?: unknown, headers?: Record<string, string>) => this.request('PUT', url, body ?? {}, headers);
  patch = (url: string, body?: unknown, headers?: Record<string, string>) => this.request('PATCH', url, body ?? {}, headers);
  delete = (url: string, headers?: Record<string, string>) => this.request('DELETE', url, undefined, headers);

  /** Fetches the CSRF cookie, as the web app does before signing in. */
  async start(): Promise<this> {
    await this.get('/sanctum/csrf-cookie');
    return this;
  }
}

/**
 * Settings for a test of another sign-in limit: the school's budget of failed first sign-ins
 * (decision 058) is so large that it never answers first.
 */
export const schoolSignInBudgetAside: Partial<Config> = { firstSignInBudget: { minimum: 1_000_000, studentsPerFailure: 1 } };
