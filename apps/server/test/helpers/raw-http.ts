import net from 'node:net';

export type RawAnswer = { status: number; headers: Record<string, string>; body: string };

/**
 * One TCP connection spoken to in plain HTTP/1.1, so a test knows that its requests share one
 * keep-alive connection (or that the server closed it): what an agent's pool would hide.
 */
export class RawConnection {
  private buffered = Buffer.alloc(0);
  private waiting: (() => void) | undefined;
  /** Resolves when the server closes the connection (or it fails). */
  readonly closed: Promise<void>;
  private isClosed = false;

  private constructor(readonly socket: net.Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.buffered = Buffer.concat([this.buffered, chunk]);
      this.waiting?.();
    });
    this.closed = new Promise((resolve) => {
      const end = () => {
        this.isClosed = true;
        this.waiting?.();
        resolve();
      };
      socket.on('close', end);
      socket.on('error', end);
    });
  }

  /** Connects to `url`'s host and port, from `localAddress` when given (127.0.0.2 is another caller on loopback). */
  static async open(url: string, localAddress?: string): Promise<RawConnection> {
    const { hostname, port } = new URL(url);
    const socket = net.connect({ host: hostname, port: Number(port), ...(localAddress ? { localAddress } : {}) });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    return new RawConnection(socket);
  }

  get isOpen(): boolean {
    return !this.isClosed;
  }

  write(bytes: string | Buffer): void {
    this.socket.write(bytes);
  }

  /** Sends a request: the method, path, headers (Host and Content-Length are added) and body. */
  send(method: string, path: string, headers: Record<string, string> = {}, body: string | Buffer = ''): void {
    const bytes = typeof body === 'string' ? Buffer.from(body) : body;
    const lines = [`${method} ${path} HTTP/1.1`, 'Host: 127.0.0.1', ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
    if (bytes.length > 0 || method !== 'GET') lines.push(`Content-Length: ${bytes.length}`);
    this.write(Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`), bytes]));
  }

  /** The next answer on the connection (its body read by Content-Length); rejects when the connection closes first or `timeoutMs` passes. */
  async answer(timeoutMs = 10_000): Promise<RawAnswer> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const parsed = this.parse();
      if (parsed) return parsed;
      if (this.isClosed) throw new Error('the connection closed before an answer came');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no answer within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiting = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  private parse(): RawAnswer | undefined {
    const end = this.buffered.indexOf('\r\n\r\n');
    if (end < 0) return undefined;
    const [statusLine, ...headerLines] = this.buffered.subarray(0, end).toString('latin1').split('\r\n');
    const headers = Object.fromEntries(
      headerLines.map((line) => [line.slice(0, line.indexOf(':')).trim().toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
    );
    const length = Number(headers['content-length'] ?? 0);
    if (this.buffered.length < end + 4 + length) return undefined;
    const body = this.buffered.subarray(end + 4, end + 4 + length).toString();
    this.buffered = this.buffered.subarray(end + 4 + length);
    return { status: Number(statusLine.split(' ')[1]), headers, body };
  }

  close(): void {
    this.socket.destroy();
  }
}
