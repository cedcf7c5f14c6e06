import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const mainFile = path.join(repoRoot, 'apps/server/src/main.ts');
const cliFolder = path.join(repoRoot, 'apps/server/src/cli');
const tsxLoader = import.meta.resolve('tsx');

/**
 * The settings a spawned server or command starts from: only these, never the test runner's own
 * environment. Staff need no second factor, as with the demo school, unless a test asks for
 * STAFF_MFA=required: its staff would otherwise have to enrol one before any other call.
 */
export function baseEnvironment(settings: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    LOG_LEVEL: 'warn',
    SEED_DEMO: '0',
    STAFF_MFA: 'optional',
    HOST: '127.0.0.1',
    PORT: '0',
    ...settings,
  };
}

export type Exit = { code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string };

/** A spawned process with its output collected, and its exit as a promise. */
export type Spawned = { child: ChildProcess; stdout: () => string; stderr: () => string; exited: Promise<Exit> };

/** Processes still running, ended when the test process ends (a failed test must not leave a server behind). */
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * `ownGroup`: the process leads a process group of its own (as `npm start` under a service manager
 * does), so that a test can signal the whole group, `process.kill(-pid, …)`, without signalling itself.
 */
export function spawnNode(args: string[], env: NodeJS.ProcessEnv, cwd: string, { ownGroup = false }: { ownGroup?: boolean } = {}): Spawned {
  const child = spawn(process.execPath, ['--import', tsxLoader, ...args], { env, cwd, stdio: ['ignore', 'pipe', 'pipe'], detached: ownGroup });
  running.add(child);
  child.on('exit', () => running.delete(child));
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<Exit>((resolve) => child.on('exit', (code, signal) => setImmediate(() => resolve({ code, signal, stdout, stderr }))));
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

/** Runs the server (apps/server/src/main.ts) with these settings, from `cwd` (where a .env would be read). */
export function spawnServer(settings: Record<string, string>, cwd: string, options: { ownGroup?: boolean } = {}): Spawned {
  return spawnNode([mainFile], baseEnvironment(settings), cwd, options);
}

/** Runs a command-line tool (apps/server/src/cli/NAME.ts) to its end. */
export function runCli(name: string, args: string[], settings: Record<string, string>, cwd: string): Promise<Exit> {
  return spawnNode([path.join(cliFolder, `${name}.ts`), ...args], baseEnvironment(settings), cwd).exited;
}

export type RunningServer = Spawned & { url: string };

/** Starts the server and waits for its "running at" line; fails with its output if it exits first. */
export async function startServer(settings: Record<string, string>, cwd: string, options: { ownGroup?: boolean } = {}): Promise<RunningServer> {
  const server = spawnServer(settings, cwd, options);
  const url = await new Promise<string>((resolve, reject) => {
    const check = () => {
      const match = /running at (http:\/\/\S+)/.exec(server.stdout());
      if (match) {
        clearInterval(timer);
        resolve(match[1].replace('localhost', '127.0.0.1'));
      }
    };
    const timer = setInterval(check, 50);
    void server.exited.then((exit) => {
      clearInterval(timer);
      reject(new Error(`the server exited (${exit.code}) before listening:\n${exit.stdout}\n${exit.stderr}`));
    });
  });
  return { ...server, url };
}

/** Stops every server still running (SIGTERM, as a service manager does) and waits for each to exit; empties the list. */
export async function stopServers(servers: Spawned[]): Promise<void> {
  for (const server of servers.splice(0)) {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
    await server.exited;
  }
}

export type HttpAnswer = { status: number; body: string; headers: http.IncomingHttpHeaders; json: <T = Record<string, unknown>>() => T };

/**
 * A browser-like client over real HTTP with keep-alive connections: keeps cookies and echoes the
 * XSRF-TOKEN cookie in X-XSRF-TOKEN, as the web app does.
 */
export class HttpClient {
  readonly cookies = new Map<string, string>();
  readonly agent: http.Agent;
  constructor(
    readonly baseUrl: string,
    connections = 4,
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  }

  /** A JSON body, or raw bytes sent with the headers given (a multipart upload). */
  request(method: string, url: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<HttpAnswer> {
    const raw = Buffer.isBuffer(body);
    const payload = body === undefined ? undefined : raw ? body : JSON.stringify(body);
    const xsrf = this.cookies.get('XSRF-TOKEN');
    const headers: Record<string, string> = { ...extraHeaders };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (xsrf && method !== 'GET') headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    if (payload !== undefined && !raw) headers['content-type'] = 'application/json';
    return new Promise((resolve, reject) => {
      const request = http.request(new URL(url, this.baseUrl), { method, headers, agent: this.agent }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          for (const cookie of response.headers['set-cookie'] ?? []) {
            const [pair] = cookie.split(';');
            const [name, ...value] = pair.split('=');
            if (/max-age=0|expires=thu, 01 jan 1970/i.test(cookie)) this.cookies.delete(name);
            else this.cookies.set(name, value.join('='));
          }
          const text = Buffer.concat(chunks).toString();
          resolve({ status: response.statusCode ?? 0, body: text, headers: response.headers, json: <T>() => JSON.parse(text) as T });
        });
      });
      request.on('error', reject);
      request.end(payload);
    });
  }

  get = (url: string) => this.request('GET', url);
  post = (url: string, body: unknown = {}) => this.request('POST', url, body);

  async signInAsAdmin(name: string, password: string): Promise<void> {
    await this.get('/sanctum/csrf-cookie');
    const answer = await this.post('/api/admin-login', { name, password });
    if (answer.status !== 200) throw new Error(`admin sign-in failed: ${answer.status} ${answer.body}`);
  }

  close(): void {
    this.agent.destroy();
  }
}
