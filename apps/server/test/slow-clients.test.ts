import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RawConnection } from './helpers/raw-http.ts';
import { createServerData, type ServerData } from './helpers/server-data.ts';
import { HttpClient, startServer, type RunningServer } from './helpers/server-process.ts';
import { testDialect } from './helpers/test-db.ts';
import { until } from './helpers/wait.ts';

const openOf = (connections: RawConnection[]) => connections.filter((connection) => connection.isOpen).length;

describe(`slow clients (${testDialect}): request and header time limits, and connections per address`, () => {
  let data: ServerData;
  let server: RunningServer;
  const limits = { REQUEST_TIMEOUT_SECONDS: '2', HEADERS_TIMEOUT_SECONDS: '1', CONNECTIONS_PER_ADDRESS: '20', TRUST_PROXY: '127.0.0.9' };
  beforeAll(async () => {
    data = await createServerData();
    server = await startServer({ ...data.settings, ...limits }, data.dir);
  });
  afterAll(async () => {
    server.child.kill('SIGTERM');
    await server.exited;
    await data.remove();
  });

  /** A visitor's session cookie and CSRF token, as a sign-in page holds them. */
  async function visitor() {
    const client = new HttpClient(server.url);
    await client.get('/sanctum/csrf-cookie');
    client.close();
    return {
      Cookie: [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      'X-XSRF-TOKEN': decodeURIComponent(client.cookies.get('XSRF-TOKEN')!),
    };
  }

  /** Opens connections from `from` that send a sign-in's headers and then its 900,000-byte body a byte at a time. */
  async function slowBodies(count: number, from: string, headers: Record<string, string>) {
    const connections = await Promise.all(Array.from({ length: count }, () => RawConnection.open(server.url, from)));
    const head = Object.entries({ ...headers, 'Content-Type': 'application/json', 'Content-Length': '900000' }).map(([name, value]) => `${name}: ${value}\r\n`);
    for (const connection of connections) connection.write(`POST /api/login-student HTTP/1.1\r\nHost: 127.0.0.1\r\n${head.join('')}\r\n{"student_id":"`);
    const drip = setInterval(() => connections.forEach((connection) => connection.isOpen && connection.write('1')), 200);
    return { connections, stop: () => clearInterval(drip) };
  }

  /** A plain request on a new connection from `from`: its status. */
  async function plainRequest(from: string): Promise<number> {
    const connection = await RawConnection.open(server.url, from);
    try {
      connection.send('GET', '/api/session');
      return (await connection.answer(5_000)).status;
    } finally {
      connection.close();
    }
  }

  /** The status of a plain request from `from`, asked again while the address's closed connections still count, up to `ms`. */
  async function servedWithin(from: string, ms: number): Promise<number | string> {
    const deadline = Date.now() + ms;
    for (;;) {
      try {
        return await plainRequest(from);
      } catch (error) {
        if (Date.now() > deadline) return String(error);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  }

  it('closes at once the connections one address opens past the cap, ends slow bodies at the time limit, and serves everyone else meanwhile', async () => {
    const headers = await visitor();
    const slow = await slowBodies(300, '127.0.0.1', headers);
    try {
      // The 280 over the cap are closed at once; the 20 under it stay until their time is up.
      expect(await until(() => openOf(slow.connections) <= 20, 3_000)).toBe(true);
      expect(openOf(slow.connections)).toBe(20);
      expect(await plainRequest('127.0.0.2')).toBe(200);

      expect(await until(() => openOf(slow.connections) === 0, 10_000)).toBe(true);
      expect(await plainRequest('127.0.0.1')).toBe(200);
    } finally {
      slow.stop();
      slow.connections.forEach((connection) => connection.close());
    }
  });

  it('answers a body that does not arrive in time with 408 and closes its connection', async () => {
    const slow = await slowBodies(1, '127.0.0.3', await visitor());
    try {
      const answer = await slow.connections[0].answer(8_000);
      expect(answer.status).toBe(408);
      await slow.connections[0].closed;
    } finally {
      slow.stop();
      slow.connections[0].close();
    }
  });

  it('closes connections whose headers do not arrive in time, and those that never send one', async () => {
    const trickling = await Promise.all(Array.from({ length: 10 }, () => RawConnection.open(server.url, '127.0.0.4')));
    const silent = await Promise.all(Array.from({ length: 10 }, () => RawConnection.open(server.url, '127.0.0.4')));
    const header = 'GET /api/session HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ' + 'a'.repeat(1000);
    let sent = 0;
    const drip = setInterval(() => trickling.forEach((connection) => connection.isOpen && connection.write(header[sent % header.length])), 100);
    const tick = setInterval(() => (sent += 1), 100);
    try {
      expect(await until(() => openOf([...trickling, ...silent]) === 0, 8_000)).toBe(true);
      // The server counts a connection gone when its own side has closed, a moment after the client sees it.
      expect(await servedWithin('127.0.0.4', 2_000)).toBe(200);
    } finally {
      clearInterval(drip);
      clearInterval(tick);
      [...trickling, ...silent].forEach((connection) => connection.close());
    }
  });

  it('never holds an address’s idle keep-alive connections against it: a new one closes the longest idle', async () => {
    const idle: RawConnection[] = [];
    const served = async () => {
      const connection = await RawConnection.open(server.url, '127.0.0.5');
      idle.push(connection);
      connection.send('GET', '/api/session');
      return (await connection.answer()).status;
    };
    try {
      for (let n = 0; n < 25; n += 1) expect(await served()).toBe(200);
      // The first five, idle longest, made room for the last five.
      expect(await until(() => openOf(idle) === 20, 2_000)).toBe(true);
      expect(idle.map((connection) => connection.isOpen)).toEqual([...Array(5).fill(false), ...Array(20).fill(true)]);
    } finally {
      idle.forEach((connection) => connection.close());
    }
  });

  it('does not cap the connections of a trusted proxy, through which every client comes', async () => {
    const slow = await slowBodies(40, '127.0.0.9', await visitor());
    try {
      // A request on a 41st connection answered: the server has met the 40 before it, and would
      // have closed at once any it capped.
      expect(await plainRequest('127.0.0.9')).toBe(200);
      expect(openOf(slow.connections)).toBe(40);
    } finally {
      slow.stop();
      slow.connections.forEach((connection) => connection.close());
    }
  });
});
