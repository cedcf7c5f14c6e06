import http from 'node:http';

/** A small keep-alive HTTP client with a cookie jar and the CSRF header, for load on loopback. */
export class BenchClient {
  private readonly cookies = new Map<string, string>();
  private static readonly agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

  constructor(readonly baseUrl: string) {}

  request(method: string, path: string, body?: unknown): Promise<{ status: number; body: string; ms: number }> {
    return body === undefined ? this.raw(method, path) : this.raw(method, path, Buffer.from(JSON.stringify(body)), 'application/json');
  }

  /** Sends bytes as they are, with the given content type. */
  raw(method: string, path: string, payload?: Buffer, contentType?: string): Promise<{ status: number; body: string; ms: number }> {
    const url = new URL(path, this.baseUrl);
    const headers: Record<string, string> = {};
    if (contentType) headers['content-type'] = contentType;
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (xsrf && method !== 'GET') headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const request = http.request(url, { method, headers, agent: BenchClient.agent, timeout: 30_000 }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          for (const line of response.headers['set-cookie'] ?? []) {
            const [pair] = line.split(';');
            const index = pair.indexOf('=');
            const name = pair.slice(0, index).trim();
            const value = pair.slice(index + 1).trim();
            if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
            else this.cookies.set(name, value);
          }
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - started });
        });
      });
      request.on('timeout', () => request.destroy(new Error('timed out')));
      request.on('error', reject);
      if (payload) request.write(payload);
      request.end();
    });
  }

  /** The cookies the server has set, as name and value: a browser given them is signed in as this client. */
  cookieList = () => [...this.cookies];

  /** A client of another address signed in as this one (its cookies copied): another server of the same portal. */
  at(baseUrl: string): BenchClient {
    const other = new BenchClient(baseUrl);
    for (const [name, value] of this.cookies) other.cookies.set(name, value);
    return other;
  }

  get = (path: string) => this.request('GET', path);
  post = (path: string, body: unknown = {}) => this.request('POST', path, body);
}

export function percentile(values: number[], p: number): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export const median = (values: number[]) => percentile(values, 50);

/** A multipart/form-data body: the fields, then one file, as a browser's form sends them. */
export function multipartBody(fields: Record<string, string>, file: { name: string; type: string; bytes: Buffer }) {
  const boundary = `----portal-bench-${Math.random().toString(16).slice(2)}`;
  const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  return {
    body: Buffer.concat([
      Buffer.from(parts.join('')),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
      file.bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
