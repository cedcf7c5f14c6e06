// Sign-in under attack (decision 015), over real HTTP against the built portal: how many of a burst
// of parallel guesses at one account are checked, and how long a real sign-in takes during a burst
// of thousands of wrong guesses (20 addresses, 10 guesses in flight each). Every simulated client has its own address, given to the portal
// through X-Forwarded-For from a trusted proxy (TRUST_PROXY=127.0.0.1, decision 016).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BENCH_ADMIN_PASSWORD, startPortal } from './portal-process.ts';

type Answer = { status: number; ms: number };

/** A browser at an address of its own: cookies, the CSRF header and X-Forwarded-For. */
class Browser {
  private readonly cookies = new Map<string, string>();
  constructor(
    private readonly baseUrl: string,
    private readonly address: string,
  ) {}

  async send(method: string, url: string, body?: unknown): Promise<Answer & { body: string }> {
    const headers: Record<string, string> = { 'x-forwarded-for': `198.51.100.250, ${this.address}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (xsrf && method !== 'GET') headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    const started = performance.now();
    const response = await fetch(new URL(url, this.baseUrl), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair.indexOf('=');
      this.cookies.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
    }
    return { status: response.status, ms: performance.now() - started, body: text };
  }

  async start(): Promise<this> {
    await this.send('GET', '/sanctum/csrf-cookie');
    return this;
  }
}

/** A first visit and sign-in from a separate Node process, as another computer would make them: the sign-in's status and time. */
async function signInElsewhere(baseUrl: string, address: string, body: { student_id: string; password: string }): Promise<Answer> {
  const script = `
    const [baseUrl, address, body] = process.argv.slice(1);
    const headers = { 'x-forwarded-for': '198.51.100.250, ' + address };
    const first = await fetch(baseUrl + '/sanctum/csrf-cookie', { headers });
    const cookies = first.headers.getSetCookie().map((line) => line.split(';')[0]);
    const xsrf = decodeURIComponent(cookies.find((pair) => pair.startsWith('XSRF-TOKEN=')).slice('XSRF-TOKEN='.length));
    const started = performance.now();
    const answer = await fetch(baseUrl + '/api/login-student', {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', cookie: cookies.join('; '), 'x-xsrf-token': xsrf },
      body,
    });
    await answer.text();
    console.log(JSON.stringify({ status: answer.status, ms: performance.now() - started }));
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script, baseUrl, address, JSON.stringify(body)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise((resolve) => child.on('exit', resolve));
  return JSON.parse(output) as Answer;
}

const tally = (answers: Answer[]) =>
  Object.entries(answers.reduce<Record<number, number>>((counts, { status }) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {}))
    .map(([status, count]) => `${count}×${status}`)
    .join(', ');

export type SignInBurstFigures = {
  parallelGuesses: number;
  checked: number;
  guessAnswers: string;
  burstSize: number;
  burstAnswers: string;
  calmMs: number;
  duringBurstMs: number;
  duringBurstStatus: number;
};

export async function signInBurstFigures(): Promise<SignInBurstFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-sign-in-'));
  const portal = await startPortal(dataDir, undefined, { TRUST_PROXY: '127.0.0.1' });
  try {
    const admin = await new Browser(portal.url, '192.0.2.1').start();
    await admin.send('POST', '/api/admin-login', { name: 'admin', password: BENCH_ADMIN_PASSWORD });
    const students = JSON.parse((await admin.send('GET', '/api/students')).body) as Array<{ id: string; date_of_birth: string | null }>;
    const withDob = students.filter((student) => student.date_of_birth);
    const [target, calmUser, burstUser] = withDob;

    // 1. Parallel guesses at one date-of-birth account, each from its own address.
    const parallelGuesses = 300;
    const guessers = await Promise.all(
      Array.from({ length: parallelGuesses }, (_, index) => new Browser(portal.url, `10.1.${index >> 8}.${index & 255}`).start()),
    );
    const guesses = await Promise.all(
      guessers.map((browser, index) =>
        browser.send('POST', '/api/login-student', { student_id: target.id, password: `2013${String(index).padStart(4, '0')}` }),
      ),
    );

    // 2. A real first sign-in when calm, then another during a burst of wrong guesses from 20 addresses.
    const dobOf = (student: { date_of_birth: string | null }) => student.date_of_birth!.replaceAll('-', '');
    const calm = await (
      await new Browser(portal.url, '10.2.0.1').start()
    ).send('POST', '/api/login-student', { student_id: calmUser.id, password: dobOf(calmUser) });
    const attackers = await Promise.all(Array.from({ length: 20 }, (_, index) => new Browser(portal.url, `10.3.0.${index + 1}`).start()));
    // Each attacker address keeps 10 guesses in flight until the burst's 3000 are sent.
    const burstSize = 3000;
    let sent = 0;
    const burstAnswersSoFar: Answer[] = [];
    const burst = Promise.all(
      attackers.flatMap((attacker) =>
        Array.from({ length: 10 }, async () => {
          while (sent < burstSize) {
            const index = sent++;
            burstAnswersSoFar.push(
              await attacker.send('POST', '/api/login-student', { student_id: `9${String(index).padStart(7, '0')}`, password: `guess-${index}` }),
            );
          }
        }),
      ),
    ).then(() => burstAnswersSoFar);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    // The real student is on another computer: her sign-in is timed in a process of its own, so
    // the figure is the portal's and not the load generator's own backlog.
    const during = await signInElsewhere(portal.url, '10.4.0.1', { student_id: burstUser.id, password: dobOf(burstUser) });
    const burstAnswers = await burst;
    return {
      parallelGuesses,
      checked: guesses.filter((answer) => answer.status === 422).length,
      guessAnswers: tally(guesses),
      burstSize,
      burstAnswers: tally(burstAnswers),
      calmMs: calm.ms,
      duringBurstMs: during.ms,
      duringBurstStatus: during.status,
    };
  } finally {
    // Keep-alive connections can hold a stopping server open: it is given three seconds.
    await Promise.race([portal.stop(), new Promise((resolve) => setTimeout(resolve, 3000))]);
    if (portal.child.exitCode === null) portal.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
